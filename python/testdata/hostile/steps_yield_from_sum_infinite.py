# sum() draining a generator that delegates to an infinite one.
def forever():
    n = 0
    while True:
        n += 1
        yield n
def relay():
    yield from forever()
sum(relay())
# limit: steps
