# dir() of an enum class is its metaclass EnumType.__dir__ (protocol names, members,
# the mixed-in data type's names); dir() of a member is Enum.__dir__.
import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
    def m(self): pass
    @property
    def p(self): return 1
    X = 5
class P(enum.Flag):
    R = 1
    W = 2
    RW = 3
    X = 4
class WithNew(enum.Enum):
    def __new__(cls, v):
        o = object.__new__(cls)
        o._value_ = v
        return o
    A = 1
class M:
    pass
class WithMixin(M, enum.Enum):
    A = 1
for c in (Color, P, WithNew, WithMixin, enum.Enum, enum.Flag):
    print(c.__name__, dir(c))
for m in (Color.RED, P.R, P.R | P.W, P.RW, WithNew.A, WithMixin.A):
    print(repr(m), dir(m))
Color.RED.extra = 1
Color.RED._hidden = 2
print(dir(Color.RED))
print(type(Color).__dir__(Color) == dir(Color))
class IE(enum.IntEnum):
    Z = 0
# A mixed-in data type's names come too (minus the pickle protocol, absent here).
d = dir(IE)
print(d == sorted(d), 'Z' in d, 'bit_length' in d, '__members__' in d, '__qualname__' in d, '__toolplane_class_iter__' in d)
# ---
# Flag.__contains__ takes members of its class only (TypeError, as 3.11); ReprEnum
# needs a data type; x in EnumClass for a non-member warns (DeprecationWarning) then raises.
import enum
class P(enum.Flag):
    R = 1
    W = 2
    X = 4
class IP(enum.IntFlag):
    A = 1
    B = 2
def t(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
t(lambda: P.R in P.R | P.W)
t(lambda: P.X in P.R | P.W)
for v in [1, 'a', None, 3.0, IP.A]:
    t(lambda: v in P.R)
for v in [1, 'a', 3, P.R]:
    t(lambda: v in IP.A)
t(lambda: IP.A in IP.A | IP.B)
for base in (enum.ReprEnum,):
    try:
        class R(base):
            A = 1
        print('made', R)
    except TypeError as e:
        print('TypeError', e)
class M:
    pass
try:
    class R2(M, enum.ReprEnum):
        A = 1
    print('made', R2)
except TypeError as e:
    print('TypeError', e)
class R3(int, enum.ReprEnum):
    A = 1
print(repr(R3.A), str(R3.A), format(R3.A))
class R4(R3.__mro__[1] if False else enum.IntEnum):
    B = 2
print(str(R4.B))
# ---
import enum, warnings
warnings.simplefilter('ignore', DeprecationWarning)
class P(enum.Flag):
    R = 1
class C(enum.Enum):
    A = 1
for cls in (P, C):
    try: print(1 in cls)
    except TypeError as e: print('TypeError', e)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try: 1 in cls
        except TypeError: pass
        print(len(w), w[0].category.__name__, str(w[0].message).split('\n')[0])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        try: 'a' in cls
        except DeprecationWarning as e: print('DeprecationWarning', str(e).split('\n')[0])
    print(C.A in cls, P.R in cls)
# ---
# dir() of a member of an enum mixed with int, str or float is object.__dir__'s
# names (the members among them, the class's bookkeeping as CPython's EnumType
# records it) with the public ones; only __reduce__ is left out here (no pickle
# protocol on purpose). A member's __dict__ and the class's records as CPython's.
import enum
class Color(enum.IntEnum):
    RED = 1
    GREEN = 2
class S(enum.StrEnum):
    A = 'a'
class FE(float, enum.Enum):
    P = 1.5
class M(enum.Enum):
    A = 1
    def meth(self): pass
for m in [Color.RED, S.A, FE.P, M.A]:
    print(sorted(set(dir(m)) - {'__reduce__'}))
print(Color.RED.__dict__, M.A.__dict__, Color.GREEN._sort_order_, Color.GREEN.__objclass__)
print(Color._member_type_, Color._use_args_, Color._unhashable_values_, M._member_type_, M._use_args_, M._value_repr_)
print(Color._new_member_ is int.__new__, M._new_member_ is object.__new__, Color._value_repr_ is int.__repr__)
print(sorted(k for k in vars(Color) if k.startswith('_') and k.endswith('_') and not k.startswith('__')))
