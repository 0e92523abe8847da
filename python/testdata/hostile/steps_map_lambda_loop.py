def forever():
    while True:
        yield 0
list(map(lambda x: [0 for _ in forever() if False], [1]))
# limit: steps
