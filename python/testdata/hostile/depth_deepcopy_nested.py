import copy
l = []
for i in range(100000):
    l = [l]
copy.deepcopy(l)
# limit: depth
