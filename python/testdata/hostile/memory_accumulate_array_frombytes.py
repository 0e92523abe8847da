from array import array
keep = []
b = bytes(8 * 10 ** 6)
for _ in range(100):
    a = array('d')
    a.frombytes(b)
    keep.append(a)
# limit: memory
