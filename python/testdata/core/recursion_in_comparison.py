# Comparing nested containers deeper than the recursion limit fails as
# CPython's C comparison does.
a, b = [], []
for _ in range(5000):
    a, b = [a], [b]
for f in [lambda: a == b, lambda: a < b, lambda: a != b]:
    try:
        f()
    except RecursionError as e:
        print(e)
# ---
x, y = (), ()
for _ in range(5000):
    x, y = (x, 1), (y, 1)
try:
    x == y
except RecursionError as e:
    print(e)
d1, d2 = {}, {}
for _ in range(5000):
    d1, d2 = {"k": d1}, {"k": d2}
try:
    d1 == d2
except RecursionError as e:
    print(e)
# ---
# The repr of nested containers deeper than the limit names the repr.
a, d = [], {}
for _ in range(5000):
    a, d = [a], {"k": d}
for f in [lambda: repr(a), lambda: str(a), lambda: repr(d), lambda: "{}".format(a), lambda: f"{d!r}", lambda: repr((a,))]:
    try:
        f()
    except RecursionError as e:
        print(e)
