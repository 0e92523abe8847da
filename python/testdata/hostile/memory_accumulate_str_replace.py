keep = []
s = "a" * 10 ** 4
for _ in range(100):
    keep.append(s.replace("a", "b" * 1000))
# limit: memory
