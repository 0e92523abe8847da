keep = []
for _ in range(100):
    keep.append(dict.fromkeys(range(10 ** 5)))
# limit: memory
