sums = []
for page in range(200):
    data = [page] * 1000
    sums.append(sum(data))
print(len(sums))
# completes
