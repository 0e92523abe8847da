total = 0
for i in range(100):
    s = "x" * 1_000_000
    total += len(s)
print(total)
# completes
