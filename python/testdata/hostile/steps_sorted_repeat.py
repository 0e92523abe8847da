x = list(range(100000, 0, -1))
while True:
    sorted(x)
# limit: steps
