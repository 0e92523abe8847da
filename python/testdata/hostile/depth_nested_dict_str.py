d = {}
for i in range(100000):
    d = {'k': d}
s = str(d)
# limit: depth
