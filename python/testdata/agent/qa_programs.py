globals()["QA_FLAG"] = "first"
def read_flag():
    return QA_FLAG
r = [read_flag()]
globals()["QA_FLAG"] = "second"
r.append(read_flag())
del globals()["QA_FLAG"]
try:
    read_flag()
except NameError as e:
    r.append(str(e))
print(r)
# ---
import types
class Bot:
    def __init__(self, name):
        self.name = name
    def greet(self):
        return f"I am {self.name}"
b = Bot("x")
def custom(self):
    return f"custom {self.name}"
b.greet = types.MethodType(custom, b)
print(b.greet(), Bot("y").greet(), type(b.greet).__name__)
# ---
import functools
@functools.singledispatch
def render(v):
    return f"obj:{v!r}"
@render.register
def _(v: int):
    return f"int:{v}"
@render.register(list)
def _(v):
    return "[" + ", ".join(render(x) for x in v) + "]"
@render.register(dict)
def _(v):
    return "{" + ", ".join(f"{k}={render(x)}" for k, x in v.items()) + "}"
print(render([1, "a", {"k": [2, None]}, True]))
# ---
import functools
class Cell:
    def __init__(self):
        self.v = None
    def set(self, v):
        self.v = v
        return self
    set_one = functools.partialmethod(set, 1)
print(Cell().set_one().v)
# ---
try:
    class S:
        __slots__ = ("x",)
        x = 5
except ValueError as e:
    print(e)
# ---
from dataclasses import dataclass, field, InitVar
@dataclass
class Acct:
    owner: str
    seed: InitVar[int] = 0
    balance: int = field(init=False, default=0)
    history: list = field(default_factory=list, repr=False, compare=False)
    def __post_init__(self, seed):
        self.balance = seed * 10
a = Acct("ada", 3)
print(a.balance, repr(a).replace("__snippet__.<locals>.", ""), a == Acct("ada", 3), a == "ada", hasattr(a, "seed"))
# ---
from dataclasses import dataclass
@dataclass
class Base:
    x: int = 0
try:
    @dataclass
    class Sub(Base):
        y: int
except TypeError as e:
    print(e)
@dataclass(frozen=True)
class F:
    a: int
try:
    @dataclass
    class G(F):
        b: int = 0
except TypeError as e:
    print(e)
# ---
rows = [{"v": 3}, {"v": "x"}, {"v": 1}]
try:
    rows.sort(key=lambda r: r["v"])
except TypeError as e:
    print(e)
print(rows)
# ---
import re
from collections import defaultdict
LOG = """2024-03-05 10:00:01 INFO  api request id=17 path=/users took=12ms
2024-03-05 10:00:02 WARN  api slow request id=18 path=/orders took=1500ms
2024-03-05 10:00:03 ERROR db  connection reset id=19
2024-03-05 10:00:04 INFO  api request id=20 path=/users took=8ms
garbage line
2024-03-05 10:00:05 ERROR api timeout id=21 path=/orders took=30000ms"""
pat = re.compile(r"^(?P<date>\S+) (?P<time>\S+) (?P<level>[A-Z]+)\s+(?P<comp>\w+)\s+(?P<msg>.*)$")
by_level = defaultdict(list)
timings = defaultdict(list)
bad = 0
for line in LOG.splitlines():
    m = pat.match(line)
    if not m:
        bad += 1
        continue
    by_level[m["level"]].append(m["msg"])
    kv = dict(re.findall(r"(\w+)=(\S+)", m["msg"]))
    if "took" in kv:
        timings[kv["path"]].append(int(kv["took"].removesuffix("ms")))
print({k: len(v) for k, v in by_level.items()}, bad)
for path, ts in sorted(timings.items()):
    print(f"{path:<8} n={len(ts)} avg={sum(ts) / len(ts):>9.1f}ms max={max(ts)}")
# ---
def render_table(rows, cols):
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in cols}
    head = "| " + " | ".join(c.ljust(widths[c]) for c in cols) + " |"
    sep = "|" + "|".join("-" * (widths[c] + 2) for c in cols) + "|"
    body = ["| " + " | ".join(str(r.get(c, "")).rjust(widths[c]) if isinstance(r.get(c), (int, float)) else str(r.get(c, "")).ljust(widths[c]) for c in cols) + " |" for r in rows]
    return "\n".join([head, sep, *body])
print(render_table([{"name": "ada", "score": 93.5, "rank": 1}, {"name": "bartholomew", "score": 7, "rank": 22}, {"name": "cy"}], ["name", "score", "rank"]))
# ---
class StateMachine:
    transitions = {
        "idle": {"start": "running"},
        "running": {"pause": "paused", "stop": "idle", "fail": "error"},
        "paused": {"resume": "running", "stop": "idle"},
        "error": {"reset": "idle"},
    }
    def __init__(self):
        self.state = "idle"
        self.history = []
    def fire(self, event):
        try:
            nxt = self.transitions[self.state][event]
        except KeyError:
            raise ValueError(f"bad event {event!r} in state {self.state!r}") from None
        self.history.append((self.state, event, nxt))
        self.state = nxt
        return self
sm = StateMachine()
sm.fire("start").fire("pause").fire("resume").fire("fail")
try:
    sm.fire("start")
except ValueError as e:
    print(e)
sm.fire("reset")
print(sm.state, len(sm.history), sm.history[-2:])
# ---
inventory = {"widget": {"qty": 5, "price": 2.5}, "gadget": {"qty": 0, "price": 10.0}, "doohickey": {"qty": 12, "price": 0.75}}
orders = [("widget", 3), ("gadget", 1), ("widget", 3), ("doohickey", 10), ("sprocket", 1)]
filled, rejected = [], []
for item, n in orders:
    stock = inventory.get(item)
    if stock is None:
        rejected.append((item, "unknown"))
    elif stock["qty"] < n:
        rejected.append((item, f"only {stock['qty']} left"))
    else:
        stock["qty"] -= n
        filled.append((item, n, round(n * stock["price"], 2)))
revenue = sum(t for *_, t in filled)
print(filled, rejected, f"revenue={revenue:.2f}", {k: v["qty"] for k, v in inventory.items()})
# ---
import json
payload = json.loads('{"data": {"items": [{"id": "a1", "attrs": {"size": "L", "tags": ["x", "y"]}, "price": "12.50"}, {"id": "b2", "attrs": {}, "price": null}, {"id": "c3", "attrs": {"size": "S"}, "price": "3"}]}, "meta": {"page": 1}}')
def flatten(obj, prefix=""):
    out = {}
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.update(flatten(v, f"{prefix}{k}."))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.update(flatten(v, f"{prefix}{i}."))
    else:
        out[prefix[:-1]] = obj
    return out
flat = [flatten(it) for it in payload["data"]["items"]]
print(flat)
prices = [float(it["price"]) for it in payload["data"]["items"] if it.get("price") is not None]
print(prices, f"{sum(prices) / len(prices):.3f}", sorted({k for f in flat for k in f}))
# ---
import time, random
def backoff(attempt, base=0.1, cap=2.0):
    return min(cap, base * 2 ** attempt)
print([backoff(i) for i in range(7)], [round(backoff(i, 0.3), 3) for i in range(4)])
# ---
from dataclasses import dataclass, field
from typing import Optional
@dataclass(order=True)
class Task:
    priority: int
    name: str = field(compare=False)
    deps: list = field(default_factory=list, compare=False)
    done: bool = field(default=False, compare=False)
tasks = {t.name: t for t in [Task(2, "build", ["fetch"]), Task(1, "fetch"), Task(3, "test", ["build"]), Task(1, "lint", ["fetch"]), Task(5, "ship", ["test", "lint"])]}
order = []
while len(order) < len(tasks):
    ready = sorted(t for t in tasks.values() if not t.done and all(tasks[d].done for d in t.deps))
    if not ready:
        raise RuntimeError("cycle")
    ready[0].done = True
    order.append(ready[0].name)
print(order)
# ---
def parse_duration(s):
    units = {"h": 3600, "m": 60, "s": 1, "ms": 0.001}
    import re
    total = 0
    for num, unit in re.findall(r"(\d+(?:\.\d+)?)(ms|h|m|s)", s):
        total += float(num) * units[unit]
    return total
for s in ["1h30m", "45s", "2m5.5s", "250ms", "1h1m1s1ms"]:
    t = parse_duration(s)
    h, rem = divmod(t, 3600)
    m, sec = divmod(rem, 60)
    print(f"{s:>10} = {t:>10.3f}s = {int(h):02d}:{int(m):02d}:{sec:06.3f}")
# ---
text = """# Title
Some *intro* text.

## Section A
- item one
- item **two**

## Section B
1. first
2. second
"""
import re
toc, counts = [], {"bullets": 0, "numbered": 0}
for line in text.splitlines():
    if m := re.match(r"^(#+)\s+(.*)", line):
        toc.append("  " * (len(m[1]) - 1) + m[2])
    elif line.startswith("- "):
        counts["bullets"] += 1
    elif re.match(r"^\d+\.\s", line):
        counts["numbered"] += 1
plain = re.sub(r"\*\*?(.*?)\*\*?", r"\1", text)
print("\n".join(toc), counts, plain.count("*"), len(plain.split()))
# ---
class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
    @classmethod
    def identity(cls, n):
        return cls([[int(i == j) for j in range(n)] for i in range(n)])
    def __matmul__(self, o):
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in zip(*o.rows)] for r in self.rows])
    def __eq__(self, o):
        return self.rows == o.rows
    def __repr__(self):
        return "\n".join(" ".join(f"{x:>3}" for x in r) for r in self.rows)
m = Matrix([[1, 2], [3, 4]])
print(m @ m, (m @ Matrix.identity(2)) == m, sep="\n")
# ---
import itertools
def primes():
    found = []
    for n in itertools.count(2):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n
print(list(itertools.islice(primes(), 15)), sum(itertools.takewhile(lambda p: p < 1000, primes())))
