class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return V(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __eq__(self, o):
        return (self.x, self.y) == (o.x, o.y)
a, b = V(1, 2), V(3, 4)
print(a + b, b - a, a * 3, 2 * a, -a, abs(b), a == V(1, 2), a != b)
# ---
class S:
    def __str__(self):
        return "S-str"
    def __repr__(self):
        return "S-repr"
s = S()
print(s, str(s), repr(s), [s], (s,), {"k": s}, f"{s}", "%s %r" % (s, s))
# ---
class OnlyRepr:
    def __repr__(self):
        return "<only>"
print(OnlyRepr(), str(OnlyRepr()), f"{OnlyRepr()!s}")
# ---
class Box:
    def __init__(self, items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i]
    def __setitem__(self, i, v):
        self.items[i] = v
    def __delitem__(self, i):
        del self.items[i]
    def __contains__(self, x):
        return x in self.items
b = Box("abc")
b[0] = "z"
del b[1]
print(len(b), b[0], b[-1], "c" in b, "a" in b, list(b), b[0:1])
# ---
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
print(list(Seq()), 20 in Seq(), [x for x in Seq()])
# ---
class It:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        self.i = 0
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
print(list(It(3)), sum(It(4)), sorted(It(3), reverse=True))
# ---
class Ver:
    def __init__(self, s):
        self.t = tuple(int(p) for p in s.split("."))
    def __lt__(self, o):
        return self.t < o.t
    def __eq__(self, o):
        return self.t == o.t
    def __repr__(self):
        return ".".join(map(str, self.t))
vs = [Ver("1.10"), Ver("1.2"), Ver("1.9.1")]
print(sorted(vs), max(vs), min(vs), Ver("1.0") < Ver("1.0.1"), Ver("2") > Ver("1"))
# ---
class C:
    def __lt__(self, o):
        return True
C() <= C()
# raises: TypeError: '<=' not supported between instances of 'C' and 'C'
# ---
class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x):
        return x + self.n
add5 = Adder(5)
print(add5(10), callable(add5), callable(Adder), callable(5), list(map(add5, [1, 2])))
# ---
class Num:
    def __init__(self, v):
        self.v = v
    def __iadd__(self, o):
        self.v += o
        return self
    def __add__(self, o):
        return Num(self.v + o)
n = Num(1)
m = n
n += 5
print(n.v, m.v, n is m, (n + 1).v, n.v)
# ---
class T:
    def __bool__(self):
        return False
    def __len__(self):
        return 5
print(bool(T()), len(T()), "t" if T() else "f")
# ---
class H:
    def __init__(self, k):
        self.k = k
    def __hash__(self):
        return hash(self.k)
    def __eq__(self, o):
        return isinstance(o, H) and o.k == self.k
print(len({H(1), H(1), H(2)}), {H("a"): 1}[H("a")])
# ---
class Ctx:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, *exc):
        print("exit", exc[0].__name__ if exc[0] else None)
        return exc[0] is KeyError
with Ctx():
    raise KeyError("k")
print("survived")
# ---
class Dyn:
    def __getattr__(self, name):
        return name.upper()
d = Dyn()
d.real = "set"
print(d.foo, d.real, getattr(d, "bar"))
# ---
class Logged:
    def __setattr__(self, name, value):
        print("set", name, value)
        super().__setattr__(name, value)
    def __delattr__(self, name):
        print("del", name)
        super().__delattr__(name)
l = Logged()
l.a = 1
del l.a
print(vars(l))
# ---
class G:
    def __getattribute__(self, name):
        if name == "secret":
            return 42
        return object.__getattribute__(self, name)
g = G()
g.x = 1
print(g.secret, g.x)
# ---
class M:
    def __init__(self, v):
        self.v = v
    def __matmul__(self, o):
        return self.v * o.v
    def __truediv__(self, o):
        return M(self.v / o)
    def __floordiv__(self, o):
        return M(self.v // o)
    def __mod__(self, o):
        return M(self.v % o)
    def __pow__(self, o):
        return M(self.v ** o)
    def __repr__(self):
        return f"M({self.v})"
print(M(3) @ M(4), M(7) / 2, M(7) // 2, M(7) % 4, M(2) ** 10)
# ---
class R:
    def __radd__(self, o):
        return f"radd({o})"
    def __rsub__(self, o):
        return f"rsub({o})"
print(1 + R(), "s" + R(), 5 - R(), sum([R()], 0) if False else "skip")
# ---
class Bits:
    def __init__(self, v):
        self.v = v
    def __and__(self, o):
        return Bits(self.v & o.v)
    def __or__(self, o):
        return Bits(self.v | o.v)
    def __xor__(self, o):
        return Bits(self.v ^ o.v)
    def __invert__(self):
        return Bits(~self.v)
    def __lshift__(self, n):
        return Bits(self.v << n)
    def __repr__(self):
        return bin(self.v)
print(Bits(12) & Bits(10), Bits(12) | Bits(3), Bits(5) ^ Bits(1), ~Bits(0), Bits(1) << 4)
# ---
class P:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        print("eq called")
        return self.x == getattr(o, "x", None)
print(P(1) in [P(2), P(1)])
# ---
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __format__(self, spec):
        if spec == "usd":
            return f"${self.cents / 100:.2f}"
        return format(self.cents, spec)
    def __int__(self):
        return self.cents
    def __float__(self):
        return self.cents / 100
    def __index__(self):
        return self.cents
m = Money(1234)
print(f"{m:usd}", f"{m:>6}", int(m), float(m), hex(m), [0, 1, 2][Money(1)])
# ---
class Cmp:
    def __init__(self, v):
        self.v = v
    def __gt__(self, o):
        return self.v > o.v
    def __repr__(self):
        return f"C{self.v}"
print(Cmp(1) < Cmp(2), Cmp(3) > Cmp(2), max([Cmp(1), Cmp(5), Cmp(3)]))
# ---
class Neg:
    def __repr__(self):
        return "Neg()"
    def __pos__(self):
        return "pos"
print(+Neg(), repr(Neg()))
-Neg()
# raises: TypeError: bad operand type for unary -: 'Neg'
# ---
class A:
    pass
A() + A()
# raises: TypeError: unsupported operand type(s) for +: 'A' and 'A'
# ---
class A:
    pass
len(A())
# raises: TypeError: object of type 'A' has no len()
# ---
class A:
    pass
A()[0]
# raises: TypeError: 'A' object is not subscriptable
# ---
class A:
    pass
iter(A())
# raises: TypeError: 'A' object is not iterable
# ---
class Rev:
    def __init__(self, d):
        self.d = d
    def __reversed__(self):
        return iter(self.d[::-1] + ["!"])
    def __iter__(self):
        return iter(self.d)
print(list(reversed(Rev([1, 2]))), list(Rev([1, 2])))
# ---
class L:
    def __len__(self):
        return -1
len(L())
# raises: ValueError: __len__() should return >= 0
# ---
class Init:
    def __new__(cls, *args):
        print("new", cls.__name__, args)
        return super().__new__(cls)
    def __init__(self, a):
        print("init", a)
        self.a = a
x = Init(7)
print(x.a)
# ---
class Singleton:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
print(Singleton() is Singleton())
# ---
class Pt:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __iter__(self):
        yield self.x
        yield self.y
x, y = Pt(3, 4)
print(x, y, list(Pt(1, 2)), dict([Pt("k", "v")]))
# ---
class D(dict):
    def __missing__(self, key):
        return key * 2
d = D(a=1)
print(d["a"], d["zz"], len(d))
# ---
class MyList(list):
    def total(self):
        return sum(self)
m = MyList([1, 2, 3])
m.append(4)
print(m.total(), len(m), isinstance(m, list), m[1:], type(m).__name__)
# ---
class Upper(str):
    def shout(self):
        return self.upper() + "!"
u = Upper("hey")
print(u.shout(), u + "x", len(u), isinstance(u, str))
