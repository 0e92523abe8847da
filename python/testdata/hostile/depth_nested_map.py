it = [1]
for i in range(200000):
    it = map(abs, it)
list(it)
# limit: depth
