import hashlib
h = hashlib.sha256()
for i in range(100):
    h.update(b"x" * 1_000_000)
print(h.hexdigest())
# completes
