def k(x):
    while True:
        pass
sorted([3, 1, 2], key=k)
# limit: steps
