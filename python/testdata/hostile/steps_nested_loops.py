n = 0
for a in range(10 ** 6):
    for b in range(10 ** 6):
        n += 1
# limit: steps
