# copy.copy/deepcopy of subclasses of dict, list, tuple: the subclass, its
# attributes and items (through its own __setitem__/append), as CPython's reduce.
import copy
from collections import namedtuple, OrderedDict, defaultdict, Counter
class Record(dict):
    def total(self):
        return sum(self.values())
class Tracked(dict):
    def __setitem__(self, k, v):
        print("set", k)
        super().__setitem__(k, v)
class Bag(list):
    def first(self):
        return self[0]
class Pair(tuple):
    def swap(self):
        return Pair((self[1], self[0]))
r = Record(a=1, b=[2])
r.note = "n"
c = copy.deepcopy(r)
s = copy.copy(r)
print(type(c).__name__, type(s).__name__, c.total() if False else sum(len(v) if isinstance(v, list) else v for v in c.values()), c == r, c["b"] is r["b"], s["b"] is r["b"], c.note, s.note)
t = Tracked(x=1)
print(type(copy.copy(t)).__name__, type(copy.deepcopy(t)).__name__)
b = Bag([[1], 2])
b.label = "L"
cb, db = copy.copy(b), copy.deepcopy(b)
print(type(cb).__name__, type(db).__name__, cb.first() is b[0], db.first() is b[0], db == b, db.label)
p = Pair((1, [2]))
cp, dp = copy.copy(p), copy.deepcopy(p)
print(type(cp).__name__, cp is p, type(dp).__name__, dp.swap(), dp[1] is p[1])
P = namedtuple("P", "x y")
q = P(1, [2])
print(copy.copy(q), copy.deepcopy(q), copy.copy(q) is q, copy.deepcopy(q).y is q.y)
od = OrderedDict(a=1); dd = defaultdict(list, a=[1]); cn = Counter("aab")
print(copy.copy(od), copy.deepcopy(dd), copy.deepcopy(dd)["a"] is dd["a"], copy.copy(cn))
class Cached(dict):
    def __copy__(self):
        return "custom"
    def __deepcopy__(self, memo):
        return "deep custom"
print(copy.copy(Cached()), copy.deepcopy(Cached()))
nested = {"r": r, "again": r}
dn = copy.deepcopy(nested)
print(dn["r"] is dn["again"], type(dn["r"]).__name__)
cyc = Bag(); cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(type(dc).__name__, dc[0] is dc)
