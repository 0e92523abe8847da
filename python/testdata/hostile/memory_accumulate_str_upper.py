keep = []
s = "a" * 10 ** 7
for _ in range(100):
    keep.append(s.upper())
# limit: memory
