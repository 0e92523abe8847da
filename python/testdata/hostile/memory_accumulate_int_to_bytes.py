keep = []
for _ in range(100):
    keep.append((1).to_bytes(10 ** 7, "big"))
# limit: memory
