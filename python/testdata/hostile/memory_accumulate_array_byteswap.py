from array import array
keep = []
for _ in range(100):
    a = array('i', bytes(4 * 10 ** 6))
    a.byteswap()
    keep.append(a)
# limit: memory
