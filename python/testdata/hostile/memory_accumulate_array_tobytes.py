from array import array
keep = []
a = array('q', range(10 ** 5))
for _ in range(1000):
    keep.append(a.tobytes())
# limit: memory
