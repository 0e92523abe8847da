def k(x):
    return sorted([1, 2], key=k)
k(0)
# limit: depth
