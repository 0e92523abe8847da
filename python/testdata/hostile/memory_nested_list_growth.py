l = []
while True:
    l.append([0] * 10000)
# limit: memory
