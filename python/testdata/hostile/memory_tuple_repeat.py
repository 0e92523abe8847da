t = (1, 2) * 10 ** 9
# limit: memory
