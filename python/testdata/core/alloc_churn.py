total = 0
for i in range(300):
    s = "x" * 1_000_000
    total += len(s)
print(total, len(s))
# ---
chunks = []
for page in range(200):
    data = [page] * 100_000
    chunks.append(sum(data))
print(len(chunks), chunks[-1])
# ---
acc = 0
for i in range(2000):
    d = {str(k): k for k in range(1000)}
    acc += len(d)
print(acc)
