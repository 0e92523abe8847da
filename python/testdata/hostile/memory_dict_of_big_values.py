d = {}
for i in range(10 ** 6):
    d[i] = 'x' * 10000
# limit: memory
