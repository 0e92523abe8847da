x = 10 ** (10 ** 10)
# limit: memory
