keep = []
for _ in range(100):
    keep.append(bytes(10 ** 7))
# limit: memory
