keep = []
for _ in range(100):
    keep.append(ValueError("x" * 10 ** 7))
# limit: memory
