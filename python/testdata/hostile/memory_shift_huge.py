x = 1 << 10 ** 10
# limit: memory
