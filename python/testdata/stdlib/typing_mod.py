from typing import Any, Optional, Union, List, Dict, Tuple, Set, Callable, Iterable, Iterator
def f(xs: List[int], m: Dict[str, Any], cb: Optional[Callable[[int], str]] = None) -> Tuple[int, ...]:
    return tuple(xs)
print(f([1, 2], {}), List[int], Dict[str, int], Optional[str], Union[int, str], Tuple[int, ...])
# ---
from typing import Optional, Union, List
print(Union[int, None], Union[int], Optional[Union[int, str]], List[Optional[int]], Union[int, str] == Union[int, str])
# ---
import typing
print(typing.get_origin(typing.List[int]), typing.get_args(typing.Dict[str, int]), typing.get_args(int), typing.get_origin(int), typing.TYPE_CHECKING)
# ---
from typing import TypeVar, Generic, List
T = TypeVar("T")
class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, item: T) -> None:
        self.items.append(item)
    def pop(self) -> T:
        return self.items.pop()
s = Stack[int]()
s.push(1)
s.push(2)
print(s.pop(), s.items, T, isinstance(s, Stack))
# ---
from typing import cast, NewType
UserId = NewType("UserId", int)
uid = UserId(42)
print(uid, type(uid).__name__, cast(str, 5), cast("List[int]", [1]), UserId.__name__)
# ---
from typing import TypedDict
class Movie(TypedDict):
    title: str
    year: int
m = Movie(title="Alien", year=1979)
print(m, type(m).__name__, m["year"])
# ---
from typing import NamedTuple
Point = NamedTuple("Point", [("x", int), ("y", int)])
p = Point(1, 2)
print(p, p.x + p.y, p._asdict())
# ---
from typing import Literal, Final, ClassVar, Protocol
Mode = Literal["r", "w"]
MAX: Final = 10
class Reader(Protocol):
    def read(self) -> str: ...
class FileLike:
    def read(self) -> str:
        return "data"
def use(r: Reader, mode: Mode = "r") -> str:
    return r.read() + mode
print(use(FileLike()), Mode, MAX)
# ---
from typing import overload, Union
@overload
def double(x: int) -> int: ...
@overload
def double(x: str) -> str: ...
def double(x: Union[int, str]) -> Union[int, str]:
    return x * 2
print(double(2), double("ab"))
# ---
from typing import Iterator, Generator
def count_up(n: int) -> Iterator[int]:
    i = 0
    while i < n:
        yield i
        i += 1
def gen() -> Generator[int, None, str]:
    yield 1
    return "done"
print(list(count_up(3)), list(gen()))
# ---
import typing
print(typing.Any, typing.Callable, typing.Sequence[int], typing.Mapping[str, typing.Any])
# ---
from typing import Protocol, runtime_checkable
@runtime_checkable
class Closer(Protocol):
    def close(self): ...
@runtime_checkable
class Sized2(Protocol):
    def __len__(self): ...
    def close(self): ...
class HasClose:
    def close(self): pass
class Blocked(HasClose):
    close = None
class Both:
    def __len__(self): return 0
    def close(self): pass
class Unrelated:
    pass
class SubProto(Closer, Protocol):
    def close(self): ...
class Impl(SubProto):
    pass
print([issubclass(c, Closer) for c in (HasClose, Blocked, Both, Unrelated, Impl, int)], [issubclass(c, Sized2) for c in (HasClose, Both, list)])
print([isinstance(o, Closer) for o in (HasClose(), Blocked(), Both(), Unrelated(), 1)], isinstance(Both(), Sized2))
@runtime_checkable
class WithData(Protocol):
    x: int
class D:
    x = 1
print(isinstance(D(), WithData), isinstance(1, WithData))
try:
    issubclass(D, WithData)
except TypeError as e:
    print("TypeError", e)
class NotRuntime(Protocol):
    def f(self): ...
try:
    issubclass(HasClose, NotRuntime)
except TypeError as e:
    print("TypeError", e)
