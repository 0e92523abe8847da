print(format(1e16, ','), '%.0f' % 0.5, '%.0f' % 1.5, '%5.1s|' % 'abc', '{:,}'.format(-1234.5), f"{-0.0}", '%r' % {'a': 'b'}, '{:=^10}'.format('x'), '{:0>5}'.format(-3), '{:05}'.format(-3))
# ---
print('{:,.0f}'.format(1e6), format(123, 'n'), '{:%}'.format(0.1234), format(True, '>5'), format(1.0, ''), str(1e-7), repr(1e22), '{!a}'.format('é'), format(5, '+05d'), '{:#x}'.format(-255))
# ---
print('%+.2e' % -1234.5, '%x' % -255, '%#o' % 8, '%i' % 3.9, '%.2f' % 2.675, '%s' % ((1, 2),), '{:g}'.format(1e-4), '{:.3g}'.format(1234567), '{:10.3e}|'.format(3.14159), format(0.0, 'e'))
# ---
print(format(float('nan'), '.2f'), format(float('inf'), 'e'), format(10, 'e'), format(10, '.2f'), format(10, '%'), format(True, 'f'), format(-0.0, 'g'), format(1e100, ',.0f')[:10])
# ---
print(int('٣'), int(' +5 '), int('0_1'), float('  1e-3 '), float('infinity'), float('-nan') != float('nan'), int('10', 2), int('ff', 16), int('0o17', 0), float('.5'), float('5.'))
# ---
try:
    round(float('inf'))
except OverflowError as e:
    print(e)
try:
    int(float('nan'))
except ValueError as e:
    print(e)
try:
    int('')
except ValueError as e:
    print(e)
try:
    float('')
except ValueError as e:
    print(e)
# ---
print('abc'.translate(str.maketrans('ab', 'xy', 'c')), "they're bill's".title(), 'hello WORLD'.capitalize(), 'ﬁ'.upper(), ' \t\n'.isspace(), '+42'.zfill(6), 'a b c'.split(None, 1), 'a,b,c'.split(',', -1), 'abc'.center(6), 'abc'.center(7, '*'))
# ---
try:
    'x'.ljust(3, 'ab')
except TypeError as e:
    print(e)
a = list(range(10))
try:
    a[::2] = [1, 2]
except ValueError as e:
    print(e)
del a[1:3]
print(a, a[::-3], a[-100:100], a[5:2:-1], 'hello'[::-2])
# ---
print((-5) // 2, -5 % 3, 5 % -3, divmod(-5.5, 2), 2 ** 1000 % 7, (255).bit_count(), 10 ** -1, pow(2, 10, -3), round(-0.5), round(0.5), round(1.5), round(2.5), True + True, ~True, -True)
# ---
print(hash(-1), hash(1.0) == hash(1), hash(-2), hash(True), 1 < 2 < 3, 1 == 1.0 == True, 2 < 1 < 0)
# ---
class A:
    x = 1
    try:
        y = [x for _ in range(2)]
    except NameError as e:
        err = str(e)
print(A.err)
# ---
class R:
    def __repr__(self):
        return "R!"
class S:
    def __str__(self):
        return 5
print(str(R()), f"{R()}", [R()], "%s" % R())
try:
    print(S())
except TypeError as e:
    print(e)
# ---
class E:
    def __eq__(self, o):
        return NotImplemented
e = E()
print(e == e, e == E(), e != E(), e != e)
# ---
class L:
    def __len__(self):
        return 0
class G:
    def __getitem__(self, i):
        if i > 3:
            raise IndexError
        return i * 10
class I:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
print(bool(L()), list(G()), 20 in G(), 25 in G(), [0, 1, 2, 3][I(1):I(3)], range(I(3)), hex(I(255)))
# ---
class I:
    def __index__(self):
        return 2
print("ab" * I(), [0] * I(), (1,) * I())
# ---
class V:
    def __init__(self, v):
        self.v = v
    def __gt__(self, o):
        return self.v > o.v
print(V(1) < V(2), V(3) < V(2), sorted([V(3), V(1)], reverse=True)[0].v)
# ---
print(max([1, 3, 2], key=lambda x: -x), min("bca"), max({"a": 1, "b": 0}, key=lambda k: k))
try:
    max([])
except ValueError as e:
    print(e)
try:
    min(1)
except TypeError as e:
    print(e)
# ---
print({'a': "it's"}, repr("it's"), repr('say "hi"'), repr('both \' and "'), [1.0, -0.0, 1e-05, 1e16, 0.1], {1: {2: set()}}, frozenset(), range(0), {}.keys(), (1,), ())
# ---
from enum import Enum, IntEnum, Flag, auto, StrEnum
class C(Enum):
    RED = auto()
    GREEN = auto()
class N(IntEnum):
    ONE = 1
    TWO = 2
class P(Flag):
    R = auto()
    W = auto()
    X = auto()
class S(StrEnum):
    A = auto()
    B = "bee"
print(C.RED, repr(C.GREEN), f"{C.RED}", N.ONE, f"{N.TWO}", N.ONE + 1, N(2), str(N.TWO), P.R | P.W, (P.R | P.W).value, P.R in (P.R | P.X), S.A, S.B, f"{S.B}", S.A == "a")
# ---
from enum import Enum
class Status(Enum):
    OK = "ok"
    ERR = "err"
print([s.name for s in Status], Status["OK"], Status("err"), Status.OK.value, len(Status), Status.OK in Status, {Status.OK: 1})
try:
    Status("nope")
except ValueError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
try:
    Status["nope"]
except KeyError as e:
    print(repr(e))
# ---
from dataclasses import dataclass
try:
    @dataclass
    class D:
        x: int = 0
        y: int
except TypeError as e:
    print(e)
# ---
def g():
    x = yield 1
    yield x
gen = g()
try:
    gen.send(5)
except TypeError as e:
    print(e)
gen = g()
print(next(gen), gen.send("sent"))
try:
    gen.throw(ValueError("thrown"))
except ValueError as e:
    print("out", e)
gen.close()
print(list(gen))
# ---
def f():
    try:
        raise ValueError("x")
    finally:
        return "swallowed"
def g():
    try:
        return "try"
    finally:
        return "finally"
print(f(), g())
# ---
errs = (KeyError, IndexError)
try:
    [][1]
except errs as e:
    print(type(e).__name__)
try:
    raise ValueError("x") from 5
except TypeError as e:
    print(e)
# ---
print(str(KeyError()), repr(OSError(2, 'No such file')), OSError(2, 'No such file').errno, OSError(2, 'x').strerror, str(OSError(2, 'x')), str(FileNotFoundError(2, "nf", "a.txt")))
# ---
class MyInt(int):
    def double(self):
        return self * 2
m = MyInt(5)
print(m + 1, type(m + 1).__name__, m.double(), type(m.double()).__name__, repr(m), m == 5, isinstance(m, int))
class MyStr(str):
    def shout(self):
        return self.upper() + "!"
s = MyStr("hi")
print(s.shout(), type(s.upper()).__name__, s + "x", type(s + "x").__name__, len(s), s == "hi", repr(s))
# ---
class Base:
    subs = []
    def __init_subclass__(cls, flag=False, **kw):
        super().__init_subclass__(**kw)
        Base.subs.append((cls.__name__, flag))
class A(Base, flag=True):
    pass
class B(Base):
    pass
print(Base.subs)
# ---
class A:
    @classmethod
    def make(cls):
        return cls.__name__
class B(A):
    @classmethod
    def make(cls):
        return "B+" + super().make()
    def two(self):
        return super(B, self).make()
print(B.make(), B().two(), B().make())
# ---
import functools
class C:
    def __init__(self):
        self.n = 0
    @functools.cached_property
    def heavy(self):
        self.n += 1
        return [1, 2, 3]
    @property
    def p(self):
        return self._p
    @p.deleter
    def p(self):
        print("deleting")
c = C()
print(c.heavy, c.heavy, c.n, "heavy" in vars(c), type(C.p).__name__)
del c.p
# ---
class Named:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, t=None):
        return f"<{self.name}>"
class H:
    alpha = Named()
    beta = Named()
print(H().alpha, H.beta)
# ---
from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def name(self): ...
class Sq(Shape):
    def area(self):
        return 1
try:
    Shape()
except TypeError as e:
    print(e)
try:
    Sq()
except TypeError as e:
    print(e)
# ---
from typing import TypedDict
class Movie(TypedDict):
    title: str
    year: int
m = Movie(title="x", year=1)
print(m, type(m).__name__)
# ---
import itertools, math
print(hasattr(itertools, "batched"), hasattr(math, "sumprod"), hasattr(math, "cbrt"), hasattr(math, "exp2"))
# ---
import datetime as dt
print(repr(dt.timedelta(days=1, seconds=7384.5)), str(dt.timedelta(seconds=-1)), dt.timedelta(days=1) / 3, dt.timedelta(hours=1) * 1.5, dt.datetime(2024, 1, 1, 0, 0).isoformat(), dt.datetime(2024, 1, 1, 0, 0, 0, 5).isoformat(), repr(dt.date(2024, 1, 2)), repr(dt.datetime(2024, 1, 2, 3, 4)))
try:
    dt.datetime(2024, 1, 1) < dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)
except TypeError as e:
    print(e)
# ---
import datetime as dt
d = dt.datetime(2024, 3, 5, 14, 7, tzinfo=dt.timezone(dt.timedelta(hours=-5, minutes=-30)))
print(d, d.strftime("%Z %z"), d.isoformat(), dt.timezone.utc, repr(dt.timezone.utc), d.tzname(), dt.datetime(2024, 1, 7).strftime("%U %W %j %w"))
# ---
import json
print(json.dumps(1e16), json.dumps(float('nan')), json.dumps([1], indent=0), json.dumps({"b": 1, "a": [1, 2]}, indent="\t"), json.dumps(1.0), json.dumps(0.1 + 0.2), json.dumps({True: 1, None: 2, 1.5: 3}))
try:
    json.dumps({1: 'a', 'b': 2}, sort_keys=True)
except TypeError as e:
    print(e)
try:
    json.dumps({(1, 2): 'a'})
except TypeError as e:
    print(e)
print(json.dumps({"d": object()}, default=lambda o: "obj"))
# ---
import re
print(re.sub('x*', '-', 'abc'), re.findall(r'\d*', 'a12b'), re.split(r',', 'a,b,c', maxsplit=1), re.findall(r'(?<=@)\w+', 'a@b c@d'), re.search(r'(?P<q>["\']).*?(?P=q)', 'say "hi" ok').group(), re.findall(r'\w+', 'héllo wörld'), re.findall(r'\d', '٣4'))
m = re.match(r'(a)(b)?(c)?', 'ac')
print(m.groups(), m.groups('-'), m.lastindex, m.expand(r'\1-\3'), m.group(0, 1), re.sub(r'a', lambda m: 'X', 'aba'))
# ---
import re
pat = re.compile(r"""
    (?P<num>\d+)   # digits
    \s*
    (?P<unit>[a-z]+)
""", re.VERBOSE | re.I)
print([m.groupdict() for m in pat.finditer("10 KB, 5mb 7 Gb")], re.findall(r'^a.c$', 'abc\na\nc', re.S | re.M), re.findall(r'a.c', 'a\nc', re.S))
# ---
from collections import Counter, defaultdict, OrderedDict
c = Counter("abca")
d = defaultdict(list)
d["x"].append(1)
print(isinstance(c, dict), isinstance(d, dict), isinstance(OrderedDict(), dict), issubclass(Counter, dict))
# ---
from collections import defaultdict
def normalise(v):
    if isinstance(v, dict):
        return {k: normalise(x) for k, x in sorted(v.items())}
    if isinstance(v, (list, tuple)):
        return [normalise(x) for x in v]
    return v
groups = defaultdict(list)
for name, team in [("ada", "core"), ("bob", "web"), ("cy", "core")]:
    groups[team].append(name)
print(normalise({"teams": groups, "n": 3}))
# ---
from collections import namedtuple
P = namedtuple("P", "x y")
p = P(1, 2)
print(isinstance(p, tuple), "%s-%s" % p)
# ---
from typing import NamedTuple
class Row(NamedTuple):
    id: int
    name: str
r = Row(1, "a")
print(isinstance(r, tuple), "%d:%s" % r, type(r).__bases__[0].__name__)
