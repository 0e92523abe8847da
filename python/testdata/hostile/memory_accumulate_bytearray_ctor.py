keep = []
for _ in range(100):
    keep.append(bytearray(10 ** 7))
# limit: memory
