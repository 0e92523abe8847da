keep = []
for _ in range(100):
    keep.append(("\t" * 10 ** 3).expandtabs(10 ** 4))
# limit: memory
