# isinstance/issubclass with typing's abstract container types and unions
from typing import Mapping, MutableMapping, Sequence, Iterable, Iterator, Sized, Hashable, Callable, Collection, Container, Reversible, List, Dict, Tuple, Set
import collections
def gen():
    yield 1
class Bag:
    def __iter__(self):
        return iter([])
    def __len__(self):
        return 0
forms = [List, Dict, Tuple, Set, Iterable, Sequence, Mapping, MutableMapping, Hashable, Sized, Iterator, Callable, Collection, Container, Reversible]
for v in [[], {}, (), set(), frozenset(), "", b"", range(3), gen(), iter([]), {}.keys(), {}.values(), bytearray(), collections.deque(), 5, 2.5, None, Bag(), len]:
    print(type(v).__name__, "".join("1" if isinstance(v, f) else "0" for f in forms))
# ---
from typing import Mapping, Sequence
import collections.abc as abc
def flatten(d, prefix=""):
    out = {}
    for k, v in d.items():
        if isinstance(v, Mapping):
            out.update(flatten(v, prefix + k + "."))
        elif isinstance(v, Sequence) and not isinstance(v, str):
            for i, x in enumerate(v):
                out[f"{prefix}{k}.{i}"] = x
        else:
            out[prefix + k] = v
    return out
print(flatten({"a": {"b": 1, "c": [1, 2]}, "d": "x", "e": (3,)}))
print(isinstance({}, abc.Mapping), isinstance([], abc.MutableSequence), isinstance("s", abc.Iterable), isinstance(5, abc.Iterable))
print(isinstance(3, (str, Mapping, int)), isinstance(3, (str, Mapping)), issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(list, abc.Hashable))
# ---
from typing import Optional, Union, Any, Literal, List, Callable
print(isinstance(3, Optional[int]), isinstance("x", Union[int, str]), isinstance(None, Optional[int]), isinstance(2.0, Union[int, str]), issubclass(bool, Union[int, str]))
for spec in [Any, Union, Optional, Literal, List[int], Literal["a"], Callable[[int], str], Optional[List[int]]]:
    for fn in (isinstance, issubclass):
        try:
            print(fn.__name__, fn(3 if fn is isinstance else int, spec))
        except TypeError as e:
            print(fn.__name__, "TypeError:", e)
# ---
import typing
for name in ["List", "Dict", "Set", "Tuple", "DefaultDict", "OrderedDict", "Counter", "Deque"]:
    form = getattr(typing, name)
    try:
        print(name, repr(form()))
    except TypeError as e:
        print(name, "TypeError:", e)
print(typing.DefaultDict[str, int], typing.get_origin(typing.DefaultDict[str, int]), typing.get_args(typing.Counter[str]))
print(typing.Literal[1, 2, 1], typing.Literal[1, 2] == typing.Literal[2, 1], hash(typing.Literal["a", "b"]) == hash(typing.Literal["b", "a"]))
# ---
# Strings in subscriptions are forward references; dataclass fields keep their annotations
import typing
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Optional
print(typing.Optional["Node"], typing.Union["Node", int], typing.List["Node"], typing.Dict[str, "Node"], typing.Literal["x"], typing.Callable[["Node"], "Out"])
print(typing.get_args(typing.Optional["Node"]), list["Node"], typing.ForwardRef("Node") == typing.ForwardRef("Node"), typing.ForwardRef("Node").__forward_arg__)
@dataclass
class Node:
    name: str
    children: list["Node"] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    parent: Optional["Node"] = None
    count: ClassVar[int] = 0
    weight: float | None = None
print(repr(Node("a")).replace("__snippet__.<locals>.", ""), [f.name for f in fields(Node)], [str(f.type) for f in fields(Node)])
