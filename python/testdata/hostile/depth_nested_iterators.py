# Each iterator's next() asks the one inside it: Go recursion as deep as
# the nesting a loop builds.
m = iter([1, 2, 3])
for i in range(30000):
    m = map(abs, m)
next(m)
# limit: depth
# ---
m = iter([1, 2, 3])
for i in range(30000):
    m = filter(None, m)
next(m)
# limit: depth
# ---
m = iter([1, 2, 3])
for i in range(30000):
    m = zip(m)
next(m)
# limit: depth
# ---
m = iter([1, 2, 3])
for i in range(30000):
    m = enumerate(m)
next(m)
# limit: depth
# ---
import itertools
m = iter([1, 2, 3])
for i in range(30000):
    m = itertools.chain(m)
next(m)
# limit: depth
# ---
import itertools
m = iter([1, 2, 3])
for i in range(30000):
    m = itertools.islice(m, 5)
next(m)
# limit: depth
# ---
m = iter([1, 2, 3])
for i in range(30000):
    m = (x for x in m)
sum(m)
# limit: depth
