x = 2 ** 10 ** 9
# limit: memory
