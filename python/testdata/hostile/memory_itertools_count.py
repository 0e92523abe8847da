import itertools
list(itertools.count())
# limit: memory|steps
