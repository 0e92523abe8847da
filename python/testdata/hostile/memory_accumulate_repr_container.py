keep = []
l = [["x" * 100] * 1000] * 100
for _ in range(100):
    keep.append(repr(l))
# limit: memory
