from collections import Counter, defaultdict, OrderedDict, namedtuple, deque, ChainMap, UserDict
from typing import NamedTuple
class Row(NamedTuple):
    n: int
    s: str
print(isinstance(Counter(), dict), issubclass(defaultdict, dict), isinstance(OrderedDict(), dict), isinstance(deque(), list), isinstance(ChainMap(), dict), isinstance(UserDict(), dict))
print(issubclass(namedtuple("Q", "a"), tuple), isinstance(Row(1, "a"), tuple), "%d:%s" % Row(1, "a"), isinstance(Counter(), (list, dict)), isinstance(1, dict))
def walk(v):
    if isinstance(v, dict):
        return {k: walk(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [walk(x) for x in v]
    return v
d = defaultdict(Counter)
d["a"]["x"] += 2
print(walk(d), walk(namedtuple("P", "x y")(1, [2])))
# ---
import copy
from collections import Counter, defaultdict, OrderedDict, namedtuple
P = namedtuple("P", "x y")
d = defaultdict(list, k=[1])
c = Counter("aab")
for obj in (d, c, OrderedDict(a=[1]), P(1, [2])):
    a, b = copy.copy(obj), copy.deepcopy(obj)
    print(type(a).__name__, type(b).__name__, a == obj, b == obj)
