x = []
for i in range(100000):
    x = [x]
s = repr(x)
# limit: depth
