# Calling an Enum class looks a member up (EnumType.__call__): __init__ never
# runs again, tuple values work; a custom __new__ makes the members; Flag
# pseudo-members are kept.
from enum import Enum, IntEnum, Flag, auto, unique
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
print(Planet((5.976e+24, 6.37814e6)) is Planet.EARTH, Planet.EARTH.mass, Planet["MERCURY"].radius, Planet.EARTH.value)
calls = []
class Tagged(Enum):
    A = "a"
    B = "b"
    def __init__(self, v):
        calls.append(v)
        self.upper = v.upper()
print(Tagged("a"), Tagged("b").upper, calls, Tagged(Tagged.A) is Tagged.A)
try:
    Planet((1, 2))
except ValueError as e:
    print("ValueError", e)
try:
    Tagged()
except TypeError as e:
    print("TypeError", e)
class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj
    PX = (0, "P.X")
    PY = (1, "P.Y")
print(Coord(1), Coord.PX.label, Coord.PY.value, [c.label for c in Coord])
class Pri(IntEnum):
    LOW = 1
    HIGH = 2
print(Pri(2), Pri(2) + 1, Pri(1) < Pri.HIGH, Pri["LOW"])
class Perm(Flag):
    R = 4
    W = 2
    X = 1
print(Perm(6), Perm(0), Perm.R | Perm.W == Perm(6))
Color = Enum("Color", "RED GREEN")
print(Color(2), Color.RED.value, list(Color))
class Shape(Enum):
    SQUARE = 2
    ALIAS = 2
    @classmethod
    def _missing_(cls, value):
        return cls.SQUARE if value == "sq" else None
print(Shape(2), Shape("sq"), Shape.ALIAS is Shape.SQUARE)
class Sz(str, Enum):
    S = "s"
    def __init__(self, v):
        self.big = v * 3
print(Sz("s"), Sz.S.big, Sz("s") == "s")
class Pt(Enum):
    ORIGIN = (0, 0)
    ONE = (1, 1)
print(Pt((1, 1)), Pt.ONE.value, Pt((0, 0)).name)
# ---
from enum import Flag
class Perm(Flag):
    R = 4
    W = 2
    X = 1
a = Perm.R | Perm.W
b = Perm(6)
print(a, b, a is b, a._value_, b._value_, a == b)
