keep = []
b = b"a" * 10 ** 4
for _ in range(100):
    keep.append(b.replace(b"a", b"x" * 1000))
# limit: memory
