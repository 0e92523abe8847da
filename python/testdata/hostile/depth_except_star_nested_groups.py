# A group nested far deeper than the depth limit, matched by except*: the
# split walks the nesting and must end with RecursionError, not a Go stack
# overflow.
g = ValueError("leaf")
for i in range(5000):
    g = ExceptionGroup("level", [g])
try:
    raise g
except* ValueError:
    pass
# limit: depth
