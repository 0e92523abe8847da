t = tuple(range(10 ** 10))
# limit: memory
