from collections import Counter
c = Counter("mississippi")
print(c, c.most_common(2), c["s"], c["z"], len(c), c.total())
# ---
from collections import Counter
c = Counter(["a", "b", "a"])
c.update(["b", "c"])
c.update({"a": 10})
print(c)
c.subtract({"a": 20, "d": 1})
print(c, +c, -c)
# ---
from collections import Counter
a, b = Counter(a=3, b=1), Counter(a=1, b=2, c=1)
print(a + b, a - b, a | b, a & b)
# ---
from collections import Counter
c = Counter(a=2, b=0, c=-1)
print(sorted(c.elements()), list(c), dict(c), c == Counter(a=2, b=0, c=-1), c == Counter(a=2))
# ---
from collections import Counter
words = "the cat and the hat and the bat".split()
top = Counter(words).most_common(3)
for w, n in top:
    print(w, n)
# ---
from collections import Counter
c = Counter()
for ch in "hello world":
    c[ch] += 1
del c[" "]
del c["nothing"]
print(c.most_common(), "x" in c, "l" in c)
# ---
from collections import Counter
c = Counter(a=1)
c += Counter(a=-5, b=2)
print(c, Counter(a=1, b=2) <= Counter(a=1, b=3), Counter(a=2) > Counter(a=1))
# ---
from collections import Counter
print(repr(Counter()), Counter("aab").keys(), list(Counter("aab").values()), Counter("aab").get("c", 0))
# ---
from collections import Counter
Counter.fromkeys("abc")
# raises: NotImplementedError: Counter.fromkeys() is undefined.  Use Counter(iterable) instead.
# ---
from collections import defaultdict
d = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    d[k].append(v)
print(d, dict(d), d["a"], len(d))
# ---
from collections import defaultdict
d = defaultdict(int)
for w in "a b c a b a".split():
    d[w] += 1
print(sorted(d.items(), key=lambda kv: -kv[1]), d.default_factory)
# ---
from collections import defaultdict
d = defaultdict(None, {"x": 1})
print(d, d.get("y"))
d["y"]
# raises: KeyError: 'y'
# ---
from collections import defaultdict
tree = lambda: defaultdict(tree)
t = tree()
t["a"]["b"]["c"] = 1
print(t["a"]["b"]["c"], "z" in t, list(t))
# ---
from collections import defaultdict
d = defaultdict(set)
d["k"].add(1)
d["k"].add(1)
e = d.copy()
e["j"].add(2)
print(d, e, d == {"k": {1}})
# ---
from collections import defaultdict
defaultdict(5)
# raises: TypeError: first argument must be callable or None
# ---
from collections import OrderedDict
o = OrderedDict()
o["b"] = 1
o["a"] = 2
o["c"] = 3
o.move_to_end("b")
print(o, list(o), o.popitem(), o.popitem(last=False), o)
# ---
from collections import OrderedDict
o = OrderedDict([("x", 1), ("y", 2)])
o.move_to_end("y", last=False)
print(o, o == OrderedDict([("y", 2), ("x", 1)]), o == OrderedDict([("x", 1), ("y", 2)]), o == {"x": 1, "y": 2})
# ---
from collections import OrderedDict
o = OrderedDict.fromkeys("abc", 0)
o.update(b=5)
print(o, o.get("b"), o.setdefault("d", 9), o.pop("a"), o, OrderedDict())
# ---
from collections import OrderedDict
OrderedDict().popitem()
# raises: KeyError: 'dictionary is empty'
# ---
from collections import deque
q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, q.pop(), q.popleft(), q, len(q), q[0], q[-1], 2 in q)
# ---
from collections import deque
q = deque(maxlen=3)
for i in range(6):
    q.append(i)
print(q, q.maxlen, list(q))
q.appendleft(-1)
print(q)
# ---
from collections import deque
q = deque(range(6))
q.rotate(2)
print(q)
q.rotate(-3)
print(q)
q.extend([9, 8])
q.extendleft([7, 6])
print(q, q.count(9), q.index(9))
# ---
from collections import deque
deque().pop()
# raises: IndexError: pop from an empty deque
# ---
from collections import deque
q = deque("abc")
q.remove("b")
q.reverse()
q[0] = "z"
print(q, q == deque("za"), q + deque("x"), q * 2, bool(deque()))
# ---
from collections import deque
window = deque(maxlen=3)
avgs = []
for x in [10, 20, 30, 40, 50]:
    window.append(x)
    avgs.append(sum(window) / len(window))
print(avgs)
# ---
from collections import deque
deque([1])[5]
# raises: IndexError: deque index out of range
# ---
from collections import namedtuple
Point = namedtuple("Point", ["x", "y"])
p = Point(1, 2)
print(p, p.x, p.y, p[0], p[1], len(p), list(p), p == (1, 2), Point._fields)
# ---
from collections import namedtuple
Point = namedtuple("Point", "x y z", defaults=[0, 0])
print(Point(1), Point(1, 2), Point(x=5, z=3), Point._field_defaults)
# ---
from collections import namedtuple
P = namedtuple("P", "x, y")
p = P(3, 4)
x, y = p
print(x + y, p._asdict(), p._replace(x=10), P._make([7, 8]), p.count(3), p.index(4))
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
p = P(1, 2)
p.x = 5
# raises: AttributeError: can't set attribute
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
P(1)
# raises: TypeError: P.__new__() missing 1 required positional argument: 'y'
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
P(1, 2, 3)
# raises: TypeError: P.__new__() takes 3 positional arguments but 4 were given
# ---
from collections import namedtuple
namedtuple("P", "x x")
# raises: ValueError: Encountered duplicate field name: 'x'
# ---
from collections import namedtuple
namedtuple("P", "x _y")
# raises: ValueError: Field names cannot start with an underscore: '_y'
# ---
from collections import namedtuple
namedtuple("P", "x class")
# raises: ValueError: Type names and field names cannot be a keyword: 'class'
# ---
from collections import namedtuple
P = namedtuple("P", "a class _b a", rename=True)
print(P._fields)
# ---
from collections import namedtuple
Emp = namedtuple("Emp", "name dept salary")
staff = [Emp("ada", "eng", 120), Emp("bob", "ops", 90), Emp("cy", "eng", 100)]
print(sorted(staff, key=lambda e: e.salary)[0].name, max(staff, key=lambda e: e.salary), sorted(staff)[-1])
print({e.name: e._asdict() for e in staff if e.dept == "eng"})
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
print(P(1, 2) < P(1, 3), P(2, 0) > P(1, 9), P(1, 2) + (3,), {P(1, 2): "a"}[P(1, 2)], P(1, 2)._replace())
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
P(1, 2)._replace(z=3)
# raises: ValueError: Got unexpected field names: ['z']
# ---
from collections import ChainMap
defaults = {"color": "red", "user": "guest"}
args = {"user": "ada"}
cm = ChainMap(args, defaults)
print(cm["user"], cm["color"], len(cm), sorted(cm), cm.get("missing", "-"), "color" in cm)
cm["color"] = "blue"
print(args, defaults, cm.maps[0])
# ---
from collections import ChainMap
c = ChainMap({"a": 1})
child = c.new_child({"b": 2})
print(child, child.parents, child["a"], dict(child))
# ---
from collections import ChainMap
c = ChainMap({}, {"a": 1})
del c["a"]
# raises: KeyError: "Key not found in the first mapping: 'a'"
# ---
import collections
print(collections.Counter("ab"), collections.deque([1]), collections.namedtuple("T", "a")(1), collections.OrderedDict(a=1))
# ---
import json
from collections import Counter, OrderedDict, defaultdict, namedtuple
P = namedtuple("P", "x y")
d = defaultdict(list)
d["k"].append(1)
print(json.dumps({"c": Counter("aab"), "o": OrderedDict(b=1, a=2), "d": d, "p": P(1, [2])}))
# ---
from collections import deque
graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"], "f": []}
seen, order, q = {"a"}, [], deque(["a"])
while q:
    node = q.popleft()
    order.append(node)
    for nxt in graph[node]:
        if nxt not in seen:
            seen.add(nxt)
            q.append(nxt)
print(order)
# ---
from collections import deque
q = deque(range(40))
for _ in range(30):
    q.popleft()
q.appendleft("x")
q.extendleft("yz")
print(q, len(q), q[0], q[-1], q[2], list(reversed(q))[:3])
m = deque("abc", maxlen=2)
m.appendleft("z")
print(m, deque([], maxlen=0), deque("ab") < deque("b"))
# ---
# An OrderedDict that holds itself (directly or through another) shows
# "..." there in its repr, as CPython's does, not a RecursionError.
import collections
od = collections.OrderedDict(); od['a'] = od; print(od)
od2 = collections.OrderedDict(b=od); od['c'] = od2; print(od, od2)
class S(collections.OrderedDict): pass
s = S(x=1); s['y'] = s; print(s)
print(collections.OrderedDict(), collections.OrderedDict(a=[1]))
l = [od]; print(l)
# ---
# A deque inside itself shows [...] there; a subclass shows its own name.
import collections
d = collections.deque([1]); d.append(d); print(repr(d), str(d))
class D(collections.deque): pass
e = D([1]); e.append(e); print(e)
f = collections.deque([1], maxlen=3); f.append(f); print(f)
l = []; g = collections.deque([l]); l.append(g); print(g, l)
print(collections.deque(), D(), D([1, 2], 5), [collections.deque([d])])
