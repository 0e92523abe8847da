from collections import Counter
c = Counter(["a", "b", "a", "c", "a", "b"])
print(c, c.most_common(), list(c.elements()))
# ---
from collections import Counter
a = Counter(x=3, y=1)
b = Counter(x=1, y=2, z=1)
print(a + b, a - b, a | b, a & b)
# ---
from collections import Counter
c = Counter("mississippi")
c.update("ss")
c.subtract({"i": 2})
print(sorted(c.items()), c.total())
# ---
from collections import Counter
statuses = [{"s": "ok"}, {"s": "err"}, {"s": "ok"}, {"s": "skip"}]
counts = Counter(r["s"] for r in statuses)
for status, n in counts.most_common():
    print(f"{status:<5} {n:>3} {'#' * n}")
# ---
from collections import defaultdict
d = defaultdict(int)
for w in "a b a c b a".split():
    d[w] += 1
print(d, dict(d), d["zz"], len(d))
# ---
from collections import defaultdict
graph = defaultdict(set)
for a, b in [(1, 2), (1, 3), (2, 3)]:
    graph[a].add(b)
    graph[b].add(a)
print({k: sorted(v) for k, v in sorted(graph.items())})
# ---
from collections import defaultdict
nested = defaultdict(lambda: defaultdict(int))
nested["x"]["y"] += 2
nested["x"]["z"] += 1
print({k: dict(v) for k, v in nested.items()})
# ---
from collections import OrderedDict
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od.move_to_end("b")
print(od, list(od), od.popitem(last=False))
# ---
from collections import namedtuple
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x + p.y, p._asdict(), p._replace(x=5))
# ---
from typing import NamedTuple
class Row(NamedTuple):
    name: str
    score: int = 0
r = Row("a")
print(r, r._fields, Row("b", 3) > r)
# ---
from collections import deque
q = deque([1, 2, 3], maxlen=3)
q.append(4)
q.appendleft(0)
print(q, q.popleft(), list(q))
# ---
from collections import ChainMap
defaults = {"color": "red", "size": 1}
overrides = {"size": 5}
cm = ChainMap(overrides, defaults)
print(cm["size"], cm["color"], dict(cm) == {"color": "red", "size": 5})
# ---
from itertools import groupby
data = [{"team": "core", "n": 1}, {"team": "web", "n": 2}, {"team": "core", "n": 3}]
data.sort(key=lambda r: r["team"])
for team, grp in groupby(data, key=lambda r: r["team"]):
    rows = list(grp)
    print(team, len(rows), sum(r["n"] for r in rows))
# ---
from itertools import groupby
print([(k, len(list(g))) for k, g in groupby("aaabccdd")])
# ---
from itertools import chain, islice, count
print(list(chain([1, 2], (3,), "ab")), list(islice(count(10, 5), 4)), list(chain.from_iterable([[1], [2, 3]])))
# ---
from itertools import product, combinations, permutations
print(list(product("ab", [1, 2])), list(combinations(range(4), 2))[:3], len(list(permutations("abc"))))
# ---
from itertools import accumulate, zip_longest, pairwise
print(list(accumulate([1, 2, 3, 4])), list(zip_longest("ab", "xyz", fillvalue="-")), list(pairwise([1, 2, 3])))
# ---
import itertools
def chunks(xs: list[int], n: int) -> list[list[int]]:
    return [xs[i:i + n] for i in range(0, len(xs), n)]
print(chunks(list(range(7)), 3), list(itertools.starmap(pow, [(2, 3), (3, 2)])))
# ---
from itertools import takewhile, dropwhile, filterfalse, cycle, repeat
print(list(takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(filterfalse(str.isdigit, "a1b2")), list(islice(cycle("ab"), 5)) if False else list(repeat("x", 3)))
# ---
from functools import reduce
import operator
print(reduce(operator.mul, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [[1], [2]], []))
# ---
from operator import itemgetter, attrgetter
rows = [{"n": "b", "v": 2}, {"n": "a", "v": 2}, {"n": "c", "v": 1}]
print(sorted(rows, key=itemgetter("v", "n")))
print(list(map(itemgetter("n"), rows)))
# ---
people = [("ada", 36, "core"), ("bob", 25, "web"), ("cy", 36, "ops")]
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(max(people, key=lambda p: p[1]), min(people, key=lambda p: (p[1], p[0])))
# ---
scores = {"ada": 91, "bob": 78, "cy": 91, "dee": 60}
ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
for rank, (name, s) in enumerate(ranked, 1):
    print(f"{rank}. {name:<4} {s}")
# ---
data = [3, 1, 4, 1, 5, 9, 2, 6]
print(sorted(data, reverse=True)[:3], sorted(set(data)), list(dict.fromkeys(data)))
# ---
items = [{"name": "a", "price": 10, "qty": 0}, {"name": "b", "price": 5, "qty": 3}]
in_stock = [i["name"] for i in items if i["qty"] > 0]
value = {i["name"]: i["price"] * i["qty"] for i in items}
print(in_stock, value, sum(value.values()))
# ---
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*matrix)], [x for row in matrix for x in row if x % 2])
# ---
keys = ["a", "b", "c"]
vals = [1, 2]
print(dict(zip(keys, vals)), list(zip(keys, vals, "xy")))
try:
    list(zip(keys, vals, strict=True))
except ValueError as e:
    print(e)
# ---
data = [5, 3, 8]
if (n := len(data)) > 2:
    print(f"list is long ({n} elements)")
print([y for x in data if (y := x * 2) > 6])
# ---
import re
lines = ["id=1", "junk", "id=22"]
ids = [int(m.group(1)) for l in lines if (m := re.match(r"id=(\d+)", l))]
ids
# ---
d = {"b": 2, "a": 1}
print(d | {"c": 3}, {**d, "a": 9}, d.get("z", 0), d.setdefault("e", []), d)
# ---
d = {"x": 1, "y": 2, "z": 3}
inv = {v: k for k, v in d.items()}
print(inv, {k: v for k, v in d.items() if v != 2}, list(d.keys())[::-1])
# ---
d = {"a": 1}
try:
    d["missing"]
except KeyError as e:
    print(f"KeyError: {e}", repr(e), e.args)
# ---
d = {"a": 1, "b": 2}
for k in list(d):
    if d[k] > 1:
        del d[k]
print(d, d.pop("a"), d.pop("zz", None), d)
# ---
try:
    d = {"a": 1}
    for k in d:
        d["b"] = 2
except RuntimeError as e:
    print(e)
# ---
s1 = {1, 2, 3}
s2 = {2, 3, 4}
print(sorted(s1 & s2), sorted(s1 | s2), sorted(s1 - s2), sorted(s1 ^ s2), s1 <= {1, 2, 3, 4})
# ---
nums = [4, 8, 15, 16, 23, 42]
print(any(n > 40 for n in nums), all(n > 0 for n in nums), sum(n for n in nums if n % 2 == 0))
# ---
lst = [1, 2, 3, 4, 5]
print(lst[::2], lst[-2:], lst[1:-1], list(reversed(lst)), lst.index(3), lst.count(9))
# ---
pairs = [("b", 2), ("a", 1)]
d = dict(pairs)
print(sorted(d), sorted(d.items(), key=lambda x: x[1]), list(enumerate("xy", 1)))
# ---
import heapq
tasks = [(3, "low"), (1, "high"), (2, "mid")]
heapq.heapify(tasks)
print(heapq.heappop(tasks), heapq.nlargest(2, [5, 1, 9, 3]), heapq.nsmallest(2, [5, 1, 9], key=lambda x: -x))
# ---
import bisect
grades = [60, 70, 80, 90]
print([("FDCBA"[bisect.bisect(grades, s)]) for s in [55, 70, 85, 99]])
