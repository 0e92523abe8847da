d = {}
for i in range(200000):
    d = {'k': d}
s = str(d)
# limit: depth
