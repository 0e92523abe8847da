import copy
# Exact lists, tuples and strs: deepcopy's native path charges every copy it makes.
data = [[i, str(i), (i, 1.5)] for i in range(150000)]
copies = []
while True:
    copies.append(copy.deepcopy(data))
# limit: memory
