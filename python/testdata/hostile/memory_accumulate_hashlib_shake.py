import hashlib
keep = []
for _ in range(100):
    keep.append(hashlib.shake_256(b"x").digest(10 ** 7))
# limit: memory
