keep = []
for _ in range(100):
    keep.append("ab".ljust(10 ** 7))
# limit: memory
