# list.remove finds the same object whatever its __eq__ answers (as `in`,
# index and count do), and survives an __eq__ that shrinks the list.
class Never:
    def __eq__(self, other):
        return False
n = Never()
items = ["a", n, "b", n]
items.remove(n)
print(len(items), items.index(n), items.count(n), n in items)
nan = float("nan")
vals = [1.0, nan, 2.0]
vals.remove(nan)
print(vals)
class Shrinker:
    def __eq__(self, other):
        self.owner.pop()
        return False
s = Shrinker()
row = [s, 1, 2, 3]
s.owner = row
try:
    row.remove(99)
except ValueError as e:
    print(e, len(row))
# ---
# Equal ranges hash alike: CPython hashes (len, start, step), with None for
# what an empty or one-item range does not use.
print(hash(range(10)) == hash((10, 0, 1)), hash(range(4, 4)) == hash(range(0)))
print(hash(range(1, 2, 3)) == hash(range(1, 2)), hash(range(0, 9, 4)) == hash(range(0, 10, 4)))
print(hash(range(2**65, 2**65 + 6, 2)) == hash((3, 2**65, 2)), hash(range(2**65, 2**64)) == hash(range(0)))
seen = {}
for r in [range(0), range(3, 3), range(5, 1), range(1, 2, 7), range(1, 2)]:
    seen[r] = seen.get(r, 0) + 1
print(sorted(seen.values()), len(seen))
# ---
# range and dict have the ordering methods, answering NotImplemented.
print(range(3).__lt__(range(2)), range(1).__ge__(5), {}.__le__({}), {"a": 1}.__gt__({}))
for expr in (lambda: range(1) < range(2), lambda: {} >= {}):
    try:
        expr()
    except TypeError as e:
        print(e)
try:
    range(1).__lt__()
except TypeError as e:
    print(e)
# ---
# The builtin iterators answer __length_hint__ with what is left;
# operator.length_hint uses len(), then __length_hint__, then the default.
import operator
it = iter([10, 20, 30])
next(it)
print(it.__length_hint__(), iter((1,)).__length_hint__(), iter(range(0, 10, 3)).__length_hint__())
d = {"a": 1, "b": 2, "c": 3}
del d["a"]
it = iter(d.values())
print(it.__length_hint__(), next(it), it.__length_hint__())
it = iter(d)
d["z"] = 0
print(it.__length_hint__(), iter("añb").__length_hint__(), iter(b"xyz").__length_hint__())
it = iter({1, 2, 3})
next(it)
print(it.__length_hint__(), operator.length_hint(iter([1, 2])), operator.length_hint(x for x in "ab"))
class Hint:
    def __length_hint__(self):
        return 4
class Unknown:
    def __length_hint__(self):
        return NotImplemented
print(operator.length_hint(Hint()), operator.length_hint(Unknown(), 9), operator.length_hint(3, 1), operator.length_hint({1: 2}))
class Bad:
    def __length_hint__(self):
        return -2
for args in ((Bad(),), (Hint(), "x")):
    try:
        operator.length_hint(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
