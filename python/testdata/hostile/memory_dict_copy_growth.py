d = {i: i for i in range(1000)}
keep = []
while True:
    keep.append(dict(d))
# limit: memory
