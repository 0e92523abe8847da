from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass
# Fields listed in an explicit __annotations__ dict (what class annotations compile to).
@dataclass
class Item:
    __annotations__ = {"name": str, "price": float, "tags": list}
    price = 0.0
    tags = field(default_factory=list)
a = Item("pen")
b = Item("ink", 2.5, ["x"])
print(a, b, a == Item("pen"), a != b, asdict(b), astuple(b), [f.name for f in fields(Item)], is_dataclass(a), is_dataclass(1))
# ---
from dataclasses import dataclass, replace
@dataclass(frozen=True)
class P:
    __annotations__ = {"x": int, "y": int}
p = P(1, 2)
q = replace(p, y=5)
print(p, q, hash(p) == hash(P(1, 2)), {p: 1}[P(1, 2)])
p.x = 3
# raises: FrozenInstanceError: cannot assign to field 'x'
# ---
from dataclasses import dataclass
@dataclass(order=True)
class V:
    __annotations__ = {"major": int, "minor": int}
vs = [V(1, 2), V(0, 9), V(1, 0)]
print(sorted(vs), V(1, 0) < V(1, 1), max(vs))
# ---
from dataclasses import dataclass
@dataclass
class P:
    __annotations__ = {"x": int, "y": int}
P(1)
# raises: TypeError: P.__init__() missing 1 required positional argument: 'y'
# ---
from dataclasses import dataclass
@dataclass
class P:
    __annotations__ = {"x": int, "y": int}
P(1, 2, 3)
# raises: TypeError: P.__init__() takes 3 positional arguments but 4 were given
# ---
from dataclasses import dataclass
@dataclass
class P:
    __annotations__ = {"x": int}
P(x=1, z=2)
# raises: TypeError: P.__init__() got an unexpected keyword argument 'z'
# ---
from dataclasses import dataclass, field
@dataclass
class Bad:
    __annotations__ = {"items": list}
    items = []
# raises: ValueError: mutable default <class 'list'> for field items is not allowed: use default_factory
# ---
from dataclasses import dataclass, field
@dataclass
class Inv:
    __annotations__ = {"qty": int, "unit": float, "total": float}
    total = field(init=False, repr=False, default=0.0)
    def __post_init__(self):
        self.total = self.qty * self.unit
i = Inv(3, 2.5)
print(i, i.total)
# ---
from dataclasses import dataclass, asdict
@dataclass
class Pt:
    __annotations__ = {"x": int, "y": int}
@dataclass
class Line:
    __annotations__ = {"a": Pt, "b": Pt, "meta": dict}
l = Line(Pt(0, 0), Pt(1, 2), {"k": [Pt(3, 3)]})
print(asdict(l), l)
# ---
from dataclasses import make_dataclass, field
Point = make_dataclass("Point", [("x", int), ("y", int, field(default=0))])
print(Point(1), Point(1, 2) == Point(1, 2), Point.__name__)
# ---
from dataclasses import dataclass
@dataclass(eq=False)
class Node:
    __annotations__ = {"v": int}
print(Node(1) == Node(1), Node(1).v)
# ---
from dataclasses import dataclass, field, fields
@dataclass
class C:
    __annotations__ = {"a": int, "b": int}
    b = field(default=7, metadata={"unit": "m"}, repr=False)
print(C(1), fields(C)[1].metadata["unit"], fields(C)[1].default)
# ---
from dataclasses import dataclass
@dataclass
class Base:
    __annotations__ = {"x": int}
@dataclass
class Child(Base):
    __annotations__ = {"y": int}
print(Child(1, 2), Child(x=3, y=4).x)
# ---
from dataclasses import dataclass, asdict
import json
@dataclass
class User:
    __annotations__ = {"id": int, "name": str, "roles": list}
users = [User(1, "ada", ["admin"]), User(2, "bob", [])]
print(json.dumps([asdict(u) for u in users]))
# ---
from dataclasses import dataclass
@dataclass
class P:
    x: int
    y: int = 0
print(P(1), P(1, 2) == P(1, 2))
# ---
from dataclasses import dataclass, field
@dataclass
class Order:
    id: int
    items: list = field(default_factory=list)
    note: str = ""
o = Order(7)
o.items.append("x")
print(o, Order(8, ["y"], "rush"))
# ---
from dataclasses import dataclass
@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0
print(sorted([Version(2), Version(1, 5)]), Version(1) == Version(1, 0))
# ---
from typing import NamedTuple
class Point(NamedTuple):
    x: int
    y: int = 0
print(Point(1), Point(1, 2)._asdict())
# ---
from dataclasses import dataclass, field, asdict, fields
from typing import List, Optional, ClassVar
@dataclass
class Issue:
    id: int
    title: str
    labels: List[str] = field(default_factory=list)
    assignee: Optional[str] = None
    kind: ClassVar[str] = "issue"
issues = [Issue(1, "crash", ["bug"]), Issue(2, "docs", assignee="ada")]
print(issues, [f.name for f in fields(Issue)], Issue.kind, asdict(issues[1]))
print(sorted(issues, key=lambda i: -i.id)[0].title, Issue(3, "x") == Issue(3, "x"))
# ---
from dataclasses import dataclass, KW_ONLY
@dataclass
class Opts:
    name: str
    _: KW_ONLY
    retries: int = 3
    verbose: bool = False
print(Opts("a"), Opts("b", retries=5, verbose=True))
Opts("c", 1)
# raises: TypeError: Opts.__init__() takes 2 positional arguments but 3 were given
# ---
from dataclasses import dataclass
@dataclass
class A:
    x: int = 0
    y: int
# raises: TypeError: non-default argument 'y' follows default argument
# ---
from typing import NamedTuple, TypedDict
class Row(NamedTuple):
    name: str
    score: float = 0.0
    def label(self):
        return "%s:%.1f" % (self.name, self.score)
rows = [Row("b", 2.5), Row("a")]
print(sorted(rows), rows[0].label(), rows[1]._replace(score=9).label(), Row._fields, Row._field_defaults)
class Cfg(TypedDict, total=False):
    host: str
    port: int
print(Cfg(host="h", port=1))
# ---
import dataclasses
from dataclasses import dataclass, field, fields, InitVar
from typing import ClassVar
@dataclass(order=True, frozen=True)
class P:
    x: int = field(default=1, metadata={"unit": "m"})
    y: list = field(default_factory=list, repr=False, compare=False)
    z: ClassVar[int] = 3
    w: InitVar[int] = 0
    def __post_init__(self, w): pass
meta = {"a": 1}
@dataclass
class Q:
    a: int = field(default=0, metadata=meta)
meta["b"] = 2
f = fields(P)
print(type(f[0].metadata).__name__, dict(f[0].metadata), len(f[1].metadata), dict(fields(Q)[0].metadata))
print(P.__dataclass_params__, Q.__dataclass_params__.eq, P.__dataclass_params__.frozen)
print(repr(f[0]).replace(repr(dataclasses.MISSING), "MISSING"))
print([(k, v._field_type) for k, v in P.__dataclass_fields__.items()])
try:
    f[0].metadata["z"] = 2
except TypeError as e:
    print("TypeError", e)
fl = field(default=5)
print(fl.name, fl.type, fl._field_type, fl.default, fl.init, fl.repr, fl.hash, fl.compare, fl.kw_only is dataclasses.MISSING, dict(fl.metadata))
