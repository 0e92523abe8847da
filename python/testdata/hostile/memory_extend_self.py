l = list(range(1000))
while True:
    l.extend(l)
# limit: memory
