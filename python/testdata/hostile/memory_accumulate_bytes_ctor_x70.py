keep = []
for _ in range(70):
    keep.append(bytes(10 ** 8))
# limit: memory
