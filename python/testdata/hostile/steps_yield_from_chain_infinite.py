# A chain of generators 450 deep, each delegating with yield from, over an
# infinite one: every item passes through every level of the chain.
def leaf():
    while True:
        yield 1
def chain(n):
    if n == 0:
        yield from leaf()
    else:
        yield from chain(n - 1)
for x in chain(450):
    pass
# limit: steps
