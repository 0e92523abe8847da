from dataclasses import dataclass, field, asdict, astuple, replace
@dataclass
class Item:
    name: str
    qty: int = 1
    tags: list = field(default_factory=list)
a = Item("x")
b = Item("y", 3, ["t"])
a.tags.append("new")
print(asdict(a), astuple(b), Item("z").tags, a == Item("x", 1, ["new"]), a != b)
# ---
from dataclasses import dataclass, FrozenInstanceError
@dataclass(frozen=True)
class Key:
    ns: str
    id: int
k = Key("users", 1)
print(hash(k) == hash(Key("users", 1)), {k: 1}[Key("users", 1)], k.ns)
try:
    k.id = 2
except FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))
# ---
from dataclasses import dataclass
@dataclass(order=True)
class Job:
    priority: int
    name: str = ""
jobs = [Job(3, "c"), Job(1, "z"), Job(1, "a"), Job(2)]
print([(j.priority, j.name) for j in sorted(jobs)], Job(1) < Job(1, "a"), max(jobs).name)
# ---
from dataclasses import dataclass, field
@dataclass
class Cfg:
    host: str = "localhost"
    port: int = 8080
    opts: dict = field(default_factory=dict)
    debug: bool = field(default=False, repr=False)
c = Cfg(port=9000, opts={"a": 1})
print(repr(c).replace("__snippet__.<locals>.", ""))
print(Cfg() == Cfg(), Cfg().opts is Cfg().opts)
# ---
from dataclasses import dataclass, field
@dataclass
class Order:
    items: list
    total: float = field(init=False)
    def __post_init__(self):
        self.total = round(sum(p * q for p, q in self.items), 2)
        if self.total < 0:
            raise ValueError("negative total")
o = Order([(2.5, 2), (0.1, 3)])
print(o.total)
try:
    Order([(-1, 1)])
except ValueError as e:
    print("rejected:", e)
# ---
from dataclasses import dataclass
@dataclass
class Base:
    id: int
    kind: str = "base"
@dataclass
class Child(Base):
    extra: str = ""
    kind: str = "child"
c = Child(1, extra="e")
print(c.id, c.kind, c.extra, repr(c).split("(", 1)[1])
# ---
from dataclasses import dataclass, fields, replace
@dataclass
class P:
    x: int
    y: int = 0
p = P(1, 2)
q = replace(p, y=5)
print([f.name for f in fields(P)], p, q) if False else print([f.name for f in fields(P)], (p.x, p.y), (q.x, q.y), p is q)
# ---
from dataclasses import dataclass
@dataclass
class Bad:
    x: list = []
# raises: ValueError: mutable default <class 'list'> for field x is not allowed: use default_factory
# ---
from dataclasses import dataclass
@dataclass
class A:
    x: int
    y: int = 2
try:
    A()
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass, field
@dataclass
class Node:
    name: str
    children: list["Node"] = field(default_factory=list)
    def add(self, *names):
        for n in names:
            self.children.append(Node(n))
        return self
    def count(self):
        return 1 + sum(c.count() for c in self.children)
root = Node("r").add("a", "b")
root.children[0].add("a1")
print(root.count(), [c.name for c in root.children])
# ---
from dataclasses import dataclass, asdict
import json
@dataclass
class Addr:
    city: str
    zip: str
@dataclass
class Person:
    name: str
    addr: Addr
    phones: list
p = Person("ada", Addr("London", "N1"), ["1", "2"])
print(json.dumps(asdict(p), sort_keys=True))
# ---
from dataclasses import dataclass
@dataclass(frozen=True, order=True)
class Sem:
    major: int
    minor: int = 0
    patch: int = 0
    @classmethod
    def parse(cls, s):
        return cls(*map(int, s.split(".")))
    def bump(self):
        return Sem(self.major, self.minor + 1)
vs = sorted({Sem.parse(s) for s in ["1.2.3", "1.2", "0.9.1", "1.2.3"]})
print([(v.major, v.minor, v.patch) for v in vs], vs[0].bump() > vs[0])
# ---
from dataclasses import dataclass
@dataclass
class S:
    a: int
    b: str = "x"
s = S(1)
s.a += 1
s.c = "dyn"
print(s.a, s.c, vars(s))
# ---
from dataclasses import dataclass, field
import itertools
counter = itertools.count(1)
@dataclass
class Ticket:
    title: str
    id: int = field(default_factory=lambda: next(counter))
ts = [Ticket("a"), Ticket("b"), Ticket("c", id=99), Ticket("d")]
print([(t.title, t.id) for t in ts])
# ---
from dataclasses import dataclass, field
@dataclass(eq=False)
class Conn:
    host: str
    retries: int = field(default=3, compare=False)
a, b = Conn("h"), Conn("h")
print(a == b, a == a, len({a, b}))
# ---
from dataclasses import dataclass, KW_ONLY
@dataclass
class Req:
    url: str
    _: KW_ONLY
    method: str = "GET"
    timeout: float = 5.0
r = Req("/x", method="POST")
print(r.url, r.method, r.timeout)
try:
    Req("/x", "POST")
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass, field
@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int
o = Opts(level=3)
print(o.verbose, o.level)
# ---
from dataclasses import dataclass, is_dataclass
@dataclass
class D:
    x: int = 0
print(is_dataclass(D), is_dataclass(D()), is_dataclass({}), D.__dataclass_fields__["x"].default)
# ---
from dataclasses import dataclass
from typing import Optional, ClassVar
@dataclass
class Stat:
    count: ClassVar[int] = 0
    name: str
    parent: Optional["Stat"] = None
    def __post_init__(self):
        Stat.count += 1
    @property
    def path(self):
        return (self.parent.path + "/" if self.parent else "") + self.name
a = Stat("a")
b = Stat("b", a)
c = Stat("c", parent=b)
print(c.path, Stat.count, "count" in Stat.__dataclass_fields__)
# ---
from dataclasses import dataclass, field
@dataclass(slots=True)
class Pt:
    x: float
    y: float = 0.0
    def dist2(self):
        return self.x ** 2 + self.y ** 2
p = Pt(3, 4)
print(p.dist2(), hasattr(p, "__dict__"))
try:
    p.z = 1
except AttributeError as e:
    print("no z", type(e).__name__)
# ---
from dataclasses import dataclass
@dataclass
class Money:
    amount: int
    currency: str = "EUR"
    def __add__(self, o):
        if o.currency != self.currency:
            raise ValueError(f"currency mismatch: {self.currency} vs {o.currency}")
        return Money(self.amount + o.amount, self.currency)
    def __str__(self):
        return f"{self.amount / 100:,.2f} {self.currency}"
print(str(Money(123456) + Money(1)), f"{Money(5)}")
try:
    Money(1) + Money(1, "USD")
except ValueError as e:
    print(e)
# ---
from dataclasses import dataclass, field, asdict
@dataclass
class Row:
    id: int
    meta: dict = field(default_factory=dict)
rows = [Row(i, {"sq": i * i}) for i in range(3)]
d = [asdict(r) for r in rows]
d[0]["meta"]["sq"] = -1
print(d, rows[0].meta)
# ---
from dataclasses import dataclass
@dataclass(frozen=True)
class F:
    v: int
f = F(1)
object.__setattr__(f, "v", 2)
print(f.v)
del f.v
# raises: FrozenInstanceError: cannot delete field 'v'
# ---
from dataclasses import dataclass
from enum import Enum
class Status(Enum):
    OPEN = "open"
    DONE = "done"
@dataclass
class Task:
    title: str
    status: Status = Status.OPEN
ts = [Task("a"), Task("b", Status.DONE), Task("c", Status("done"))]
print([(t.title, t.status.value) for t in ts if t.status is Status.DONE], Status.OPEN.name, list(Status))
