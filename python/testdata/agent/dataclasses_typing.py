def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, field
from typing import Any, Optional
@dataclass
class Task:
    id: int
    title: str
    done: bool = False
    tags: list[str] = field(default_factory=list)
    owner: Optional[str] = None
t = Task(1, "write tests", tags=["qa"])
print(r(t))
print(t == Task(1, "write tests", tags=["qa"]))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, asdict, astuple, fields, replace
@dataclass(frozen=True)
class P:
    x: int
    y: int = 0
p = P(1, 2)
print(asdict(p), astuple(p), [f.name for f in fields(p)], r(replace(p, y=9)))
try:
    p.x = 5
except Exception as e:
    print(type(e).__name__, e)
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass
@dataclass(order=True)
class V:
    major: int
    minor: int
vs = [V(1, 2), V(0, 9), V(1, 0)]
print([r(v) for v in sorted(vs)], r(max(vs)))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, field
@dataclass
class Inv:
    items: dict[str, int] = field(default_factory=dict)
    total: int = field(init=False, default=0)
    def __post_init__(self) -> None:
        self.total = sum(self.items.values())
print(r(Inv({"a": 2, "b": 3})))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass
@dataclass
class User:
    name: str
    email: str
    @property
    def domain(self) -> str:
        return self.email.split("@")[1]
    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"
u = User("Ada", "ada@example.com")
print(u, r(repr(u)), u.domain)
# ---
from dataclasses import dataclass, field
@dataclass
class Node:
    name: str
    children: list["Node"] = field(default_factory=list)
    def walk(self, depth: int = 0):
        yield depth, self.name
        for c in self.children:
            yield from c.walk(depth + 1)
root = Node("root", [Node("a", [Node("a1")]), Node("b")])
for d, n in root.walk():
    print("  " * d + n)
# ---
from dataclasses import dataclass
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print(e)
# ---
from dataclasses import dataclass, field
try:
    @dataclass
    class Bad:
        items: list = []
except ValueError as e:
    print(e)
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass
@dataclass
class C:
    a: int
try:
    C()
except TypeError as e:
    print(r(e))
try:
    C(1, 2)
except TypeError as e:
    print(r(e))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, is_dataclass
@dataclass
class Base:
    id: int
@dataclass
class Child(Base):
    name: str = "x"
c = Child(1)
print(r(c), is_dataclass(c), isinstance(c, Base))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, field
from typing import ClassVar
@dataclass
class Cfg:
    registry: ClassVar[dict] = {}
    name: str = "default"
    retries: int = 3
print(r(Cfg()), Cfg.registry)
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, field
@dataclass
class Secret:
    user: str
    token: str = field(repr=False)
print(r(Secret("a", "xyz")))
# ---
from typing import Any, Optional, Union, List, Dict, Tuple
def parse(v: Union[str, int], default: Optional[int] = None) -> Tuple[int, bool]:
    try:
        return int(v), True
    except (TypeError, ValueError):
        return default or 0, False
items: List[Dict[str, Any]] = [{"v": "3"}, {"v": "x"}]
print([parse(i["v"]) for i in items])
# ---
from typing import Literal, TypedDict, Callable, Iterable, Sequence, Mapping
class Rec(TypedDict):
    id: int
    name: str
def apply(f: Callable[[int], int], xs: Iterable[int]) -> list[int]:
    return [f(x) for x in xs]
r: Rec = {"id": 1, "name": "a"}
mode: Literal["fast", "slow"] = "fast"
print(r, mode, apply(lambda x: x * x, range(4)))
# ---
from typing import Optional
def find(xs: list[int], target: int) -> Optional[int]:
    for i, x in enumerate(xs):
        if x == target:
            return i
    return None
print(find([5, 6, 7], 7), find([], 1))
# ---
def f(a: int, b: "str" = "x", *args: int, key: bool = False, **kw: object) -> dict[str, object]:
    return {"a": a, "b": b, "args": args, "key": key, "kw": kw}
print(f(1, "y", 2, 3, key=True, z=0))
print(f.__annotations__["a"], f.__name__)
# ---
from typing import Any
x: int = 5
y: dict[str, list[int]] = {"a": [1]}
z: Any
print(x, y)
# ---
from typing import Optional
count: Optional[int] = None
label: str | None = None
print(count, label)
# ---
from typing import TypeVar, Generic
T = TypeVar("T")
class Box(Generic[T]):
    def __init__(self, v: T) -> None:
        self.v = v
    def get(self) -> T:
        return self.v
print(Box[int](3).get(), Box("s").get())
# ---
from typing import Protocol
class HasName(Protocol):
    name: str
class A:
    name = "a"
def greet(x: HasName) -> str:
    return f"hi {x.name}"
print(greet(A()))
# ---
from enum import Enum
class Status(str, Enum):
    OK = "ok"
    FAIL = "fail"
print(Status.OK, Status.OK.value, Status("fail").name, Status.OK.value == "ok")
print([s.value for s in Status])
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from enum import Enum, auto
class Color(Enum):
    RED = auto()
    GREEN = auto()
print(Color.RED, repr(Color.GREEN), Color.GREEN.value, Color["RED"])
try:
    Color(9)
except ValueError as e:
    print(r(e))
# ---
from enum import IntEnum
class Prio(IntEnum):
    LOW = 1
    HIGH = 3
print(sorted([Prio.HIGH, Prio.LOW]), Prio.HIGH > 2, int(Prio.LOW))
# ---
class Account:
    def __init__(self, owner: str, balance: float = 0.0) -> None:
        self.owner = owner
        self.balance = balance
    def __repr__(self) -> str:
        return f"Account({self.owner!r}, balance={self.balance:.2f})"
    def withdraw(self, amt: float) -> None:
        if amt > self.balance:
            raise ValueError(f"insufficient funds: {self.balance:.2f} < {amt:.2f}")
        self.balance -= amt
a = Account("ada", 10)
try:
    a.withdraw(25)
except ValueError as e:
    print(e)
print([a])
# ---
class Temp:
    def __init__(self, c: float):
        self._c = c
    @property
    def f(self) -> float:
        return self._c * 9 / 5 + 32
    @f.setter
    def f(self, v: float) -> None:
        self._c = (v - 32) * 5 / 9
    @classmethod
    def from_f(cls, f: float) -> "Temp":
        t = cls(0)
        t.f = f
        return t
    @staticmethod
    def unit() -> str:
        return "C"
t = Temp.from_f(212)
print(round(t._c, 6), t.f, Temp.unit())
# ---
from abc import ABC, abstractmethod
class Tool(ABC):
    @abstractmethod
    def run(self) -> str: ...
class Echo(Tool):
    def run(self) -> str:
        return "echo"
print(Echo().run())
try:
    Tool()
except TypeError as e:
    print(e)
# ---
class Stack:
    def __init__(self):
        self._items = []
    def __len__(self):
        return len(self._items)
    def __bool__(self):
        return bool(self._items)
    def __iter__(self):
        return iter(reversed(self._items))
    def __contains__(self, x):
        return x in self._items
    def push(self, x):
        self._items.append(x)
        return self
s = Stack().push(1).push(2)
print(len(s), bool(s), list(s), 2 in s, bool(Stack()))
# ---
class Money:
    def __init__(self, cents: int):
        self.cents = cents
    def __add__(self, o: "Money") -> "Money":
        return Money(self.cents + o.cents)
    def __eq__(self, o):
        return isinstance(o, Money) and o.cents == self.cents
    def __lt__(self, o):
        return self.cents < o.cents
    def __hash__(self):
        return hash(self.cents)
    def __format__(self, spec):
        return format(self.cents / 100, spec or ".2f")
print(f"{Money(150) + Money(25)}", f"{Money(5):>8.3f}", sorted([Money(3), Money(1)])[0].cents, len({Money(1), Money(1)}))
# ---
from functools import lru_cache, cached_property, partial, wraps
@lru_cache(maxsize=None)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info().hits > 0)
int2 = partial(int, base=2)
print(int2("1011"))
# ---
from functools import wraps
import time
def logged(fn):
    @wraps(fn)
    def inner(*a, **k):
        r = fn(*a, **k)
        print(f"{fn.__name__}{a} -> {r}")
        return r
    return inner
@logged
def add(x: int, y: int) -> int:
    """Add."""
    return x + y
add(2, 3)
print(add.__name__, add.__doc__)
# ---
from functools import cached_property
class Report:
    def __init__(self, rows):
        self.rows = rows
        self.calls = 0
    @cached_property
    def total(self):
        self.calls += 1
        return sum(self.rows)
r = Report([1, 2, 3])
print(r.total, r.total, r.calls)
# ---
from dataclasses import dataclass, field
import json
@dataclass
class Event:
    kind: str
    payload: dict = field(default_factory=dict)
    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, **self.payload}, sort_keys=True)
print(Event("click", {"x": 1}).to_json())
# ---
from dataclasses import dataclass
@dataclass
class Pt:
    x: float
    y: float
    def __iter__(self):
        yield self.x
        yield self.y
x, y = Pt(1.5, 2)
print(x, y, dict(zip("xy", Pt(3, 4))))
# ---
def r(o) -> str:
    # classes of a snippet get a __snippet__.<locals>. qualname under the oracle
    return str(o).replace("__snippet__.<locals>.", "")
from dataclasses import dataclass, field, asdict
from typing import Optional
@dataclass
class Issue:
    id: int
    title: str
    labels: list[str] = field(default_factory=list)
    assignee: Optional[str] = None
raw = [{"id": 1, "title": "Bug", "labels": ["bug"]}, {"id": 2, "title": "Feat", "assignee": "ada"}]
issues = [Issue(**r) for r in raw]
print([asdict(i) for i in issues if i.assignee is None])
try:
    Issue(**{"id": 3, "title": "x", "priority": 1})
except TypeError as e:
    print(r(e))
