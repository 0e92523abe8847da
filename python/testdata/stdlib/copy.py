import copy
a = [1, [2, 3], {"k": [4]}]
b = copy.copy(a)
c = copy.deepcopy(a)
b[1].append("shallow")
c[2]["k"].append("deep")
print(a, b, c, b[1] is a[1], c[1] is a[1])
# ---
import copy
d = {"a": {"b": [1]}, "t": (1, [2])}
e = copy.deepcopy(d)
e["a"]["b"].append(2)
e["t"][1].append(3)
print(d, e, copy.deepcopy((1, 2)) == (1, 2))
# ---
import copy
x = [1]
pair = [x, x]
dup = copy.deepcopy(pair)
print(dup[0] is dup[1], dup[0] is x)
# ---
import copy
a = [1]
a.append(a)
b = copy.deepcopy(a)
print(b[1] is b, b[0], len(b))
# ---
import copy
class Node:
    def __init__(self, v, children=None):
        self.v = v
        self.children = children or []
t = Node(1, [Node(2), Node(3)])
u = copy.deepcopy(t)
u.children[0].v = 20
s = copy.copy(t)
print(t.children[0].v, u.children[0].v, s.children is t.children, type(u).__name__, u.children[1].v)
# ---
import copy
class C:
    def __init__(self): self.log = []
    def __copy__(self):
        n = C()
        n.log = ["copied"] + self.log
        return n
    def __deepcopy__(self, memo):
        n = C()
        n.log = ["deep"]
        return n
c = C()
print(copy.copy(c).log, copy.deepcopy(c).log, copy.deepcopy([c])[0].log)
# ---
import copy
print(copy.copy(5), copy.copy("s"), copy.copy(None), copy.deepcopy({1, 2}), copy.copy(frozenset([1])), copy.deepcopy(range(3)))
# ---
import copy
s = {1, 2}
t = copy.copy(s)
t.add(3)
print(sorted(s), sorted(t))
# ---
import copy
from collections import Counter, deque, OrderedDict, defaultdict
c = Counter("aab")
c2 = copy.copy(c)
c2["z"] += 1
q = deque([1, [2]])
q2 = copy.deepcopy(q)
q2[1].append(3)
d = defaultdict(list, {"k": [1]})
d2 = copy.deepcopy(d)
d2["k"].append(2)
print(c, c2, q, q2, d, d2)
# ---
import copy
config = {"db": {"host": "x", "ports": [1, 2]}, "debug": False}
override = copy.deepcopy(config)
override["db"]["ports"][0] = 99
override["debug"] = True
print(config, override)
# ---
import copy
from datetime import datetime, timezone, timedelta
from enum import Enum
from collections import namedtuple
class C(Enum):
    A = 1
P = namedtuple("P", "x y")
obj = {"dt": datetime(2024, 1, 1, tzinfo=timezone.utc), "td": timedelta(1), "e": C.A, "p": P(1, [2])}
c = copy.deepcopy(obj)
print(c, c["e"] is C.A, c["p"] == obj["p"], c["p"][1] is obj["p"][1], timezone(timedelta(0)) is timezone.utc)
# ---
import copy
shared = [1, 2]
outer = [shared, shared, (shared,)]
c = copy.deepcopy(outer)
print(c, c[0] is c[1], c[2][0] is c[0], c[0] is shared)
loop = [1]
loop.append(loop)
d = copy.deepcopy(loop)
print(d[1] is d, d is not loop)
memo = {}
x = [shared]
y = copy.deepcopy(x, memo)
print(memo[id(x)] is y, memo[id(shared)] is y[0], copy.deepcopy(shared, memo) is y[0])
pre = {id(shared): "replacement"}
print(copy.deepcopy([shared, shared], pre))
t = (1, "a", (2, 3))
print(copy.deepcopy(t) is t, copy.deepcopy((1, [2])) == (1, [2]))
