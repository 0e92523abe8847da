# namedtuple and typing.NamedTuple classes are tuple subclasses (bases (tuple,)):
# %-formatting, json, match, copy, errors as CPython.
import json, copy
from collections import namedtuple
from typing import NamedTuple
P = namedtuple("P", "x y", defaults=[0])
class Row(NamedTuple):
    id: int
    name: str
    score: float = 0.0
    def label(self):
        return f"{self.id}:{self.name}"
r = Row(1, "ann", 2.5)
p = P(3)
for v in (p, r):
    print(v, isinstance(v, tuple), type(v).__mro__[-2:], len(v), v[0], v[-1], v[:2], list(v), tuple(v), v == tuple(v), hash(v) == hash(tuple(v)))
print("%d:%s" % r[:2], "%s/%s/%s" % r, "%(x)s" % {"x": p}, json.dumps(r), json.dumps({"p": p}), r.label(), r._asdict(), r._replace(name="bo"), Row._make([2, "b", 1.0]))
print(Row._fields, Row._field_defaults, Row.__annotations__, Row.__doc__, P.__doc__, P._fields, P._field_defaults, Row.__match_args__)
print(sorted([Row(2, "b"), Row(1, "z")]), max(P(1, 2), P(1, 3)), r + (9,), p * 2, dict(zip(P._fields, p)), {p: 1}[(3, 0)])
a, b, c = r
print(a, b, c, r.count(1), r.index("ann"), "ann" in r, f"{r}", str(p), repr(p))
for bad in (lambda: setattr(r, "id", 5), lambda: setattr(r, "z", 5), lambda: setattr(p, "x", 5), lambda: setattr(p, "z", 5), lambda: Row(1), lambda: Row(1, 2, 3, 4), lambda: P(1, 2, x=3), lambda: Row(1, "a", bogus=1), lambda: P._make([1])):
    try:
        bad()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
match r:
    case Row(id=1, name=n):
        print("matched", n)
match p:
    case P(x, y):
        print("pos", x, y)
    case _:
        print("no")
print(copy.copy(r) == r, copy.copy(r) is r, copy.deepcopy(r), type(copy.deepcopy(p)).__name__)
class Sub(P):
    def total(self):
        return self.x + self.y
s = Sub(1, 2)
s.extra = 5
print(s, s.total(), s.extra, isinstance(s, P))
Pt = NamedTuple("Pt", [("x", int), ("y", int)])
print(Pt(1, 2), Pt.__annotations__, Pt._fields)
print(json.loads(json.dumps([p, r])), sorted(Row.__dict__.keys() & {"label", "id"}))
# ---
from typing import NamedTuple
class Row(NamedTuple):
    """A row."""
    id: int
    tags: list = []
    def __str__(self):
        return "<Row %d>" % self.id
    @property
    def first(self):
        return self.tags[0] if self.tags else None
print(Row.__mro__, Row.__bases__, Row.__doc__, Row(1), repr(Row(1)), Row(2, ["a"]).first, Row.__qualname__, Row.__module__)
# ---
from typing import NamedTuple
class Bad(NamedTuple):
    x: int = 1
    y: int
# raises: TypeError: Non-default namedtuple field y cannot follow default field x
# ---
from typing import NamedTuple
class Bad(NamedTuple):
    x: int
    def _asdict(self):
        pass
# raises: AttributeError: Cannot overwrite NamedTuple attribute _asdict
# ---
from collections import namedtuple
P = namedtuple("P", "x y", defaults=[1, 2])
P(1, 2, 3)
# raises: TypeError: P.__new__() takes from 1 to 3 positional arguments but 4 were given
