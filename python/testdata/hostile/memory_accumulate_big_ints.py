keep = []
for i in range(1000):
    keep.append((1 << (1 << 22) - 1) + i)
# limit: memory
