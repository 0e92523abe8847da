def g(n):
    yield from g(n + 1)
next(g(0))
# limit: depth
