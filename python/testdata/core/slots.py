class P:
    __slots__ = ('x', 'y')
    def __init__(self, x): self.x = x
p = P(1)
print(hasattr(p, '__dict__'), P.x, type(P.x).__name__, P.x.__name__, P.x.__objclass__)
for f in [lambda: p.y, lambda: setattr(p, 'z', 1), lambda: vars(p), lambda: p.__dict__, lambda: delattr(p, 'y'), lambda: P.x.__get__(p, P), lambda: P.x.__set__(p, 5), lambda: P.x.__get__(None, P)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(p.x, P.__slots__)
class Q(P): pass
q = Q(2); q.z = 3
print(vars(q), q.x)
class R(P):
    __slots__ = 'w'
r = R(1); r.w = 2
print(hasattr(r, '__dict__'), r.w, R.__slots__)
try:
    class S:
        __slots__ = ('a',)
        a = 1
except ValueError as e: print(e)
class T:
    __slots__ = ('__priv', '__dict__')
    def __init__(self): self.__priv = 1; self.other = 2
t = T()
print(vars(t), t._T__priv)
class U:
    __slots__ = ()
print(hasattr(U(), '__dict__'))
try: U().a = 1
except AttributeError as e: print(e)
import copy
p2 = copy.copy(p); print(p2.x); p3 = copy.deepcopy(p); print(p3.x)
try: print(p2.y)
except AttributeError as e: print(e)
print(repr(P.x))
from dataclasses import dataclass
@dataclass(slots=True)
class D:
    a: int
    b: int = 2
d = D(1)
print(d, hasattr(d, '__dict__'), D.__slots__)
try: d.c = 1
except AttributeError as e: print(e)
print(p == p, [n for n in dir(p) if not n.startswith('__')])
class V:
    __slots__ = ['a']
v = V()
try: v.a
except AttributeError as e: print(e)
try: del v.a
except AttributeError as e: print(e)
v.a = 1; del v.a; print(hasattr(v, 'a'))
try:
    class W: __slots__ = 1
except TypeError as e: print(e)
try:
    class W: __slots__ = ('1a',)
except TypeError as e: print(e)
try:
    class W: __slots__ = ('a', 'a')
except Exception as e: print(type(e).__name__, e)
try:
    class W(int): __slots__ = ('a',)
except TypeError as e: print(e)
class X(tuple): __slots__ = ()
print(hasattr(X(), '__dict__'))
class Y(P):
    __slots__ = ('x',)
print(Y(3).x)
# ---
from dataclasses import dataclass, replace, fields, FrozenInstanceError, asdict
import copy

@dataclass(slots=True, frozen=True)
class Pt:
    x: int
    y: int = 0

p = Pt(1, 2)
print(p, Pt.__slots__, hasattr(p, '__dict__'), hash(p) == hash(Pt(1, 2)))
try:
    p.x = 5
except FrozenInstanceError as e:
    print('frozen:', e)
print(replace(p, y=9), asdict(p), [f.name for f in fields(p)])
print(copy.copy(p), copy.deepcopy(p), copy.copy(p) == p)
match p:
    case Pt(a, b):
        print('matched', a, b)

@dataclass(slots=True)
class Base:
    a: int

@dataclass(slots=True)
class Child(Base):
    b: str = 'z'

c = Child(1)
print(c, Child.__slots__, hasattr(c, '__dict__'))
c.a = 10
print(c.a, c)
try:
    c.other = 1
except AttributeError as e:
    print(e)
# ---
class Node:
    __slots__ = ('value', 'next', '__secret')
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
        self.__secret = value * 2
    @property
    def secret(self):
        return self.__secret
    def __repr__(self):
        return f'Node({self.value!r})'

n = Node(1, Node(2))
print(n, n.next, n.secret, Node.__slots__, sorted(k for k in dir(Node) if 'secret' in k))
print(getattr(n, 'missing', 'dflt'), hasattr(n, 'value'))
del n.next
print(hasattr(n, 'next'), getattr(n, 'next', None))
object.__setattr__(n, 'next', 5)
print(n.next)

class Lazy:
    __slots__ = ('a',)
    def __getattr__(self, name):
        return 'fallback ' + name
l = Lazy()
print(l.a, l.b)
l.a = 1
print(l.a)

class S1:
    __slots__ = ('a',)
class S2(S1):
    __slots__ = ('b',)
    def both(self):
        return self.a, self.b, super().__class__.__name__
s = S2(); s.a = 1; s.b = 2
print(s.both(), S2.a, S2.b)
class S3(S1):
    __slots__ = ('b',)
s.__class__ = S3
print(type(s).__name__, s.a, s.b)
class Dicty:
    pass
try:
    s.__class__ = Dicty
except TypeError as e:
    print(e)
class Plain(S1):
    pass
q = Plain(); q.a = 1; q.z = 2
print(vars(q), q.a, Plain.a)
class WithList(list):
    __slots__ = ('tag',)
w = WithList([1, 2]); w.tag = 't'
print(w, w.tag, hasattr(w, '__dict__'))
try:
    w.other = 1
except AttributeError as e:
    print(e)
class M:
    __slots__ = ('a',)
    def meth(self): return 1
try:
    M().meth = 2
except AttributeError as e:
    print(e)
print(M.a.__get__(None, M), M.a.__name__, M.a.__objclass__.__name__)
m = M()
M.a.__set__(m, 7)
print(M.a.__get__(m, M), m.a)
M.a.__delete__(m)
print(hasattr(m, 'a'))
try:
    M.a.__get__(1, int)
except TypeError as e:
    print(e)
