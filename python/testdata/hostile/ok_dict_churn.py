d = {}
for i in range(100_000):
    d[i] = i
    if len(d) > 1000:
        d.clear()
print(len(d))
# completes
