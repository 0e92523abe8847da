b = bytes(10 ** 10)
# limit: memory
