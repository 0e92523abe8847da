keep = []
b = bytes(4 * 10 ** 6)
for _ in range(100):
    keep.append(b.hex())
# limit: memory
