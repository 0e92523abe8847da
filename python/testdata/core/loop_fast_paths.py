# Loop bodies run by the VM's fast loop (fastloop.go): each fast path must
# hand over to the general one exactly where CPython's result differs from
# the int64/float shortcut, and raise the general path's errors.
# Ints crossing int64 inside a loop become big ints.
x = 2**62
for _ in range(4):
    x = x + x
assert x == 2**66
y = -2**62
for _ in range(3):
    y -= 2**62
assert y == -2**64
z = 3
for _ in range(40):
    z *= 3
assert z == 3**41
m = 0
i = 0
while i < 100:
    m += i * i % 7 - (i // 3) + (i & 5) - (i | 2) + (i ^ 9)
    i += 1
assert m == sum(j * j % 7 - (j // 3) + (j & 5) - (j | 2) + (j ^ 9) for j in range(100)), m
# Negative floor division and modulo take the general path.
acc = []
for k in range(-5, 5):
    acc.append(k // -3)
    acc.append(k % -3)
    acc.append(k // 3)
    acc.append(k % 3)
assert acc == [1, -2, -2, 1, 1, -1, -2, 2, 1, 0, -1, 0, 0, -2, -1, 1, 0, -1, -1, 2, 0, 0, 0, 0, -1, -2, 0, 1, -1, -1, 0, 2, -1, 0, 1, 0, -2, -2, 1, 1], acc
# Floats, mixed ints and floats, bools.
f = 0.0
for k in range(10):
    f = f + 0.1
    f = f * 1.0 - 0.0
assert f == 0.9999999999999999, f
g = 1
for k in range(3):
    g = g + 0.5
assert g == 2.5 and type(g) is float
b = 0
for k in range(5):
    b = b + True
assert b == 5 and type(b) is int
# Comparisons and branches on ints and other types.
n = 0
for k in range(20):
    if k < 5 or k >= 15:
        n += 1
    if k == 7:
        n += 100
    if k != 3 and "a" < "b":
        n += 1000
assert n == 10 + 100 + 19000, n
# Subscripts: negative, out of range, tuples and dicts.
xs = [10, 20, 30]
ts = (1, 2, 3)
d = {"a": 1, "b": 2}
s = 0
for k in range(-3, 3):
    s += xs[k] + ts[k] + d["a"]
assert s == 2 * (60 + 6) + 6, s
try:
    for k in range(5):
        s += xs[k]
except IndexError as e:
    assert str(e) == "list index out of range"
else:
    raise AssertionError("no IndexError")
try:
    for k in "ab":
        s += d[k + "x"]
except KeyError as e:
    assert str(e) == "'ax'"
# A global rebound inside the loop body is seen by the next iteration.
total = 0
for k in range(6):
    total += k
    if k == 2:
        del total
        total = 100
assert total == 100 + 3 + 4 + 5
# An unbound local raised from inside a fast loop.
def unbound():
    for k in range(3):
        if k == 2:
            return v
        v = k
    return None
assert unbound() == 1
def unbound2():
    w = 0
    for k in range(3):
        if k == 1:
            del w
        w = w + 1
try:
    unbound2()
except UnboundLocalError as e:
    assert "'w'" in str(e), e
else:
    raise AssertionError("no UnboundLocalError")
# is / is not and truth of containers.
cnt = 0
for item in [None, 0, [], [1], "", "x", {}, {"k": 1}, 0.0, 2.5]:
    if item is None:
        cnt += 1
    if item is not None and item:
        cnt += 10
assert cnt == 1 + 40, cnt
