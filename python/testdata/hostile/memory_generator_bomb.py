def g():
    while True:
        yield [0] * 10000
l = list(g())
# limit: memory
