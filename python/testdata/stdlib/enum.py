from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
print(Color.RED, repr(Color.GREEN), Color.RED.name, Color.RED.value, Color(3), Color["GREEN"], type(Color.RED).__name__)
# ---
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
print(Color(1) is Color.RED, Color.RED == Color.RED, Color.RED != Color.GREEN, Color.RED == 1, isinstance(Color.GREEN, Color), {Color.RED: "r"}[Color.RED])
# ---
from enum import Enum
class Color(Enum):
    RED = 1
Color(7)
# raises: ValueError: 7 is not a valid Color
# ---
from enum import Enum
class Color(Enum):
    RED = 1
Color["PINK"]
# raises: KeyError: 'PINK'
# ---
from enum import Enum
class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"
    OFF = "inactive"
print(Status("inactive"), Status.OFF is Status.INACTIVE, list(Status.__members__), [m.value for m in Status.__members__.values()])
# ---
from enum import Enum, auto
class Op(Enum):
    ADD = auto()
    SUB = auto()
    MUL = auto()
print(Op.ADD.value, Op.MUL.value, repr(Op.SUB))
# ---
from enum import Enum
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def surface_gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)
print(Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 3), Planet.MERCURY.value)
# ---
from enum import Enum
class Shape(Enum):
    SQUARE = 2
    CIRCLE = 3
    def describe(self):
        return "%s has value %d" % (self.name, self.value)
    @classmethod
    def default(cls):
        return cls.SQUARE
print(Shape.CIRCLE.describe(), Shape.default(), f"{Shape.SQUARE}", "%s" % Shape.CIRCLE)
# ---
from enum import IntEnum
class Prio(IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10
print(Prio.LOW < Prio.HIGH, Prio.MID == 5, Prio.HIGH + 1, Prio.MID * 2, str(Prio.LOW), repr(Prio.MID), f"{Prio.HIGH}", sorted([Prio.HIGH, Prio.LOW]), Prio(5))
# ---
from enum import IntEnum
import json
class Code(IntEnum):
    OK = 200
    NOT_FOUND = 404
print(json.dumps({"status": Code.OK, "codes": [Code.NOT_FOUND]}), Code.OK in [200, 201], int(Code.NOT_FOUND), [200, 404][Code.OK - 200])
# ---
from enum import StrEnum, auto
class Fmt(StrEnum):
    JSON = auto()
    CSV = "csv"
print(Fmt.JSON, Fmt.CSV == "csv", Fmt("csv") is Fmt.CSV, Fmt.JSON.upper(), "as " + Fmt.CSV, f"{Fmt.JSON}", repr(Fmt.JSON))
# ---
from enum import Flag, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
rw = Perm.R | Perm.W
print(Perm.R.value, Perm.X.value, rw.value, Perm.R in rw, Perm.X in rw, bool(rw & Perm.X), (rw & Perm.W) == Perm.W)
# ---
from enum import Enum, unique
@unique
class Ok(Enum):
    A = 1
    B = 2
print(Ok.B)
@unique
class Bad(Enum):
    A = 1
    B = 1
# raises: ValueError: duplicate values found in <enum 'Bad'>: B -> A
# ---
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
names = {c.name: c.value for c in Color.__members__.values()}
print(names, Color.RED.name.lower(), Color.__members__["GREEN"])
# ---
from enum import Enum
Animal = Enum("Animal", "CAT DOG")
print(Animal.CAT, Animal.DOG.value, Animal["CAT"], Animal(2))
# ---
from enum import Enum
class E(Enum):
    A = 1
E.A.value = 2
# raises: AttributeError: <enum 'Enum'> cannot set attribute 'value'
# ---
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
print(list(Color), len(Color), Color.RED in Color, [c.name for c in Color])
# ---
from enum import Enum
class Status(str, Enum):
    OK = "ok"
    FAILED = "failed"
print(Status.OK == "ok", Status.OK in ["ok"], {"ok": 1}.get(Status.OK), Status("failed").name)
print(Status.OK, repr(Status.OK), f"{Status.OK}", list(Status), Status.OK.upper())
rows = [{"status": "ok"}, {"status": "failed"}, {"status": "ok"}]
print(sum(1 for r in rows if r["status"] == Status.OK))
# ---
from enum import Enum
class Level(int, Enum):
    LOW = 1
    HIGH = 3
print(Level.HIGH > Level.LOW, Level.LOW + 1, Level(3).name, sorted([Level.HIGH, Level.LOW]))
# ---
from enum import Enum
class S(str, Enum):
    A = "a"
S("zzz")
# raises: ValueError: 'zzz' is not a valid S
# ---
# A plain Flag is strict (3.11 default boundary): bits no member defines raise ValueError showing the given and allowed bits; negative values count down from the highest member bit; IntFlag keeps any value.
import enum
class F(enum.Flag):
    A = 1
    B = 4
class G(enum.Flag):
    A = 1
    AB = 3
class H(enum.Flag):
    R = enum.auto()
    W = enum.auto()
    X = enum.auto()
class I(enum.IntFlag):
    A = 1
    B = 2
for cls, vals in ((F, (2, -1, -5, 8, 0, 5, 1, 2**64)), (G, (2, -1, 3, 4)), (H, (-1, -2, 7, 6, 8, -8, -9)), (I, (8, 3))):
    for v in vals:
        try:
            print(cls.__name__, v, repr(cls(v)))
        except ValueError as e:
            print(repr(str(e)))
print(~H.R, H(-1) is H(7), list(H(-2)))
# ---
import enum
class F(enum.Flag):
    A = 1
    B = 2
for v in (8, 2**64, 2**100000, -1, 0):
    try:
        r = F(v)
        print(v if v < 100 else 'big', repr(r) if v < 100 else type(r).__name__)
    except Exception as e: print(type(e).__name__, str(e)[:80])
