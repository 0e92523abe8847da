keep = []
for _ in range(100):
    keep.append(f"{1:>{10 ** 7}}")
# limit: memory
