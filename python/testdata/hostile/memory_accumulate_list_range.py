keep = []
for _ in range(100):
    keep.append(list(range(10 ** 6)))
# limit: memory
