s = set()
i = 0
while True:
    s.add(str(i) * 50)
    i += 1
# limit: memory|steps
