s = sorted(range(10 ** 10))
# limit: memory
