def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
# ---
class T:
    def d(self, n):
        return 0 if n == 0 else 1 + self.d(n - 1)
print(T().d(900))
# ---
class N:
    def __init__(self, child=None):
        self.child = child
    def __repr__(self):
        return f"N({self.child!r})" if self.child else "N()"
n = None
for _ in range(200):
    n = N(n)
print(len(repr(n)))
# ---
def nest(n):
    return [] if n == 0 else [nest(n - 1)]
x = nest(400)
import json
print(len(json.dumps(x)), len(str(x)), x == nest(400))
# ---
def g(n):
    if n:
        yield from g(n - 1)
    yield n
print(sum(g(400)))
# ---
import functools
@functools.lru_cache(maxsize=None)
def f(n):
    return 1 if n < 2 else f(n - 1) + f(n - 2)
print(f(450) % 1000)
# ---
def walk(d, depth=0):
    return max((walk(v, depth + 1) for v in d.values()), default=depth)
d = {}
cur = d
for i in range(300):
    cur["k"] = {}
    cur = cur["k"]
print(walk(d))
# ---
it = iter(range(5))
print(list(zip(it, range(2))), next(it))
it2 = iter(range(5))
print(list(zip(range(2), it2)), next(it2))
# ---
gens = [(x for _ in range(1)) for x in range(3)]
print([list(g) for g in gens], list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(filter(None, [0, 1, [], [0], "", "a"])))
print(max(1, 3, 3.0, key=lambda v: v), max([3, 3.0], key=int), min("b", "a", "A", key=str.lower), sorted(["b", "A", "a"], key=str.lower), list(reversed({"a": 1, "b": 2})), list(reversed({"a": 1}.items())))
# ---
lst = [1, 2, 3]
try:
    lst.remove(9)
except ValueError as e:
    print(e)
try:
    {}.pop("k")
except KeyError as e:
    print(repr(e))
s = {3, 1, 2}
print(s.pop(), 2 in {"a": 2}.values(), int("  7 "), [x for x in range(10)][slice(2, 8, 3)])
try:
    int("12abc")
except ValueError as e:
    print(e)
try:
    int("1e3")
except ValueError as e:
    print(e)
# ---
data = [5, 3, 5, 1]
print(sorted(data, key=lambda x: -x) == sorted(data, reverse=True), list(reversed(sorted([(1, "a"), (1, "b")], key=lambda t: t[0]))), sorted([(1, "a"), (1, "b")], key=lambda t: t[0], reverse=True))
# ---
class Node:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, Node) and self.v == o.v
    def __hash__(self):
        return hash(("Node", self.v))
seen = {Node(1), Node(1), Node(2)}
d = {Node(i % 3): i for i in range(10)}
print(len(seen), sorted(n.v for n in d), d[Node(0)], Node(5) in d)
# ---
class Key:
    calls = 0
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        Key.calls += 1
        return 7
    def __eq__(self, o):
        return self.v == o.v
d = {}
for i in range(20):
    d[Key(i % 5)] = i
print(len(d), [d[Key(i)] for i in range(5)])
# ---
print(isinstance(True, int), issubclass(bool, int), isinstance(1, (str, (int, float))), isinstance([], (list,)), type(True) is bool, bool.__mro__ if False else "", isinstance(None, type(None)), type(3) == int, type(3.0) in (int, float))
# ---
x = [[1, 2], [3]]
y = x[:]
y[0].append(9)
y.append([7])
import copy
z = copy.deepcopy(x)
z[0][0] = -1
print(x, y, z)
# ---
def fmt(n):
    for unit in ["B", "KB", "MB", "GB", "TB"]:
        if abs(n) < 1024:
            return f"{n:.1f}{unit}" if unit != "B" else f"{n}{unit}"
        n /= 1024
    return f"{n:.1f}PB"
print([fmt(n) for n in [0, 512, 1024, 1536, 10 ** 6, 10 ** 9, 5 * 10 ** 12, 10 ** 18, -2048]])
# ---
from datetime import datetime, timedelta, timezone, date
now = datetime(2024, 12, 31, 23, 59, 59, tzinfo=timezone.utc)
print(now + timedelta(seconds=1), (now + timedelta(days=60)).strftime("%b %d %Y"), now.replace(tzinfo=None) - datetime(2024, 1, 1), now.isocalendar().week, date(2024, 12, 30).isocalendar())
print(datetime.fromtimestamp(0, tz=timezone.utc), datetime.fromtimestamp(1700000000, timezone.utc).isoformat(), datetime(2024, 3, 10, 12).astimezone(timezone(timedelta(hours=5, minutes=30))), datetime.strptime("2024-02-29T13:45:00Z", "%Y-%m-%dT%H:%M:%S%z"))
# ---
from datetime import datetime, date, time as dtime
print(datetime.combine(date(2024, 1, 2), dtime(3, 4)), dtime(14, 30).strftime("%I:%M %p"), dtime(1, 2, 3, 4000).isoformat(), date(2024, 1, 31).replace(month=2, day=29), datetime(2024, 1, 1) == date(2024, 1, 1), date.min, datetime.max.year)
try:
    date(2024, 1, 31).replace(month=2)
except ValueError as e:
    print(e)
# ---
import datetime as dt
days = [dt.date(2024, 1, 1) + dt.timedelta(days=i) for i in range(0, 60, 7)]
print([d.strftime("%a %d/%m") for d in days][:4], sum((d.weekday() >= 5) for d in days), max(days) - min(days), sorted(days, reverse=True)[0])
