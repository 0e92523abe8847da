from array import array
keep = []
for _ in range(100):
    keep.append(array('d', [0.0]) * 10 ** 6)
# limit: memory
