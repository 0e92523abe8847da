def g():
    try:
        yield 1
    finally:
        while True:
            pass
it = g()
next(it)
it.close()
# limit: steps
