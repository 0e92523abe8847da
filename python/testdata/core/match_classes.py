class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
class Point3(Point):
    __match_args__ = ("x", "y", "z")
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z
def where(p):
    match p:
        case Point3(x, y, 0):
            return f"flat {x},{y}"
        case Point3(z=z):
            return f"high {z}"
        case Point(0, 0):
            return "origin"
        case Point(x, y=0):
            return f"x axis {x}"
        case Point():
            return "point"
        case _:
            return "not a point"
print(where(Point3(1, 2, 0)), where(Point3(1, 2, 5)), where(Point(0, 0)), where(Point(4, 0)), where(Point(1, 1)), where((0, 0)))
# ---
# Builtin types match themselves with one positional sub-pattern.
def describe(v):
    match v:
        case bool(b):
            return f"bool {b}"
        case int(i):
            return f"int {i}"
        case float(f) | str(f):
            return f"float or str {f!r}"
        case list([first, *_]):
            return f"list starting {first}"
        case tuple(t) if len(t) == 2:
            return f"pair {t}"
        case dict({"k": v}):
            return f"dict k={v}"
        case set() | frozenset():
            return "a set"
        case bytes(bs) | bytearray(bs):
            return f"bytes {len(bs)}"
    return "other"
for v in [True, 3, 2.5, "s", [9, 8], (1, 2), (1, 2, 3), {"k": 0}, {1}, frozenset(), b"ab", bytearray(b"x"), None, []]:
    print(describe(v))
# ---
from dataclasses import dataclass, field
@dataclass
class Move:
    dx: int
    dy: int = 0
@dataclass
class Say:
    text: str
    loud: bool = field(default=False, kw_only=True)
print(Move.__match_args__, Say.__match_args__)
def run(cmd):
    match cmd:
        case Move(0, 0):
            return "stay"
        case Move(dx, 0) | Move(0, dx):
            return f"straight {dx}"
        case Move(dx=dx, dy=dy):
            return f"diagonal {dx} {dy}"
        case Say(text, loud=True):
            return text.upper()
        case Say(text):
            return text
print(run(Move(0, 0)), run(Move(3)), run(Move(0, -2)), run(Move(1, 1)), run(Say("hi", loud=True)), run(Say("hey")))
# ---
import collections
Pair = collections.namedtuple("Pair", "left right")
match Pair(1, 2):
    case Pair(l, right=r):
        print("pair", l, r)
# ---
# A missing attribute is a failed match, not an error.
class Partial:
    __match_args__ = ("a", "b")
    def __init__(self):
        self.a = 1
match Partial():
    case Partial(a, b):
        print("no")
    case Partial(a, nope=_):
        print("no")
    case Partial(a):
        print("a only", a)
# ---
class Lazy:
    __match_args__ = ("value",)
    @property
    def value(self):
        print("computing")
        return 42
match Lazy():
    case Lazy(41):
        print("no")
    case Lazy(v):
        print("got", v)
# ---
match 5:
    case len():
        print("no")
# raises: TypeError: called match pattern must be a type
# ---
class C:
    __match_args__ = ["a"]
match C():
    case C(x):
        print("no")
# raises: TypeError: C.__match_args__ must be a tuple (got list)
# ---
class C:
    __match_args__ = ("a", 1)
c = C()
c.a = 1
match c:
    case C(x, y):
        print("no")
# raises: TypeError: __match_args__ elements must be strings (got int)
# ---
class C:
    __match_args__ = ("a",)
match C():
    case C(x, y):
        print("no")
# raises: TypeError: C() accepts 1 positional sub-pattern (2 given)
# ---
class C:
    pass
match C():
    case C(x):
        print("no")
# raises: TypeError: C() accepts 0 positional sub-patterns (1 given)
# ---
match 1:
    case int(x, y):
        print("no")
# raises: TypeError: int() accepts 1 positional sub-pattern (2 given)
# ---
class C:
    __match_args__ = ("a",)
c = C()
c.a = 1
match c:
    case C(x, a=y):
        print("no")
# raises: TypeError: C() got multiple sub-patterns for attribute 'a'
# ---
# The class is checked first: a non-instance fails before __match_args__ is read.
class C:
    __match_args__ = 5
match 3:
    case C(x):
        print("no")
    case _:
        print("not a C")
# ---
class Err:
    @property
    def boom(self):
        raise KeyError("boom")
match Err():
    case Err(boom=_):
        print("no")
# raises: KeyError: 'boom'
# ---
class MyInt(int):
    pass
match MyInt(7):
    case MyInt(v):
        print("self match", v, type(v).__name__)
match True:
    case int(x):
        print("bool is an int", x)
