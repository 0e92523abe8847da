def g():
    while True:
        yield 1
for x in g():
    pass
# limit: steps
