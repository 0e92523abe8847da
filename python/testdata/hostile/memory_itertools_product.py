import itertools
list(itertools.product(range(100), repeat=6))
# limit: memory|steps
