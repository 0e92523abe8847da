import hashlib
h = hashlib.sha256()
while True:
    h.update(b"x" * 1000000)
# limit: steps
