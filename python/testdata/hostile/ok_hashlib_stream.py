import hashlib
h = hashlib.sha256()
for i in range(100):
    h.update(b"x" * 100_000)
print(h.hexdigest())
# completes
