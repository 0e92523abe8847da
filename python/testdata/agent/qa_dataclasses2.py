from dataclasses import dataclass
@dataclass
class Item:
    name: str
try:
    print({Item("x")})
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
print(Item.__hash__ is None, Item("a") == Item("a"))
# ---
from dataclasses import dataclass, field, fields, MISSING, make_dataclass, asdict, astuple, replace
@dataclass
class C:
    a: int
    b: list = field(default_factory=list, metadata={"unit": "m"})
    c: str = "x"
    d: tuple = (1, 2)
print([(f.name, f.type.__name__ if isinstance(f.type, type) else f.type, f.default is MISSING, f.default_factory is not MISSING, dict(f.metadata)) for f in fields(C)])
print(C.c, C.d, hasattr(C, "b"), C.__match_args__)
print(asdict(C(1, [C(2)], d=(C(3), 4))), astuple(C(1)))
P = make_dataclass("P", [("x", int), ("y", int, field(default=0))])
print(P(1), P(1, 2) == P(1, 2), [f.name for f in fields(P)])
# ---
from dataclasses import dataclass, field, replace
@dataclass
class R:
    a: int
    b: int = field(init=False, default=5)
try:
    replace(R(1), b=3)
except ValueError as e:
    print(e)
print(repr(replace(R(1), a=9)).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass
@dataclass
class A:
    x: int
@dataclass
class B:
    x: int
print(A(1) == B(1), A(1) != B(1), A(1) == (1,))
@dataclass(order=True)
class O:
    x: int
try:
    O(1) < A(1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass, field
@dataclass(unsafe_hash=True)
class H:
    a: int
    b: list = field(default_factory=list, hash=False, compare=False)
print(hash(H(1)) == hash(H(1, [9])), len({H(1), H(1, [2]), H(2)}))
@dataclass(eq=False)
class I:
    a: int
print(I(1) == I(1), len({I(1), I(1)}))
# ---
from dataclasses import dataclass, field
@dataclass
class Base:
    tags: list = field(default_factory=list)
    def __post_init__(self):
        self.tags.append("base")
@dataclass
class Child(Base):
    name: str = "c"
    def __post_init__(self):
        super().__post_init__()
        self.tags.append(self.name)
print(Child().tags, Child(["t"], "n").tags)
# ---
from dataclasses import dataclass, field
@dataclass
class Opts:
    a: int
    b: int = field(default=2, kw_only=True)
    c: int = 3
print(Opts(1), Opts(1, 5, b=7)) if False else print(vars(Opts(1)), vars(Opts(1, 5, b=7)))
try:
    Opts(1, 2, 3)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from dataclasses import dataclass
@dataclass
class Node:
    val: int
    parent: "Node | None" = None
a = Node(1)
b = Node(2, a)
a.parent = b
try:
    print(repr(a).replace("__snippet__.<locals>.", ""))
except RecursionError:
    print("recursion")
# ---
from dataclasses import dataclass, asdict
from typing import Optional
import json
@dataclass
class Addr:
    city: str
    zip: Optional[str] = None
@dataclass
class User:
    id: int
    addrs: list
    meta: dict
    best: Optional[Addr] = None
u = User(1, [Addr("A"), Addr("B", "1")], {"k": Addr("C")}, Addr("D"))
d = asdict(u)
print(json.dumps(d, sort_keys=True), type(d["addrs"][0]).__name__, type(d["meta"]["k"]).__name__)
# ---
from dataclasses import dataclass, field
@dataclass(frozen=True)
class Point:
    x: float
    y: float
    def moved(self, dx=0, dy=0):
        return Point(self.x + dx, self.y + dy)
    @property
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
p = Point(3, 4)
q = p.moved(dx=1)
print(p.norm, q, p == Point(3.0, 4.0), {p: "a"}[Point(3, 4)], sorted([q, p], key=lambda t: t.x)[0] is p) if False else print(p.norm, (q.x, q.y), p == Point(3.0, 4.0), {p: "a"}[Point(3, 4)])
