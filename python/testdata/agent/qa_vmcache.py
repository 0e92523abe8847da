class A:
    def f(self):
        return "A"
class B(A):
    pass
def call_all(objs):
    return "".join(o.f() for o in objs)
objs = [A(), B(), A(), B()]
r = [call_all(objs)]
B.f = lambda self: "B"
r.append(call_all(objs))
del B.f
r.append(call_all(objs))
A.f = lambda self: "a2"
r.append(call_all(objs))
objs[0].f = lambda: "inst"
r.append(call_all(objs))
print(r)
# ---
class K1:
    def v(self): return 1
class K2:
    def v(self): return 2
class K3:
    v = 3
class K4:
    @property
    def v(self): return 4
class K5:
    def __getattr__(self, n): return 5
class K6:
    __slots__ = ("v",)
    def __init__(self): self.v = 6
def get(o):
    x = o.v
    return x() if callable(x) else x
objs = [K1(), K2(), K3(), K4(), K5(), K6()] * 3
print([get(o) for o in objs])
# ---
class P:
    def __init__(self):
        self.x = 1
def read(o):
    return o.x
ps = [P() for _ in range(5)]
out = [read(p) for p in ps]
P.x = property(lambda self: "prop wins")
out += [read(p) for p in ps[:2]]
del P.x
ps[0].__dict__["x"] = "dict"
out += [read(p) for p in ps[:2]]
print(out)
# ---
class Base:
    def name(self):
        return "base"
class Mid(Base):
    pass
class Leaf(Mid):
    pass
leaf = Leaf()
seen = []
for step in range(4):
    seen.append(leaf.name())
    if step == 0:
        Mid.name = lambda self: "mid"
    elif step == 1:
        Base.name = lambda self: "base2"
    elif step == 2:
        del Mid.name
print(seen)
# ---
def total(xs):
    s = 0
    for x in xs:
        s += scale(x)
    return s
def scale(x):
    return x * 2
r = [total(range(5))]
def scale(x):
    return x * 10
r.append(total(range(5)))
print(r)
# ---
def mode():
    return QA_CONFIG["mode"]
def set_mode(m):
    global QA_CONFIG
    QA_CONFIG = {"mode": m}
def read_twice():
    return [mode() for _ in range(2)]
set_mode("x")
r = read_twice()
set_mode("y")
r += read_twice()
print(r)
# ---
class Counter:
    def __init__(self, start=0):
        self.n = start
class Loud(Counter):
    def __init__(self, start=0):
        super().__init__(start * 10)
        self.loud = True
made = [Counter(i).n for i in range(3)] + [Loud(i).n for i in range(3)]
def new_init(self, start=0):
    self.n = -start
Counter.__init__ = new_init
made += [Counter(5).n, Loud(5).n]
print(made)
# ---
class C:
    pass
xs = [C() for _ in range(3)]
C.__init__ = lambda self, v=7: setattr(self, "v", v)
ys = [C(i) for i in range(3)] + [C()]
print([hasattr(x, "v") for x in xs], [y.v for y in ys])
# ---
class Bad:
    def __init__(self):
        return 5
Bad()
# raises: TypeError: __init__() should return None, not 'int'
# ---
class Weird:
    def __new__(cls, v):
        if v < 0:
            return "negative"
        obj = super().__new__(cls)
        return obj
    def __init__(self, v):
        self.v = v
print([type(Weird(v)).__name__ for v in (1, -1)], Weird(3).v)
# ---
class Other:
    def __init__(self, *a):
        self.init_args = a
class Factory:
    def __new__(cls, *a):
        return Other(*a)
    def __init__(self, *a):
        raise AssertionError("not called: not an instance of Factory")
o = Factory(1, 2)
print(type(o).__name__, getattr(o, "init_args", None))
# ---
class MyList(list):
    def __init__(self, items, label="L"):
        super().__init__(items)
        self.label = label
    def total(self):
        return sum(self)
ms = [MyList(range(i), label=f"m{i}") for i in range(4)]
print([(m.label, m.total(), len(m), list(m)) for m in ms], isinstance(ms[0], list), ms[2] == [0, 1])
# ---
class Err(Exception):
    def __init__(self, code, msg="failed"):
        super().__init__(msg)
        self.code = code
es = [Err(i, msg=f"m{i}") for i in range(3)]
print([(e.code, str(e), e.args) for e in es])
# ---
class Slow:
    def __init__(self, x, y=0, *rest, z=None, **kw):
        self.state = (x, y, rest, z, sorted(kw))
xs = [Slow(1), Slow(1, 2), Slow(1, 2, 3, 4), Slow(1, z=5), Slow(x=9, y=8, q=1, a=2), Slow(*[1, 2, 3], **{"z": 0, "k": 1})]
print([s.state for s in xs])
# ---
class C:
    def __init__(self, a):
        self.a = a
for args in [(), (1, 2)]:
    try:
        C(*args)
    except TypeError as e:
        print(str(e).replace("__snippet__.<locals>.", ""))
try:
    C(b=1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
class Fails:
    count = 0
    def __init__(self, ok):
        Fails.count += 1
        if not ok:
            raise ValueError(f"init failed #{Fails.count}")
        self.ok = ok
out = []
for ok in [True, False, True, False]:
    try:
        out.append(Fails(ok).ok)
    except ValueError as e:
        out.append(str(e))
print(out, Fails.count)
# ---
class Acc:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
        return self
    def add_many(self, *xs):
        for x in xs:
            self.add(x)
        return self
a = Acc()
add = a.add
for i in range(3):
    add(i)
a.add_many(*range(3, 6)).add(6)
print(a.items)
# ---
class Tree:
    def __init__(self, v, kids=()):
        self.v, self.kids = v, kids
    def size(self):
        return 1 + sum(k.size() for k in self.kids)
    def depth(self):
        return 1 + max((k.depth() for k in self.kids), default=0)
def chain(n):
    t = Tree(0)
    for i in range(1, n):
        t = Tree(i, (t,))
    return t
t = chain(300)
print(t.size(), t.depth())
# ---
class R:
    def down(self, n):
        return self.down(n + 1)
R().down(0)
# raises: RecursionError: maximum recursion depth exceeded
# ---
class Node:
    def __init__(self, nxt=None):
        self.nxt = nxt
    def length(self):
        return 1 + (self.nxt.length() if self.nxt else 0)
n = None
for _ in range(5000):
    n = Node(n)
try:
    n.length()
except RecursionError as e:
    print("recursion:", type(e).__name__)
# ---
class V:
    def check(self, x):
        if x < 0:
            raise ValueError(f"neg {x}")
        return x
    def run(self, xs):
        out = []
        for x in xs:
            try:
                out.append(self.check(x))
            except ValueError as e:
                out.append(str(e))
            finally:
                out.append("|")
        return out
print(V().run([1, -2, 3]))
# ---
class W:
    def f(self):
        try:
            return self.g()
        finally:
            self.log.append("f-finally")
    def g(self):
        try:
            raise KeyError("k")
        except KeyError:
            self.log.append("g-except")
            return "g"
w = W()
w.log = []
print(w.f(), w.log)
# ---
class Gen:
    def __init__(self, n):
        self.n = n
    def items(self):
        for i in range(self.n):
            yield self.fmt(i)
    def fmt(self, i):
        return f"<{i}>"
g = Gen(3)
print(list(g.items()), [x for x in Gen(2).items()])
# ---
class Helper:
    def __call__(self, x):
        return ("called", x)
class Host:
    helper = Helper()
    lam = lambda self, x: ("lam", x)
    @staticmethod
    def st(x):
        return ("st", x)
    @classmethod
    def cm(cls, x):
        return (cls.__name__, x)
h = Host()
print(h.helper(1), h.lam(3), h.st(4), h.cm(5), Host.cm(6), Host.st(7))
# ---
import functools
def base(a, b, c=0):
    return (a, b, c)
class Holder:
    p = functools.partial(base, 1)
    def m(self, *a):
        return a
h = Holder()
print(h.p(2), h.p(2, c=3), Holder.m(h, 9), h.m.__func__ is Holder.m)
# ---
class A:
    def hello(self):
        return f"hello from {type(self).__name__}"
class B:
    pass
b = B()
print(A.hello(b))
b.__class__ = A
print(b.hello(), isinstance(b, A))
# ---
class Shape:
    sides = 0
    def describe(self):
        return f"{type(self).__name__} has {self.sides} sides"
classes = []
for n, name in [(3, "Tri"), (4, "Quad"), (5, "Pent"), (6, "Hex"), (8, "Oct")]:
    classes.append(type(name, (Shape,), {"sides": n}))
print([c().describe() for c in classes] * 1 == [c().describe() for c in classes], [c().describe() for c in classes])
# ---
class Shape:
    def area(self):
        return 0
def make(k):
    class S(Shape):
        def area(self, k=k):
            return k * k
    return S()
shapes = [make(k) for k in range(6)]
print([s.area() for s in shapes], len({type(s) for s in shapes}))
# ---
class Base:
    def go(self):
        return "base"
class Sub(Base):
    def go(self):
        return "sub>" + super().go()
class SubSub(Sub):
    def go(self):
        return "subsub>" + super().go()
objs = [Base(), Sub(), SubSub()] * 2
print([o.go() for o in objs])
Base.go = lambda self: "BASE"
print([o.go() for o in objs])
# ---
class M:
    def method(self):
        return "class"
m = M()
res = []
for i in range(4):
    res.append(m.method())
    if i == 1:
        m.method = lambda: "instance"
    if i == 2:
        del m.method
print(res, m.method())
# ---
class Lazy:
    def __getattr__(self, name):
        return f"dyn:{name}"
l = Lazy()
out = [l.a]
l.a = "real"
out.append(l.a)
del l.a
out.append(l.a)
Lazy.a = "cls"
out.append(l.a)
print(out)
# ---
class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_t", target)
        object.__setattr__(self, "log", [])
    def __getattribute__(self, name):
        log = object.__getattribute__(self, "log")
        log.append(name)
        return getattr(object.__getattribute__(self, "_t"), name)
class T:
    x = 1
    def m(self):
        return "m"
p = Proxy(T())
print(p.x, p.m(), object.__getattribute__(p, "log"))
# ---
class Attr:
    def __init__(self):
        self.seen = []
    def __setattr__(self, name, value):
        if name != "seen":
            self.seen.append(name)
        super().__setattr__(name, value)
    def __delattr__(self, name):
        self.seen.append("del " + name)
        super().__delattr__(name)
a = Attr()
a.x = 1
a.x += 1
a.y = a.x * 2
del a.x
print(a.seen, vars(a))
# ---
class Base:
    def __init__(self):
        self.kind = "base"
    def __setattr__(self, k, v):
        super().__setattr__(k, v.upper() if isinstance(v, str) else v)
class Child(Base):
    def __init__(self):
        super().__init__()
        self.name = "child"
c = Child()
c.extra = "x"
c.n = 1
print(vars(c))
# ---
class Money:
    __slots__ = ("amount",)
    def __init__(self, amount):
        self.amount = amount
class Plain:
    def __init__(self, amount):
        self.amount = amount
def total(objs):
    return sum(o.amount for o in objs)
mixed = [Money(1), Plain(2), Money(3), Plain(4)]
print(total(mixed))
for o in mixed:
    o.amount *= 10
print(total(mixed))
# ---
class Base:
    __slots__ = ("a",)
class Sub(Base):
    def __init__(self):
        self.a = 1
        self.b = 2
s = Sub()
print(s.a, s.b, sorted(vars(s)))
# ---
class Cls:
    instances = 0
    def __init__(self):
        type(self).instances += 1
class Sub(Cls):
    pass
Cls(); Cls(); Sub()
print(Cls.instances, Sub.instances, "instances" in vars(Sub))
# ---
class Temp:
    unit = "C"
    def show(self, v):
        return f"{v}{self.unit}"
t1, t2 = Temp(), Temp()
vals = []
for unit in "CFK":
    Temp.unit = unit
    vals.append(t1.show(1) + t2.show(2))
t2.unit = "X"
vals.append(t1.show(1) + t2.show(2))
print(vals)
# ---
def f():
    return "f1"
def g():
    return f()
out = [g()]
f = lambda: "f2"
out.append(g())
def f():
    return "f3"
out.append(g())
print(out)
# ---
class Meta(type):
    def __call__(cls, *a, **kw):
        inst = super().__call__(*a, **kw)
        inst.created_by_meta = True
        return inst
class Thing(metaclass=Meta):
    def __init__(self, x):
        self.x = x
t = Thing(3)
print(t.x, t.created_by_meta)
# ---
class Registry(type):
    classes = []
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.classes.append(name)
        return cls
class Base(metaclass=Registry):
    pass
class A(Base):
    pass
class B(A):
    pass
print(Registry.classes, type(B).__name__)
# ---
class Vec:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __iter__(self):
        yield self.x
        yield self.y
    def __eq__(self, o):
        return tuple(self) == tuple(o)
acc = Vec(0, 0)
for i in range(100):
    acc = acc + Vec(i, -i) * 2
v = 3 * Vec(1, 2)
print(tuple(acc), tuple(v), abs(Vec(3, 4)), tuple(-v), Vec(1, 1) == Vec(1, 1), Vec(1, 1) != Vec(1, 2))
# ---
class N:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return f"N{self.v}"
xs = [N(3), N(1), N(2)]
xs.sort()
print(xs, sorted(xs, key=lambda n: -n.v), min(xs), max(xs, key=lambda n: n.v % 3))
N.__lt__ = lambda self, o: self.v > o.v
xs.sort()
print(xs)
# ---
class Obs:
    def __init__(self):
        self.handlers = {}
    def on(self, ev):
        def deco(fn):
            self.handlers.setdefault(ev, []).append(fn)
            return fn
        return deco
    def emit(self, ev, *a):
        return [h(*a) for h in self.handlers.get(ev, [])]
bus = Obs()
class Listener:
    def __init__(self, name):
        self.name = name
        bus.on("ping")(self.pong)
    def pong(self, x):
        return f"{self.name}:{x}"
ls = [Listener(n) for n in "ab"]
@bus.on("ping")
def free(x):
    return f"free:{x}"
print(bus.emit("ping", 1), bus.emit("none"))
# ---
class Stack(list):
    def push(self, x):
        self.append(x)
    def peek(self):
        return self[-1]
s = Stack()
for i in range(3):
    s.push(i)
print(s.peek(), s.pop(), s, len(s), s + [9], type(s + [9]).__name__, Stack([1]) == [1])
# ---
class D(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)
    def __setattr__(self, k, v):
        self[k] = v
d = D(a=1)
d.b = 2
print(d.a, d.b, d, getattr(d, "zz", "none"), d.keys() == {"a", "b"}, d.get("a"))
# ---
class Base:
    @property
    def label(self):
        return "base"
class Child(Base):
    @property
    def label(self):
        return "child/" + super().label
class Plain(Base):
    label = "plain"
print(Base().label, Child().label, Plain().label)
# ---
class C:
    @staticmethod
    def s(*a):
        return a
    @classmethod
    def c(cls, *a):
        return (cls.__name__,) + a
class D(C):
    pass
d = D()
f1, f2 = d.s, d.c
print(f1(1), f2(2), D.c(), C.c(3), d.s(), type(f2).__name__)
# ---
class Point:
    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y
def build(n):
    return [Point(i, y=i * 2) for i in range(n)]
pts = build(1000)
print(sum(p.x + p.y for p in pts), pts[-1].__dict__)
# ---
class Base:
    def __init__(self, *, name):
        self.name = name
class Child(Base):
    def __init__(self, *args, **kwargs):
        self.args = args
        super().__init__(**kwargs)
c = Child(1, 2, name="n")
print(c.args, c.name)
try:
    Child(1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
import math
class Host:
    size = len
    root = math.sqrt
h = Host()
print(h.size([1, 2]), h.root(16.0))
