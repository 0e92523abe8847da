x = []
for i in range(200000):
    x = [x]
s = repr(x)
# limit: depth
