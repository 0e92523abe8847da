from dataclasses import dataclass, field
@dataclass
class Inner:
    v: int
@dataclass
class Outer:
    items: list[Inner] = field(default_factory=list)
    meta: dict[str, Inner] = field(default_factory=dict)
o = Outer([Inner(1)], {"k": Inner(2)})
print(repr(o).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass, asdict
import json
@dataclass
class A:
    x: int
    tags: tuple[str, ...] = ()
print(json.dumps(asdict(A(1, ("a", "b")))), asdict(A(2)))
# ---
from dataclasses import dataclass
@dataclass(eq=False)
class N:
    v: int
print(N(1) == N(1), N(1).v)
# ---
from dataclasses import dataclass, field
@dataclass
class C:
    x: int
    y: int = field(default=0, compare=False)
print(C(1, 2) == C(1, 3), hash(C) is not None)
# ---
from dataclasses import dataclass
@dataclass(frozen=True)
class K:
    a: str
    b: int
s = {K("x", 1), K("x", 1), K("y", 2)}
d = {K("x", 1): "found"}
print(len(s), d[K("x", 1)])
# ---
from dataclasses import dataclass, field
import dataclasses
@dataclass
class W:
    a: int
    b: str = "s"
print([(f.name, f.type if isinstance(f.type, str) else f.type.__name__, f.default is dataclasses.MISSING) for f in dataclasses.fields(W)])
# ---
class Base:
    def __init__(self, name: str):
        self.name = name
    def describe(self) -> str:
        return f"{type(self).__name__}({self.name})"
class Tool(Base):
    def __init__(self, name: str, cost: float):
        super().__init__(name)
        self.cost = cost
    def describe(self) -> str:
        return super().describe() + f" ${self.cost:.2f}"
print(Tool("grep", 0.5).describe(), Base("b").describe())
# ---
class Registry:
    _items: dict[str, int] = {}
    @classmethod
    def register(cls, name: str) -> None:
        cls._items[name] = len(cls._items)
    def __class_getitem__(cls, k):
        return cls._items[k]
Registry.register("a")
Registry.register("b")
print(Registry._items, Registry["b"])
# ---
class Vec:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
print(Vec(1, 2) + Vec(3, 4), 2 * Vec(1, 1), abs(Vec(3, 4)))
try:
    Vec(1, 2).z = 3
except AttributeError as e:
    print(e)
# ---
class Paginator:
    def __init__(self, items, size):
        self.items, self.size = items, size
    def __iter__(self):
        for i in range(0, len(self.items), self.size):
            yield self.items[i:i + self.size]
    def __len__(self):
        return -(-len(self.items) // self.size)
p = Paginator(list(range(7)), 3)
print(len(p), list(p), [len(x) for x in p])
# ---
class Ctx:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, et, ev, tb):
        print("exit", et.__name__ if et else None, ev)
        return True
with Ctx():
    raise ValueError("swallowed")
print("after")
# ---
from contextlib import contextmanager, suppress
@contextmanager
def section(title: str):
    print(f"== {title} ==")
    try:
        yield title.upper()
    finally:
        print(f"== end {title} ==")
with section("setup") as t:
    print("inside", t)
with suppress(KeyError):
    {}["x"]
print("suppressed ok")
# ---
from contextlib import asynccontextmanager
import asyncio
@asynccontextmanager
async def session(name):
    print("open", name)
    yield {"name": name}
    print("close", name)
async with session("db") as s:
    print(s["name"], await add(1, 1))
# ---
def make_counter():
    n = 0
    def inc(step: int = 1) -> int:
        nonlocal n
        n += step
        return n
    return inc
c = make_counter()
print(c(), c(5), c())
# ---
fns = [lambda x, i=i: x + i for i in range(3)]
late = [lambda x: x + i for i in range(3)]
print([f(10) for f in fns], [f(10) for f in late])
# ---
def tally(*args: int, sep: str = ",", **opts: bool) -> str:
    return sep.join(map(str, args)) + ("!" if opts.get("loud") else "")
print(tally(1, 2, 3), tally(sep="-"), tally(4, loud=True), tally(*range(3), **{"sep": "|"}))
# ---
def f(a, /, b, *, c=3):
    return a + b + c
print(f(1, 2), f(1, b=2, c=0))
try:
    f(a=1, b=2)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def default_mutable(x, acc=[]):
    acc.append(x)
    return acc
print(default_mutable(1), default_mutable(2))
# ---
first, *rest = [1, 2, 3, 4]
*init, last = "abc"
a, (b, c), d = 1, (2, 3), 4
print(first, rest, init, last, a, b, c, d)
# ---
x, y = 1, 2
x, y = y, x
t = (1,)
print(x, y, t, t * 3, (1, 2) + (3,), (1, 2) < (1, 3), [1, 2] == [1, 2.0])
# ---
i = 0
while True:
    i += 1
    if i % 2:
        continue
    if i > 6:
        break
else:
    print("never")
print(i)
for n in range(3):
    pass
else:
    print("loop finished", n)
# ---
def classify(n: int) -> str:
    return "neg" if n < 0 else "zero" if n == 0 else "small" if n < 10 else "big"
print([classify(n) for n in (-1, 0, 5, 50)], 5 if None else 6, None or "fallback", 0 or [] or "x", 1 and 2)
# ---
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0 == True, "a" < "b" < "c", None is None, [] is not [], 2 in {1: 0, 2: 0})
# ---
print(7 // 2, -7 // 2, 7 % -3, 2 ** 0.5, pow(2, 10, 1000), abs(-3.5), divmod(17, 5), 1_000_000, 0o17, 0xFF, 1e3)
# ---
print(sum([[1], [2]], []), sorted("bca"), list(map(str.upper, "ab")), list(filter(None, [0, 1, "", "a", None])), dict.fromkeys("ab", 0))
# ---
nested = {"a": {"b": {"c": 1}}}
path = "a.b.c"
cur = nested
for part in path.split("."):
    cur = cur[part]
print(cur)
from functools import reduce
print(reduce(lambda d, k: d.get(k, {}), "a.b.x".split("."), nested))
# ---
lst = [5, 2, 8]
lst.append(1)
lst.extend([9, 0])
lst.insert(0, 7)
lst.remove(8)
popped = lst.pop()
lst.sort()
print(lst, popped, lst[::-1], lst.copy() is lst, [0] * 3, [[0] * 2 for _ in range(2)])
# ---
s = set()
s.add(1)
s.update([2, 3])
s.discard(9)
s.remove(1)
print(sorted(s), 2 in s, len(s), s.issubset({2, 3, 4}), {1, 2}.isdisjoint({3}))
try:
    s.remove(42)
except KeyError as e:
    print("KeyError", e)
# ---
t = tuple(range(5))
print(t[1:3], t.index(3), t.count(1), sorted(t, reverse=True), tuple(reversed(t)), max(t), min(t))
# ---
gen = (x * x for x in range(5))
print(next(gen), sum(gen), list(gen))
print(list(zip(range(3), "abc")), list(enumerate(["x"], start=5)), list(range(10, 0, -3)), len(range(0, 100, 7)))
# ---
words = ["apple", "Banana", "cherry", "date"]
print({w[0].lower(): w for w in words}, {len(w) for w in words}, [w for w in words if "an" in w.lower()])
# ---
import string
counts = {c: 0 for c in "aeiou"}
for ch in "The quick brown fox jumps over the lazy dog".lower():
    if ch in counts:
        counts[ch] += 1
print(counts, sum(1 for c in "Hello World" if c in string.ascii_uppercase))
# ---
words = "to be or not to be that is".split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top)
# ---
def chunked(it, n):
    buf = []
    for x in it:
        buf.append(x)
        if len(buf) == n:
            yield buf
            buf = []
    if buf:
        yield buf
print(list(chunked(range(8), 3)))
# ---
def dedupe(items: list[dict], key: str) -> list[dict]:
    seen: set = set()
    out = []
    for it in items:
        if it[key] in seen:
            continue
        seen.add(it[key])
        out.append(it)
    return out
dedupe([{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 1, "v": "c"}], "id")
# ---
import json
from typing import Any
def diff(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return {
        "added": sorted(b.keys() - a.keys()),
        "removed": sorted(a.keys() - b.keys()),
        "changed": {k: [a[k], b[k]] for k in sorted(a.keys() & b.keys()) if a[k] != b[k]},
    }
print(json.dumps(diff({"x": 1, "y": 2, "z": 3}, {"y": 2, "z": 4, "w": 0}), indent=2))
# ---
tree = {"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "children": []}]}, {"name": "b", "children": []}]}
def render(node, prefix=""):
    lines = [prefix + node["name"]]
    for i, ch in enumerate(node["children"]):
        last = i == len(node["children"]) - 1
        lines += render(ch, prefix.replace("├── ", "│   ").replace("└── ", "    ") + ("└── " if last else "├── "))
    return lines
print("\n".join(render(tree)))
# ---
import re
from collections import Counter
text = "Error: x. error: y. WARNING: z. Error: x."
levels = Counter(m.lower() for m in re.findall(r"\b(error|warning)\b", text, re.I))
msgs = Counter(re.findall(r"(?i)error: (\w)", text))
print(levels, msgs.most_common())
# ---
import re
def parse_duration(s: str) -> int:
    units = {"h": 3600, "m": 60, "s": 1}
    return sum(int(n) * units[u] for n, u in re.findall(r"(\d+)([hms])", s))
print(parse_duration("1h30m"), parse_duration("45s"), parse_duration("2h5s"))
# ---
import re
semver = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(?:-([\w.]+))?$")
tags = ["v1.2.3", "1.10.0", "v1.2.10-rc.1", "bad", "v0.9.9"]
valid = [(t, tuple(int(x) for x in m.groups()[:3])) for t in tags if (m := semver.match(t))]
print(max(valid, key=lambda tv: tv[1])[0], sorted(t for t, _ in valid))
# ---
import re
md = "See [docs](https://a.io/docs) and [api](http://b.io/api?x=1)."
print(re.findall(r"\[([^\]]+)\]\(([^)]+)\)", md), re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", md))
# ---
import re
s = "CamelCaseString with HTTPServer"
print(re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", s))
# ---
import re
try:
    re.search(r"*bad", "x")
except re.error as e:
    print(e.msg if hasattr(e, "msg") else e, e.pos)
