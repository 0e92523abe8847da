it = [1]
for i in range(100000):
    it = map(abs, it)
list(it)
# limit: depth
