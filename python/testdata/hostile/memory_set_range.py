s = set(range(10 ** 10))
# limit: memory
