def forever():
    while True:
        yield 0
x = [0 for _ in forever()]
# limit: steps|memory
