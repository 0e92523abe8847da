from enum import Enum, auto
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)
print([(p.name, round(p.gravity, 2)) for p in Planet], Planet.EARTH.value, Planet((5.976e+24, 6.37814e6)).name)
# ---
from enum import Enum
class Level(Enum):
    LOW = 1
    MID = 2
    HIGH = 3
    DEFAULT = 2
    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None
    def __lt__(self, other):
        return self.value < other.value
print(Level.DEFAULT is Level.MID, Level(2).name, list(Level.__members__), Level("high"), sorted([Level.HIGH, Level.LOW]), max(Level), len(Level))
try:
    Level(9)
except ValueError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from enum import Enum
class E(Enum):
    A = 1
    B = 2
try:
    E.A < E.B
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
print(E.A == 1, E.A.value == 1, {E.A, E.A, E.B} == {E.A, E.B}, E["B"] is E.B, E.A.name.lower())
# ---
from enum import Flag, IntFlag, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
rw = Perm.R | Perm.W
print(rw, Perm.R in rw, Perm.X in rw, bool(Perm(0)), rw & Perm.W, rw.value, Perm(3))
class IP(IntFlag):
    A = 1
    B = 2
print(IP.A | 4, IP.A | IP.B, int(IP.B), str(IP.A | IP.B), format(IP.B), IP(3))
# ---
from enum import Enum, unique
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
from enum import Enum, auto
class Auto(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()
    FIRST = auto()
    SECOND = auto()
class Num(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()
print([a.value for a in Auto], [n.value for n in Num])
# ---
from enum import Enum
class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"
    def describe(self):
        return f"{self.name.title()} ({self.value})"
    @classmethod
    def parse(cls, s):
        try:
            return cls(s.strip().lower())
        except ValueError:
            return cls.INACTIVE
rows = [{"u": "a", "s": " Active"}, {"u": "b", "s": "gone"}, {"u": "c", "s": "inactive"}]
parsed = [(r["u"], Status.parse(r["s"])) for r in rows]
print([(u, s.describe()) for u, s in parsed], sum(s is Status.ACTIVE for _, s in parsed))
from collections import Counter
print(Counter(s for _, s in parsed).most_common(1)[0][0].name)
# ---
from enum import Flag, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
print(list(Perm.R | Perm.W), len(Perm.R | Perm.X))
# ---
from enum import Flag, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
print(~Perm.R, ~(Perm.R | Perm.W))
# ---
from enum import IntFlag
class IP(IntFlag):
    A = 1
    B = 2
print(IP.A + 1, IP.B * 3, IP.B - IP.A, sum([IP.A, IP.B]))
# ---
from enum import Enum
class Unit(Enum):
    KB = (1, "kilo")
    MB = (2, "mega")
    def __init__(self, power, label):
        self.power = power
        self.label = label
    def bytes(self, n):
        return n * 1024 ** self.power
print(Unit.MB.bytes(3), Unit.KB.label, Unit.KB.value)
