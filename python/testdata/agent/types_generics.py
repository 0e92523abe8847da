# Builtin generic aliases (types.GenericAlias): list[int], dict[str, Any], ...
from typing import Any, Optional
print(list[int], dict[str, list[int]], tuple[int, ...], type[int], set[str], frozenset[bytes])
print(list[Optional[str]], dict[str, Any], tuple[()], list[None])
print(type(list[int]), type(list[int]).__name__, type(list[int]).__module__)
# ---
a = list[int]
print(a.__origin__ is list, a.__args__, a.__parameters__, dict[str, int].__args__)
print(a == list[int], a == list[str], a != list[int], a == list, hash(a) == hash(list[int]))
print({list[int]: "ints"}[list[int]], list[int].__name__, list[int].__module__)
# ---
x = dict[str, int]()
x["a"] = 1
print(x, list[int]([1, 2]), tuple[int, ...]((1, 2)), set[int](), type(list[int]()).__name__)
print(list[int].append, dict[str, int].fromkeys("ab", 0))
# ---
try:
    isinstance([], list[int])
except TypeError as e:
    print("isinstance:", e)
try:
    issubclass(list, list[int])
except TypeError as e:
    print("issubclass:", e)
try:
    isinstance(3, int | list[int])
except TypeError as e:
    print("union:", e)
print(isinstance(3, int | str), isinstance(None, int | None), issubclass(bool, int | str))
# ---
print(int | list[int], list[int] | None, None | dict[str, Any] if False else dict[str, int] | None)
u = list[int] | dict[str, int]
print(type(u).__name__, u.__args__, (list[int] | None) == (None | list[int]))
print(int | str == str | int, hash(int | str) == hash(str | int), (int | str) == (int | bytes))
# ---
from typing import TypeVar
T = TypeVar("T")
Pair = tuple[T, T]
print(Pair, Pair.__parameters__, Pair[int], dict[str, T][list[int]])
try:
    list[int][str]
except TypeError as e:
    print(e)
# ---
from typing import get_origin, get_args, Union, Optional, List, Dict
print(get_origin(list[int]) is list, get_args(dict[str, int]), get_origin(int | str), get_args(int | None))
print(get_origin(Union[int, str]) is Union, get_origin(List[int]) is list, get_args(Dict[str, int]), get_origin(int), get_args(int))
print(Union[int, str] == Union[str, int], Union[int, str] == (str | int), Optional[int] == Union[None, int])
print(hash(Union[int, str]) == hash(Union[str, int]), Union[int | str, None], Optional[list[int]])
# ---
from collections import defaultdict, Counter, OrderedDict, deque, ChainMap
a: Counter[str] = Counter("aab")
b: deque[int] = deque([1])
teams: defaultdict[str, list[str]] = defaultdict(list)
print(Counter[str], deque[int], OrderedDict[str, int], defaultdict[str, list[str]], ChainMap[str, int])
print(defaultdict[str, list[str]](list), Counter[str]("abca").most_common(1), a, b)
# ---
from typing import Any
class Rows(list):
    pass
print(repr(Rows[int]).replace("__snippet__.<locals>.", ""), type(Rows[int]()).__name__)
def f(x: list[int] | None = None) -> dict[str, Any]:
    return {}
print(f.__annotations__["x"], f.__annotations__["return"])
# ---
from typing import Any
JSON = dict[str, Any]
def keys(d: JSON) -> list[str]:
    return sorted(d)
print(keys({"b": 1, "a": 2}), JSON, repr(JSON), str(list[JSON]))
# ---
class Box(list[int]):
    pass
b = Box([1, 2])
print(b, Box.__mro__[1] is list, Box.__orig_bases__)
