# A group that lists the same sub-group 15 times, 8 levels deep, stands for
# 15**8 leaves in a few hundred bytes; except* (and split) rebuild every
# listing, as CPython does. The rebuilt groups are held only by the split
# in progress: they must be charged and found by the memory measurement
# (before: 900 MiB of heap under the 64 MiB limit before the step budget
# stopped it).
g = ValueError("leaf")
for i in range(8):
    g = ExceptionGroup("level %d" % i, [g] * 15)
try:
    raise g
except* ValueError:
    pass
# limit: memory
