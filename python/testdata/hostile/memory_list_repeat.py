l = [0] * 10 ** 9
# limit: memory
