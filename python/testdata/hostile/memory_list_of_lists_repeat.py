l = [[]] * 10 ** 10
# limit: memory
