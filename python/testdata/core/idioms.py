if __name__ == "__main__":
    print("running as main", __name__)
# ---
x: int = 5
y: list[str] = ["a"]
z: dict
def f(a: int, b: "str" = "x", *args: int, **kw: float) -> tuple[int, str]:
    return a, b
print(x, y, f(1), f.__annotations__["a"].__name__, "z" in globals())
# ---
from typing import Optional, List, Dict, Any
def g(items: List[Dict[str, Any]], key: Optional[str] = None) -> int:
    return len(items) if key is None else sum(1 for i in items if key in i)
print(g([{"a": 1}, {}]), g([{"a": 1}, {}], "a"))
# ---
import math as m
from json import dumps as to_json, loads
print(m.floor(-2.5), to_json({"k": [1]}), loads("[true]"))
# ---
from math import *
print(floor(2.7), ceil(2.1), sqrt(16), pi > 3, gcd(12, 18), isqrt(17), prod([2, 3, 4]), comb(5, 2))
# ---
import functools
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(90), functools.reduce(lambda a, b: a * b, range(1, 6)), functools.reduce(max, [3, 9, 2], 0))
# ---
import functools
def logged(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@logged
def documented():
    """Doc of documented."""
    return 1
print(documented.__name__, documented.__doc__, documented())
# ---
from functools import partial
def power(base, exp):
    return base ** exp
square = partial(power, exp=2)
print(square(7), list(map(square, range(4))))
# ---
from collections import defaultdict, namedtuple, OrderedDict, deque
counts = defaultdict(int)
for ch in "banana":
    counts[ch] += 1
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
dq = deque([1, 2, 3], maxlen=3)
dq.append(4)
dq.appendleft(0)
print(dict(counts), p, p.x + p.y, p._asdict(), list(dq))
# ---
import itertools
print(list(itertools.islice(itertools.count(10, 5), 4)), list(itertools.chain([1], (2, 3))), list(itertools.chain.from_iterable([[1], [2]])))
rows = [("a", 1), ("a", 2), ("b", 3)]
print([(k, [v for _, v in g]) for k, g in itertools.groupby(rows, key=lambda r: r[0])])
print(list(itertools.combinations("abc", 2)), list(itertools.product([0, 1], repeat=2)), list(itertools.accumulate([1, 2, 3])))
# ---
import re
text = "Order 66 shipped on 2024-03-05; order 7 pending since 2024-02-28."
print(re.findall(r"\d{4}-\d{2}-\d{2}", text), re.sub(r"\d+", "#", "a1b22c333"), re.split(r"[;,]\s*", "a, b;c"))
m = re.search(r"(?i)order (\d+) (\w+)", text)
print(m.group(0), m.group(1), m.groups(), m.start(), m.span(2))
# ---
import re
pat = re.compile(r"(?P<key>\w+)=(?P<val>[^&]*)")
print([m.groupdict() for m in pat.finditer("a=1&b=two&c=")], pat.fullmatch("x=y") is not None, re.escape("a.b*c"))
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "me@host you@there"), re.match(r"\s*$", "   ") is not None)
# ---
import datetime as dt
d = dt.date(2024, 1, 31)
print(d + dt.timedelta(days=1), d.isoformat(), d.weekday(), (dt.date(2024, 3, 1) - d).days, d.strftime("%Y/%m/%d %a"))
t = dt.datetime(2024, 5, 6, 7, 8, 9)
print(t.isoformat(), t + dt.timedelta(hours=20), dt.datetime.strptime("2024-05-06 10:00", "%Y-%m-%d %H:%M"), dt.datetime.fromisoformat("2024-01-02T03:04:05"))
# ---
import statistics
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(statistics.mean(data), statistics.median(data), statistics.mode(data), statistics.pstdev(data), round(statistics.stdev(data), 6))
# ---
from dataclasses import dataclass, field, asdict
@dataclass
class Item:
    name: str
    qty: int = 0
    tags: list = field(default_factory=list)
a = Item("apple", 3)
b = Item("apple", 3)
print(a, a == b, asdict(a), Item("x").tags is not Item("y").tags)
# ---
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
print(Color.RED, Color.RED.name, Color.RED.value, Color(2), Color["GREEN"], Color.RED == Color.RED)
# ---
import string
print(string.ascii_lowercase[:5], string.digits, string.capwords("hello big world"), string.Template("$who likes $what").substitute(who="ada", what="go"))
# ---
import textwrap
print(textwrap.fill("The quick brown fox jumps over the lazy dog", width=15))
print(textwrap.dedent("    a\n      b\n    c"), textwrap.shorten("Hello  world, how are you", width=15))
# ---
import copy
orig = {"a": [1, {"b": 2}]}
shallow = copy.copy(orig)
deep = copy.deepcopy(orig)
orig["a"][1]["b"] = 99
print(shallow["a"][1]["b"], deep["a"][1]["b"])
# ---
import operator
rows = [{"n": "b", "v": 2}, {"n": "a", "v": 2}, {"n": "c", "v": 1}]
print(sorted(rows, key=operator.itemgetter("v", "n")), list(map(operator.attrgetter("real"), [1, 2.5])), operator.add(2, 3))
# ---
import heapq, bisect
h = [5, 1, 8, 3]
heapq.heapify(h)
print(heapq.heappop(h), heapq.nsmallest(2, [9, 4, 7, 1]), heapq.nlargest(2, "hello"))
s = [1, 3, 5]
bisect.insort(s, 4)
print(s, bisect.bisect_left(s, 3), bisect.bisect_right(s, 3))
# ---
import json
data = {"users": [{"id": 2, "name": "b"}, {"id": 1, "name": "a"}]}
data["users"].sort(key=lambda u: u["id"])
print(json.dumps(data, indent=2))
print(json.dumps({"x": float("inf")}) if False else json.dumps({"t": (1, 2), "n": None}))
# ---
import json
json.loads('{"a": 1,}')
# raises: JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 9 (char 8)
