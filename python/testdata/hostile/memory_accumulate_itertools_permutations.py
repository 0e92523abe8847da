import itertools
keep = []
for _ in range(100):
    keep.append(list(itertools.permutations(range(8))))
# limit: memory
