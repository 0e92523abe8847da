b = bytes(2 * 10 ** 5)
for _ in range(10):
    h = b.hex()
    s = "a" * 10 ** 7
    l = list(range(10 ** 4))
print(len(h) + len(s) + len(l))
# completes
