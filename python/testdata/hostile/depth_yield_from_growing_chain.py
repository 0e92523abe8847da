# Each item delegates one level deeper: the chain of yield from grows until
# the depth limit stops it.
def g(n):
    yield n
    yield from g(n + 1)
for x in g(0):
    pass
# limit: depth
