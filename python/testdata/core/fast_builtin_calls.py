# Operations the VM's fast loop (fastloop.go) makes below its loop, with the
# frame's state written back: calls of builtins and of classes that
# construct in Go, methods of builtin types, and the general paths of
# operators, subscripts, stores, unpacking, appends, slices, iterators and
# function objects. Each case checks CPython's values and errors inside loops,
# where the fast loop runs them.
words = ["alpha", "beta", "gamma", "delta"]
counts = {}
for i in range(200):
    w = words[(i * 7 + i // 3) % len(words)] + str(i % 5)
    counts[w] = counts.get(w, 0) + 1
assert sum(counts.values()) == 200
assert counts["alpha0"] == sum(1 for i in range(200) if (i * 7 + i // 3) % 4 == 0 and i % 5 == 0)
# Methods of builtin types and their results, in a function's loop.
def shape(lines):
    out = []
    fails = 0
    for line in lines:
        s = line.strip()
        key, _, rest = s.partition(":")
        value, status = [p.strip() for p in rest.split(";")]
        if status.endswith("FAIL"):
            fails += 1
        out.append(key.lower().replace("name", "n") + "=" + value.upper()[:4])
    return fails, ",".join(out)
raw = ["  Name%d: Value-%d ; status=%s  " % (i, i * 3, "ok" if i % 4 else "FAIL") for i in range(12)]
assert shape(raw) == (3, "n0=VALU,n1=VALU,n2=VALU,n3=VALU,n4=VALU,n5=VALU,n6=VALU,n7=VALU,n8=VALU,n9=VALU,n10=VALU,n11=VALU"), shape(raw)
# A builtin that raises inside the loop: the loop's handler gets the error,
# and the loop goes on.
seen = []
for s in ["1", "x", "3", ""]:
    try:
        seen.append(int(s))
    except ValueError as e:
        seen.append(str(e))
assert seen == [1, "invalid literal for int() with base 10: 'x'", 3, "invalid literal for int() with base 10: ''"], seen
# A method that raises, and one called with the wrong arguments.
seen = []
for d in [{"a": 1}, {}]:
    try:
        seen.append(d.pop("a"))
    except KeyError as e:
        seen.append(repr(e))
    try:
        d.get()
    except TypeError as e:
        seen.append(str(e))
assert seen == [1, "get expected at least 1 argument, got 0", "KeyError('a')", "get expected at least 1 argument, got 0"], seen
# The general paths of operators and stores: str + int, an unhashable key,
# a missing key, a bad index, a comparison of unorderable values, a truth
# test that raises.
class Falsy:
    def __bool__(self):
        raise RuntimeError("no truth")
errors = []
cases = [
    lambda: "a" + 1,
    lambda: {}.__setitem__([1], 2),
    lambda: {"k": 1}["missing"],
    lambda: [1, 2][5],
    lambda: "a" < 1,
]
for case in cases:
    try:
        case()
    except Exception as e:
        errors.append(type(e).__name__)
d = {}
for k in [[1], "ok"]:
    try:
        d[k] = 1
    except TypeError as e:
        errors.append(str(e))
for v in [Falsy()]:
    try:
        if v:
            errors.append("truthy")
    except RuntimeError as e:
        errors.append(str(e))
assert errors == ["TypeError", "TypeError", "KeyError", "IndexError", "TypeError", "unhashable type: 'list'", "no truth"], errors
assert d == {"ok": 1}
# Unpacking: tuples and lists of the right length in the loop, anything else
# through the general path with CPython's errors.
pairs = [(1, 2), [3, 4], "ab", iter((5, 6))]
got = []
for p in pairs:
    a, b = p
    got.append(a)
    got.append(b)
assert got == [1, 2, 3, 4, "a", "b", 5, 6], got
errors = []
for p in [(1, 2, 3), [1], 7]:
    try:
        a, b = p
    except (ValueError, TypeError) as e:
        errors.append(str(e))
assert errors == ["too many values to unpack (expected 2)", "not enough values to unpack (expected 2, got 1)", "cannot unpack non-iterable int object"], errors
# Builtins that call back into the snippet from the loop: sorted with a
# key, a class built by map over a function, a dunder of a user class.
def neg(x):
    return -x
class Num:
    def __init__(self, v):
        self.v = v
    def __add__(self, other):
        return Num(self.v + other)
    def __lt__(self, other):
        return self.v < other.v
acc = []
for n in range(3):
    acc.append(sorted([n, n + 1, n + 2], key=neg)[0])
    acc.append(list(map(neg, [n]))[0])
    acc.append((Num(n) + 10).v)
    acc.append(Num(n) < Num(n + 1))
assert acc == [2, 0, 10, True, 3, -1, 11, True, 4, -2, 12, True], acc
# locals() in a loop sees the loop's current values.
def snap():
    out = []
    for i in range(3):
        x = i * 10
        l = locals()
        out.append((l["i"], l["x"]))
    return out
assert snap() == [(0, 0), (1, 10), (2, 20)], snap()
# Slices, iterators and function objects made in the loop.
res = []
for i in range(4):
    s = "abcdefgh"[i:i + 3]
    res.append(s)
    res.append([c for c in s][::-1])
    res.append((lambda y: y * i)(2))
    for ch in s[:1]:
        res.append(ch)
assert res == ["abc", ["c", "b", "a"], 0, "a", "bcd", ["d", "c", "b"], 2, "b", "cde", ["e", "d", "c"], 4, "c", "def", ["f", "e", "d"], 6, "d"], res
# A loop whose builtin calls tick steps (a long join) keeps counting them.
big = ["x" * 100] * 100
total = 0
for i in range(20):
    total += len("".join(big))
assert total == 200000
