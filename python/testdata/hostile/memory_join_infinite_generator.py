def g():
    while True:
        yield 'xxxxxxxxxx'
''.join(g())
# limit: memory|steps
