class A:
    def __eq__(self, other):
        return True
print(A.__hash__ is None)
hash(A())
# raises: TypeError: unhashable type: 'A'
# ---
class S:
    def __str__(self):
        return 42
str(S())
# raises: TypeError: __str__ returned non-string (type int)
# ---
class R:
    def __repr__(self):
        return None
repr(R())
# raises: TypeError: __repr__ returned non-string (type NoneType)
# ---
class C:
    def __iter__(self):
        yield from (1, 2, 3)
print(2 in C(), 5 in C(), list(C()), sum(C()))
# ---
class L:
    def __len__(self):
        return 0
class N:
    pass
print(bool(L()), bool(N()), not L())
# ---
class G:
    def __gt__(self, other):
        return "gt called"
print(1 < G(), G() > 1)
# ---
class P:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return P(self.v + (o.v if isinstance(o, P) else o))
    def __radd__(self, o):
        return self.__add__(o)
    def __repr__(self):
        return f"P({self.v})"
print(sum([P(1), P(2), P(3)]), 10 + P(1), P(1) + 10)
# ---
class Base:
    def __init_subclass__(cls, tag="none", **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
class A(Base, tag="alpha"):
    pass
class B(Base):
    pass
print(A.tag, B.tag)
# ---
class A:
    @classmethod
    def create(cls):
        return f"A.create for {cls.__name__}"
class B(A):
    @classmethod
    def create(cls):
        return "B+" + super().create()
print(B.create(), A.create())
# ---
class T:
    def __init__(self):
        self._x = 1
    @property
    def x(self):
        return self._x
    @x.deleter
    def x(self):
        print("deleting")
        del self._x
t = T()
del t.x
print(hasattr(t, "_x"))
# ---
class A:
    @property
    def v(self):
        return "A.v"
class B(A):
    @property
    def v(self):
        return "B.v+" + super().v
print(B().v)
# ---
class Sq:
    def __getitem__(self, k):
        if isinstance(k, slice):
            return ("slice", k.start, k.stop, k.step)
        return ("index", k)
s = Sq()
print(s[1], s[1:2], s[::3], s[-1], s["key"])
# ---
class M:
    def __init__(self):
        self.d = {}
    def __setitem__(self, k, v):
        self.d[k] = v * 2
    def __getitem__(self, k):
        return self.d[k]
    def __delitem__(self, k):
        del self.d[k]
m = M()
m["a"] = 5
m["b"] = 1
del m["b"]
print(m["a"], m.d)
m["b"]
# raises: KeyError: 'b'
# ---
class Counter:
    def __init__(self):
        self.n = 0
    def __call__(self, *args):
        self.n += 1
        return args
c = Counter()
print(c(1), c(), c(1, 2), c.n, callable(c))
# ---
class A:
    x = []
a1, a2 = A(), A()
a1.x.append(1)
a2.x = [2]
print(A.x, a1.x, a2.x)
# ---
class Meta:
    pass
obj = Meta()
obj.__dict__["z"] = 9
print(obj.z, vars(obj), type(obj).__name__)
# ---
class A:
    def method(self):
        return self
a = A()
m1 = a.method
m2 = a.method
print(m1() is a, m1 == m2, A.method(a) is a)
# ---
class Shape:
    def area(self):
        return 0
    def describe(self):
        return f"{type(self).__name__} with area {self.area()}"
class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
class Sq(Rect):
    def __init__(self, s):
        super().__init__(s, s)
print([s.describe() for s in (Shape(), Rect(2, 3), Sq(4))])
# ---
class A:
    def __init__(self):
        self.x = 1
    def __eq__(self, other):
        if not isinstance(other, A):
            return NotImplemented
        return self.x == other.x
print(A() == A(), A() == 1, A() != A(), 1 != A(), A() in [1, A()])
# ---
class Temp:
    def __init__(self, d):
        self.d = d
    def __lt__(self, o):
        return self.d < o.d
    def __repr__(self):
        return f"T{self.d}"
print(sorted([Temp(3), Temp(1), Temp(2)]), min(Temp(5), Temp(4)), max([Temp(1), Temp(9)]))
# ---
class A:
    pass
class B:
    pass
print(isinstance(A(), (B, A)), issubclass(A, (B,)), isinstance(A, type), type(A()) == A)
issubclass(A(), A)
# raises: TypeError: issubclass() arg 1 must be a class
# ---
class Node:
    def __init__(self, v, nxt=None):
        self.v, self.nxt = v, nxt
    def __iter__(self):
        node = self
        while node:
            yield node.v
            node = node.nxt
lst = Node(1, Node(2, Node(3)))
print(list(lst), [v * 10 for v in lst], max(lst))
# ---
class A:
    count = 0
    def __init__(self):
        self.count += 1
a = A()
print(a.count, A.count)
# ---
class C:
    def __init__(self):
        self.items = [3, 1, 2]
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i]
c = C()
print(len(c), sorted(c), list(reversed(c)), c[-1], 3 in c)
# ---
class V:
    __slots__ = ("a",)
v = V()
v.a = 1
print(v.a)
v.b = 2
# raises: AttributeError: 'V' object has no attribute 'b'
# ---
class E(Exception):
    def __init__(self, msg, code):
        self.code = code
        super().__init__(msg)
try:
    raise E("bad thing", 7)
except E as e:
    print(e, e.code, e.args, repr(e))
# ---
class NoInit(Exception):
    def __init__(self, code):
        self.code = code
e = NoInit(5)
print(e.code, e.args, str(e), repr(e))
# ---
def make_class(name):
    class Inner:
        def hello(self):
            return f"hello from {name}"
    Inner.__name__ = name
    return Inner
K = make_class("Dyn")
print(K().hello(), K.__name__)
# ---
class A:
    def f(self):
        return "A"
class B(A):
    pass
class C(A):
    def f(self):
        return "C"
class D(B, C):
    pass
print(D().f(), [k.__name__ for k in D.__mro__])
