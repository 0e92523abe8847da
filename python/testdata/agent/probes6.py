print(isinstance(3, int | str), isinstance(None, int | None))
# ---
print(list[int], dict[str, list[int]], tuple[int, ...], type[int])
# ---
from typing import Optional, Any, Union
print(Optional[int], Union[int, str], Any, list[Optional[str]])
# ---
x = dict[str, int]()
x["a"] = 1
print(x, list[int]([1, 2]))
# ---
from typing import Any
def f(x: int | str, y: dict[str, Any] | None = None) -> list[int] | None:
    return None
print(f(1), f.__annotations__["x"])
# ---
from dataclasses import dataclass
@dataclass
class R:
    a: int | None = None
    b: list[str] | None = None
print(repr(R(1)).replace("__snippet__.<locals>.", ""))
# ---
from typing import Callable, Awaitable
import asyncio
Handler = Callable[[int], Awaitable[int]]
async def double(x: int) -> int:
    return await add(x, x)
h: Handler = double
print(await h(21))
# ---
from collections import defaultdict, Counter, OrderedDict, deque
a: Counter[str] = Counter("aab")
b: deque[int] = deque([1])
c: OrderedDict[str, int] = OrderedDict()
print(a, b, c)
# ---
from typing import Any
JSON = dict[str, Any]
def keys(d: JSON) -> list[str]:
    return sorted(d)
print(keys({"b": 1, "a": 2}), JSON)
# ---
from typing import TypeAlias, Final
Row: TypeAlias = dict[str, int]
LIMIT: Final = 10
r: Row = {"x": LIMIT}
print(r)
# ---
from typing import Self
class B:
    def me(self) -> Self:
        return self
print(type(B().me()).__name__)
# ---
import re
from typing import Pattern, Match
p: Pattern[str] = re.compile(r"\d+")
m: Match[str] | None = p.search("a12")
print(m.group() if m else None, type(p).__name__, type(m).__name__)
