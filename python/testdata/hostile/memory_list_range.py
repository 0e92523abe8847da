l = list(range(10 ** 10))
# limit: memory
