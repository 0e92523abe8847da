keep = []
s = "a " * 10 ** 6
for _ in range(100):
    keep.append(s.split())
# limit: memory
