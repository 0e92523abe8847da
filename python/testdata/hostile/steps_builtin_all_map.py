all(map(bool, range(1, 10 ** 18)))
# limit: steps
