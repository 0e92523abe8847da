import copy
# Nesting through dicts and tuples, copied natively: RecursionError, not a Go stack overflow.
x = None
for i in range(100000):
    x = {"k": (x, [i])}
copy.deepcopy(x)
# limit: depth
