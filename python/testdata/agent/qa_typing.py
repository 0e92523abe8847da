from typing import TypeVar, Generic, Optional, List, Dict
T = TypeVar("T")
class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item
    def get(self) -> T:
        return self.item
class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, x: T) -> "Stack[T]":
        self.items.append(x)
        return self
print(Box(1).get(), Box[int](2).get(), Stack[str]().push("a").push("b").items, isinstance(Box(1), Box))
# ---
from typing import TypedDict, NotRequired
class Movie(TypedDict, total=False):
    title: str
    year: int
class Req(TypedDict):
    id: int
    note: NotRequired[str]
m: Movie = {"title": "x"}
r = Req(id=1)
print(m, r, type(r).__name__)
# ---
from typing import Protocol, runtime_checkable
@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...
class F:
    def close(self):
        pass
class G:
    pass
print(isinstance(F(), Closable), isinstance(G(), Closable))
# ---
from typing import Literal, Annotated, cast, overload, NewType, Final, Any, Union, get_type_hints
Mode = Literal["r", "w"]
UserId = NewType("UserId", int)
def open_(path: str, mode: Mode = "r") -> str:
    return f"{path}:{mode}"
x = cast(int, "not really")
uid = UserId(5)
Dist = Annotated[float, "meters"]
def f(d: Dist, u: Union[int, str] = 0) -> Any:
    return d
print(open_("a", "w"), x, uid, type(uid).__name__, f(1.5), get_type_hints(f)["u"])
# ---
from typing import overload, Union
@overload
def conv(x: int) -> str: ...
@overload
def conv(x: str) -> int: ...
def conv(x: Union[int, str]) -> Union[int, str]:
    return str(x) if isinstance(x, int) else int(x)
print(conv(5), conv("7"))
# ---
from typing import NamedTuple, Optional
class Pt(NamedTuple):
    x: float
    y: float = 0.0
    label: Optional[str] = None
    def dist(self) -> float:
        return (self.x ** 2 + self.y ** 2) ** 0.5
p = Pt(3, 4)
x, y, lbl = p
print(p, p.dist(), x + y, lbl, p._replace(label="a"), Pt._fields, Pt._field_defaults, p._asdict())
# ---
from typing import Callable, Iterator, Iterable, Sequence, Mapping
def apply_all(fs: Sequence[Callable[[int], int]], xs: Iterable[int]) -> Iterator[int]:
    for x in xs:
        for f in fs:
            x = f(x)
        yield x
def summarize(m: Mapping[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(m.items()))
print(list(apply_all([lambda v: v + 1, lambda v: v * 2], range(3))), summarize({"b": 2, "a": 1}))
# ---
from typing import TypedDict, NotRequired
class Movie(TypedDict, total=False):
    title: str
class Req(TypedDict):
    id: int
    note: NotRequired[str]
print(Movie.__total__, Req.__required_keys__ == frozenset({"id"}), sorted(Req.__annotations__))
