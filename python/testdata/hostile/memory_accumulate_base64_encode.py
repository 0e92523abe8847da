import base64
keep = []
b = bytes(5 * 10 ** 6)
for _ in range(100):
    keep.append(base64.b64encode(b))
# limit: memory
