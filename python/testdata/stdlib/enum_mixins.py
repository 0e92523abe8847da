# IntEnum, StrEnum and IntFlag members are ints and strs (CPython 3.11 derives them
# from int/str and ReprEnum): isinstance, the MRO, str()/format() of the mixed-in
# type, Enum's repr, and results of the base type's methods.
import enum
from enum import IntEnum, ReprEnum
class C(IntEnum):
    Z = 0
    A = 1
    B = 2
print(C.__mro__)
print(IntEnum.__mro__, repr(ReprEnum), issubclass(C, int), isinstance(C.A, int), isinstance(C.A, ReprEnum))
print(str(C.A), repr(C.A), format(C.A, '03d'), f"{C.A}|{C.A!r}|{C.A:>5}|{C.A!s}", "%s %d %r %x" % (C.A, C.A, C.A, C.B), "{} {!r}".format(C.B, C.B))
# ---
from enum import IntEnum
class C(IntEnum):
    Z = 0
    A = 1
    B = 2
r = [C.A + 1, -C.A, ~C.A, +C.A, abs(C.A), C.A & 3, C.A | C.B, C.B ** 3, divmod(C.B, 2), C.B // 2, round(C.B), C.B >> 1, C.A << 3, int(C.A), C.A.value, C.B.real, C.B.numerator]
print(r, [type(x).__name__ for x in r], C.B / 2, C.B.bit_length(), hex(C.B), range(C.B), [10, 20, 30][C.B])
print(bool(C.Z), bool(C.A), sorted([C.B, 0, C.A]), sum(C), max(C), list(C), C(1) is C.A, C(C.A) is C.A, C.A.name, type(C.A).__name__)
# ---
import copy, json
from enum import Enum, IntEnum
class C(IntEnum):
    A = 1
    B = 2
class D(IntEnum):
    A = 1
class E(Enum):
    A = 1
print(C.A == 1, C.A == D.A, C.A == E.A, C.A != E.A, C.A < 2, C.A < D.A, 1 in [C.A], C.A in {1, 5})
print(hash(C.A) == hash(1), {1: 'x'}[C.A], {C.A: 'y'}[1], {C.A: 'a', 1: 'b'}, copy.copy(C.A) is C.A, copy.deepcopy([C.B])[0] is C.B)
print(json.dumps(C.A), json.dumps({C.A: C.B, 'l': [D.A]}), json.dumps({"k": C.B}, sort_keys=True))
# ---
from enum import Enum, IntEnum
class C(IntEnum):
    A = 1
class E(Enum):
    A = 1
C.A < E.A
# raises: TypeError: '<' not supported between instances of 'C' and 'E'
# ---
from enum import Enum, IntEnum
class C(IntEnum):
    A = 1
class E(Enum):
    A = 1
C.A + E.A
# raises: TypeError: unsupported operand type(s) for +: 'C' and 'E'
# ---
import json
from enum import StrEnum, ReprEnum, auto
class S(StrEnum):
    X = auto()
    Y = 'why'
print(S.__mro__, StrEnum.__mro__)
print(isinstance(S.X, str), isinstance(S.X, ReprEnum), str(S.X), repr(S.Y), format(S.Y, '>6'), f"{S.X}|{S.Y!r}|{S.Y:^7}", "%s %r" % (S.X, S.Y), "{}".format(S.Y))
r = [S.X.upper(), S.X + 'y', 'a' + S.X, S.Y[0], S.Y[1:], S.X * 2, S.Y.value, S.Y.replace('w', 'W'), S.Y.strip('w')]
print(r, [type(x).__name__ for x in r], S.Y.split('h'), '-'.join([S.X, S.Y]), len(S.Y), 'h' in S.Y, S.X < 'y', S.Y.name)
print(S.X == 'x', hash(S.X) == hash('x'), {'x': 1}[S.X], {S.X: 2}['x'], S('why') is S.Y, json.dumps(S.Y), json.dumps({S.X: [S.Y]}), sorted([S.Y, 'a', S.X]))
# ---
from enum import StrEnum
class S(StrEnum):
    X = 'x'
S.X + 1
# raises: TypeError: can only concatenate str (not "int") to str
# ---
from enum import StrEnum
class S(StrEnum):
    X = 1
# raises: TypeError: 1 is not a string
# ---
import json
from enum import IntFlag, Flag, ReprEnum
class P(IntFlag):
    X = 1
    W = 2
    R = 4
print(P.__mro__, IntFlag.__mro__, isinstance(P.R, int), isinstance(P.R, ReprEnum), isinstance(P.R, Flag))
print(P.R | P.W, repr(P.R | P.W), str(P.R | P.W), type(P.R | P.W), P.R | 8, repr(P.R | 8), repr(8 | P.R), repr(P.R & 4), repr(P.R ^ P.W), repr(3 ^ P.W), repr(~P.R), repr(P(0)), bool(P(0)))
print(P.R + 1, type(P.R + 1).__name__, P.R * 2, -P.W, hash(P.R) == hash(4), {4: 'r'}[P.R], json.dumps(P.R | P.W), json.dumps({P.R: P.X}), list(P.R | P.W), P.R in (P.R | P.W), format(P.R, 'x'), f"{P.R | P.X}", len(P.R | P.W), P(6) is (P.W | P.R), int(P.R | P.X))
# ---
from enum import IntFlag
class P(IntFlag):
    R = 4
P.R | 1.5
# raises: TypeError: unsupported operand type(s) for |: 'P' and 'float'
# ---
from enum import Enum, IntFlag
class P(IntFlag):
    R = 4
class E(Enum):
    A = 1
P.R & E.A
# raises: TypeError: unsupported operand type(s) for &: 'P' and 'E'
# ---
# A user's own mixin keeps Enum's str() and format(); a user's __str__ wins over ReprEnum's.
from enum import Enum, IntEnum, StrEnum
class M(int, Enum):
    A = 1
class N(IntEnum):
    A = 1
    def __str__(self):
        return 'N-' + self.name
class T(StrEnum):
    A = 'a'
    def __format__(self, spec):
        return 'T!'
print(M.__mro__, str(M.A), repr(M.A), format(M.A), f"{M.A}", M.A + 1)
print(str(N.A), f"{N.A}", format(N.A, '>4'), repr(N.A), str(T.A), f"{T.A}", repr(T.A))
# ---
# IntFlag keeps any int: bits no member names follow the names as one number;
# a negative value counts down from a power of two; ~ inverts within the bits
# used; len() counts bits; iterating a flag class lists its single-bit members.
from enum import IntFlag, Flag
class P(IntFlag):
    X = 1
    W = 2
    R = 4
for v in (0, 8, 12, 7, -1, -5, 18, -100, -9, -8, -7, -16, 2**70, -(2**70)):
    m = P(v)
    print(v, repr(m), str(m), m.name, m.value, list(m), len(m), repr(~m))
class Q(IntFlag):
    N = 0
    A = 1
    C = 4
    AC = 5
class F(Flag):
    N = 0
    A = 1
    AB = 3
    B = 2
print(repr(Q(7)), repr(Q(2)), repr(~Q.A), list(Q), len(Q), list(Q.__members__), list(F), len(F), Q.AC in Q, repr(F.A | F.B))
# ---
# A mixed-in type makes the member's value of the one given: int('1'), int('10', 16), str(1), float(2).
from enum import Enum
class M(int, Enum):
    A = '1'
    B = ('10', 16)
class N(str, Enum):
    A = 1
class F(float, Enum):
    A = 2
print(repr(M.A), repr(M.B), repr(N.A), repr(F.A), M.A.value, type(N.A.value), F.A.value, M(1), M(16), N('1'))
# ---
# auto() takes its value when the class body binds it, so later lines can combine members (RW = R | W).
from enum import Flag, IntFlag, Enum, StrEnum, IntEnum, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
    RW = R | W
    ALL = RW | X
class P(IntFlag):
    A = auto()
    B = auto()
    AB = A | B
    C = auto()
class S(StrEnum):
    ONE = auto()
    TWO = auto()
    BOTH = ONE + '+' + TWO
class N(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name * 2
    AA = auto()
    BB = auto()
class I(IntEnum):
    A = 5
    B = auto()
    C = (auto())
class T(Enum):
    A = (auto(), 'x')
    B = auto()
print(list(Perm), repr(Perm.RW), repr(Perm.ALL), list(P), repr(P.AB), repr(P.C), list(S), repr(S.BOTH), list(N), list(I), list(T))
# ---
# Agent-style uses: dataclasses, match, json, formatting, int/str methods, the functional API (values from _generate_next_value_).
import enum, json, dataclasses
from enum import IntEnum, StrEnum, IntFlag, Enum, Flag, auto, unique
class Color(StrEnum):
    RED = auto()
    GREEN = auto()
class Pri(IntEnum):
    LOW = 1
    HIGH = 2
@dataclasses.dataclass
class Task:
    name: str
    pri: Pri
    color: Color = Color.RED
t = Task('a', Pri.HIGH)
print(t, dataclasses.asdict(t), json.dumps(dataclasses.asdict(t)))
match Pri(2):
    case Pri.LOW: print('low')
    case Pri.HIGH: print('high')
match 'green':
    case Color.GREEN: print('green!')
print(Pri.HIGH in Pri, isinstance(Pri.LOW, Pri), Pri.LOW.__class__, sorted(Pri, reverse=True), max(Pri), Pri['LOW'], Pri.LOW == True, Pri.LOW is Pri(True))
print({c: c.value for c in Color}, [str(c) for c in Color], ', '.join(Color), Color.RED.title(), Color.RED.encode(), Color.RED.startswith('r'))
print(Color.RED.__hash__() == hash('red'), '%5s|%-6s|' % (Color.RED, Pri.LOW), '{0:>4}{1:x}'.format(Pri.HIGH, Pri.HIGH), f'{Pri.HIGH:.2f}', str(Pri.HIGH).zfill(3))
print(Pri.HIGH.to_bytes(2, 'big'), Pri.from_bytes(b'\x00\x02', 'big'), type(Pri.from_bytes(b'\x00\x02', 'big')), int.from_bytes(b'\x01', 'big'))
print(Pri.__members__, list(Pri.__members__.items())[0], Pri._value2member_map_ == {1: Pri.LOW, 2: Pri.HIGH})
print(enum.IntEnum('Lvl', 'A B C'), list(enum.IntEnum('Lvl', 'A B C')), enum.StrEnum('Q', ['X', 'Y']).X, repr(enum.IntFlag('Z', 'P Q').Q))
print(Pri.LOW.__str__(), Pri.LOW.__repr__(), Pri.LOW.__format__(''), Color.RED.__str__(), str.__str__(Color.RED))
d = {Pri.LOW: 'x'}
d[1] = 'y'
print(d, len(d), {Color.RED: 1, 'red': 2})
import copy
print(copy.deepcopy({'p': Pri.LOW})['p'] is Pri.LOW, copy.copy(Color.RED) is Color.RED)
class Shape(IntEnum):
    SQ = 4
    @property
    def sides(self): return int(self)
    def double(self): return self * 2
print(Shape.SQ.sides, Shape.SQ.double(), type(Shape.SQ.double()))
print(bool(IntFlag('E', 'A')(0)), abs(Pri.LOW), pow(Pri.HIGH, 3), Pri.HIGH.conjugate(), Pri.HIGH.denominator, float(Pri.HIGH), complex(Pri.HIGH))
print(Pri.LOW + Pri.HIGH, Pri.LOW - Pri.HIGH, sum([Pri.LOW, Pri.HIGH]), Pri.HIGH // Pri.LOW)
print(list(enum.Flag('Fz', 'A B C')), list(enum.IntFlag('Iz', 'A B C')), list(enum.Enum('Ez', 'A B C', start=5)), list(enum.StrEnum('Sz', 'Ab Cd')), list(enum.IntEnum('Nz', ['x', 'y'], start=0)))
