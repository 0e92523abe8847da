class Base:
    kind = "base"
    def __init__(self, name, *, tags=None):
        self.name = name
        self.tags = list(tags or [])
    def describe(self):
        return f"{self.kind}:{self.name}:{','.join(self.tags)}"
class Tool(Base):
    kind = "tool"
    def __init__(self, name, version=1, **kw):
        super().__init__(name, **kw)
        self.version = version
    def describe(self):
        return super().describe() + f"@v{self.version}"
class Fancy(Tool):
    def describe(self):
        return "*" + super().describe() + "*"
items = [Base("a"), Tool("b", tags=["x"]), Fancy("c", 3, tags=["y", "z"])]
print([i.describe() for i in items])
print([type(i).__mro__[1].__name__ for i in items])
# ---
class A:
    def who(self):
        return ["A"]
class B(A):
    def who(self):
        return ["B"] + super().who()
class C(A):
    def who(self):
        return ["C"] + super().who()
class D(B, C):
    def who(self):
        return ["D"] + super().who()
print(D().who(), [k.__name__ for k in D.__mro__])
# ---
class Temperature:
    def __init__(self, celsius=0.0):
        self._c = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError(f"too cold: {v}")
        self._c = v
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
t = Temperature(25)
print(t.celsius, t.fahrenheit)
t.celsius = 100
print(t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("err", e)
try:
    t.fahrenheit = 3
except AttributeError as e:
    print("attr", str(e).replace("__snippet__.<locals>.", ""))
# ---
class Point:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = Point(1, 2)
p.x += 10
print(p.x, p.y)
try:
    p.z = 3
except AttributeError as e:
    print(type(e).__name__, e)
# ---
class Point:
    __slots__ = ("x", "y")
    def __init__(self, x):
        self.x = x
p = Point(1)
try:
    print(p.y)
except AttributeError as e:
    print(e)
# ---
class Record:
    def __init__(self, **fields):
        object.__setattr__(self, "_fields", dict(fields))
    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"no field {name!r}") from None
    def __setattr__(self, name, value):
        if name.startswith("_"):
            raise AttributeError("private")
        self._fields[name] = value
r = Record(a=1, b="two")
r.c = 3.5
print(r.a, r.b, r.c, r._fields)
print(getattr(r, "zzz", "default"))
try:
    r._hidden = 1
except AttributeError as e:
    print("blocked", e)
try:
    r.missing
except AttributeError as e:
    print(e)
# ---
class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
        self.id = Counter.count
a, b = Counter(), Counter()
Counter.count = 100
c = Counter()
print(a.id, b.id, c.id, Counter.count, a.count)
a.count = -1
print(a.count, b.count, Counter.count)
del a.count
print(a.count)
# ---
class Greeter:
    greeting = "hello"
    def greet(self, who):
        return f"{self.greeting}, {who}"
g = Greeter()
out = [g.greet("a")]
Greeter.greeting = "hi"
out.append(g.greet("b"))
Greeter.greet = lambda self, who: f"{self.greeting.upper()} {who}!"
out.append(g.greet("c"))
g.greet = lambda who: f"instance {who}"
out.append(g.greet("d"))
del g.greet
out.append(g.greet("e"))
print(out)
# ---
class Shape:
    def area(self):
        return 0
    def report(self):
        return f"{type(self).__name__} {self.area():.2f}"
class Sq(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
shapes = [Sq(i) for i in range(1, 4)]
r1 = [s.report() for s in shapes]
def tri_area(self):
    return self.s ** 2 / 2
Sq.area = tri_area
r2 = [s.report() for s in shapes]
print(r1, r2)
# ---
def make(n):
    class Node:
        def __init__(self, v, nxt=None):
            self.v, self.nxt = v, nxt
    head = None
    for i in range(n):
        head = Node(i, head)
    out = []
    while head:
        out.append(head.v)
        head = head.nxt
    return out
print(make(5), make(0))
# ---
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    __radd__ = __add__
    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents
    def __hash__(self):
        return hash(self.cents)
    def __lt__(self, other):
        return self.cents < other.cents
    def __repr__(self):
        return f"Money({self.cents // 100}.{self.cents % 100:02d})"
ms = [Money(150), Money(5), Money(1999)]
print(sum(ms), sorted(ms), max(ms), Money(5) in ms, len({Money(1), Money(1), Money(2)}))
try:
    Money(1) + "x"
except TypeError as e:
    print(e)
# ---
class V:
    def __init__(self, *xs):
        self.xs = xs
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __iter__(self):
        return iter(self.xs)
    def __contains__(self, x):
        return x in self.xs
    def __bool__(self):
        return any(self.xs)
    def __repr__(self):
        return "V" + repr(self.xs)
v = V(0, 3, 5)
print(len(v), v[1], v[-1], v[0:2], list(v), 3 in v, 4 in v, bool(v), bool(V(0, 0)), v)
# ---
class Cfg:
    def __init__(self, data):
        self._data = data
    def __getitem__(self, key):
        cur = self._data
        for part in key.split("."):
            cur = cur[part]
        return cur
    def __setitem__(self, key, value):
        *path, last = key.split(".")
        cur = self._data
        for p in path:
            cur = cur.setdefault(p, {})
        cur[last] = value
    def __delitem__(self, key):
        *path, last = key.split(".")
        cur = self._data
        for p in path:
            cur = cur[p]
        del cur[last]
c = Cfg({"db": {"host": "h"}})
c["db.port"] = 5432
c["cache.ttl.seconds"] = 30
del c["db.host"]
print(c._data, c["cache.ttl"])
try:
    c["nope.x"]
except KeyError as e:
    print("KeyError", e)
# ---
class Meta:
    registry = {}
    @classmethod
    def register(cls, name):
        def deco(fn):
            cls.registry[name] = fn
            return fn
        return deco
    @staticmethod
    def run(name, *args, **kwargs):
        return Meta.registry[name](*args, **kwargs)
@Meta.register("add")
def add(a, b=10):
    return a + b
@Meta.register("join")
def join(*parts, sep="-"):
    return sep.join(parts)
print(Meta.run("add", 1), Meta.run("add", 1, b=2), Meta.run("join", "a", "b", sep="+"), sorted(Meta.registry))
# ---
class Animal:
    sound = "..."
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.tag = cls.__name__.lower()
    def speak(self):
        return f"{self.tag} says {self.sound}"
class Dog(Animal):
    sound = "woof"
class Puppy(Dog):
    pass
print(Dog().speak(), Puppy().speak(), hasattr(Animal, "tag"))
# ---
class Stack:
    def __init__(self, items=[]):
        self.items = items
    def push(self, x):
        self.items.append(x)
        return self
a = Stack().push(1)
b = Stack().push(2)
print(a.items, b.items, a.items is b.items)
# ---
class Account:
    def __init__(self, owner, balance=0):
        if balance < 0:
            raise ValueError(f"negative balance for {owner}: {balance}")
        self.owner = owner
        self.balance = balance
made = []
for args in [("a", 10), ("b", -5), ("c",)]:
    try:
        made.append(Account(*args).owner)
    except ValueError as e:
        made.append(str(e))
print(made)
# ---
class Base:
    def __init__(self, x):
        self.x = x
class Child(Base):
    pass
c = Child(x=5)
print(c.x)
try:
    Child(1, 2)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
class P:
    def __init__(self, a, b=2, *rest, c, d=4, **extra):
        self.v = (a, b, rest, c, d, extra)
print(P(1, c=3).v)
print(P(1, 5, 6, 7, c=3, e=9).v)
print(P(*[1, 2], **{"c": 0, "d": 1, "z": 2}).v)
try:
    P(1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
class Lazy:
    def __init__(self):
        self.calls = 0
    def __getattr__(self, name):
        self.calls += 1
        if name.startswith("get_"):
            field = name[4:]
            return lambda: f"value of {field}"
        raise AttributeError(name)
l = Lazy()
print(l.get_x(), l.get_y(), l.calls, l.calls)
print(hasattr(l, "other"), l.calls)
# ---
class Celsius:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj._k - 273.15
    def __set__(self, obj, value):
        obj._k = value + 273.15
class Reading:
    temp = Celsius()
    def __init__(self, t):
        self.temp = t
r = Reading(20)
print(round(r.temp, 2), round(r._k, 2), type(Reading.temp).__name__)
r.temp = -10
print(round(r.temp, 2))
# ---
class Base:
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"
class User(Base):
    def __init__(self, name, email=None):
        self.name = name
        self.email = email
print(User("ada"), [User("b", "b@x")], str(User("c")))
# ---
class Eq:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, Eq) and o.v == self.v
print(Eq(1) == Eq(1), Eq(1) != Eq(1), Eq(1) != Eq(2), Eq(1) in [Eq(0), Eq(1)])
try:
    {Eq(1)}
except TypeError as e:
    print(e)
# ---
class Ordered:
    def __init__(self, k):
        self.k = k
    def __lt__(self, o):
        return self.k < o.k
    def __repr__(self):
        return f"O{self.k}"
xs = [Ordered(3), Ordered(1), Ordered(2)]
print(sorted(xs), min(xs), max(xs), Ordered(5) > Ordered(4))
try:
    Ordered(1) <= Ordered(2)
except TypeError as e:
    print(e)
# ---
import functools
@functools.total_ordering
class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))
    def __eq__(self, o):
        return self.parts == o.parts
    def __lt__(self, o):
        return self.parts < o.parts
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))
vs = [Version(s) for s in ["1.10.0", "1.2.3", "1.2", "0.9.9"]]
print(sorted(vs), Version("1.2") <= Version("1.2.0"), Version("2.0") >= Version("1.99"), max(vs))
# ---
class Plugin:
    name = None
    def run(self, data):
        raise NotImplementedError(f"{type(self).__name__}.run")
class Upper(Plugin):
    name = "upper"
    def run(self, data):
        return data.upper()
class Broken(Plugin):
    name = "broken"
results = {}
for cls in (Upper, Broken):
    try:
        results[cls.name] = cls().run("abc")
    except NotImplementedError as e:
        results[cls.name] = f"not implemented: {e}"
print(results)
# ---
class Builder:
    def __init__(self):
        self.parts = []
    def add(self, p):
        self.parts.append(p)
        return self
    def __call__(self, sep=" "):
        return sep.join(self.parts)
b = Builder().add("select").add("*").add("from t")
print(b(), b(sep="|"), callable(b), callable(Builder))
# ---
class Ctx:
    def __init__(self, name, log):
        self.name, self.log = name, log
    def __enter__(self):
        self.log.append(f"enter {self.name}")
        return self
    def __exit__(self, et, ev, tb):
        self.log.append(f"exit {self.name} {et.__name__ if et else None}")
        return et is KeyError
log = []
with Ctx("a", log) as a, Ctx("b", log):
    log.append("body")
with Ctx("c", log):
    {}["x"]
try:
    with Ctx("d", log):
        raise ValueError("v")
except ValueError:
    log.append("caught")
print(log)
# ---
class Singleton:
    _inst = None
    def __new__(cls, *args, **kwargs):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
            cls._inst.n = 0
        return cls._inst
    def __init__(self, inc=1):
        self.n += inc
a = Singleton()
b = Singleton(5)
print(a is b, a.n)
# ---
class Pos(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    def __add__(self, o):
        return Pos(self[0] + o[0], self[1] + o[1])
p = Pos(1, 2) + Pos(3, 4)
print(p, p.x, type(p).__name__, isinstance(p, tuple), len(p))
# ---
class Tags(dict):
    def __missing__(self, key):
        v = self[key] = []
        return v
t = Tags()
t["a"].append(1)
t["a"].append(2)
t["b"]
print(t, len(t), t.get("c"), "c" in t)
# ---
class LowerDict(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
    def __getitem__(self, k):
        return super().__getitem__(k.lower())
d = LowerDict()
d["Content-Type"] = "json"
print(d["CONTENT-TYPE"], d, dict(d), list(d.keys()))
# ---
class Box:
    def __init__(self, v):
        self.v = v
    def map(self, f):
        return Box(f(self.v))
    def __repr__(self):
        return f"Box({self.v!r})"
    def __format__(self, spec):
        return f"[{format(self.v, spec)}]"
b = Box(3).map(lambda x: x * 2.5).map(round)
print(b, f"{b:>5}", f"{Box(3.14159):.2f}", "{:x}".format(Box(255)))
# ---
class A:
    x = 1
    def get(self):
        return self.x
class B(A):
    pass
b = B()
r = [b.get()]
A.x = 2
r.append(b.get())
B.x = 3
r.append(b.get())
del B.x
r.append(b.get())
b.x = 9
r.append(b.get())
print(r)
# ---
class Handler:
    def on_a(self, v):
        return f"a:{v}"
    def on_b(self, v):
        return f"b:{v}"
    def dispatch(self, event, v):
        fn = getattr(self, "on_" + event, None)
        if fn is None:
            return f"unhandled {event}"
        return fn(v)
h = Handler()
print([h.dispatch(e, i) for i, e in enumerate("abc")])
setattr(Handler, "on_c", lambda self, v: f"c!{v}")
print(h.dispatch("c", 7))
# ---
class Node:
    def __init__(self, name, children=()):
        self.name = name
        self.children = list(children)
    def walk(self, depth=0):
        yield depth, self.name
        for c in self.children:
            yield from c.walk(depth + 1)
tree = Node("root", [Node("a", [Node("a1"), Node("a2")]), Node("b")])
print("\n".join("  " * d + n for d, n in tree.walk()))
# ---
class Meter:
    def __init__(self):
        self.__secret = 42
        self._prot = 1
    def peek(self):
        return self.__secret
m = Meter()
print(m.peek(), m._Meter__secret, sorted(vars(m)))
# ---
class A:
    def f(self):
        return "A.f"
class B(A):
    def f(self):
        return "B.f+" + A.f(self)
bf = B().f
uf = B.f
print(bf(), uf(B()), bf.__name__, bf.__self__.__class__.__name__)
# ---
class K:
    def __init__(self):
        self.calls = []
    def m(self, *a, **k):
        self.calls.append((a, k))
        return len(self.calls)
k = K()
m = k.m
for i in range(3):
    m(i, x=i)
print(k.calls, m(), k.m is k.m, k.m == k.m)
# ---
class Empty:
    pass
e = Empty()
e.a = 1
setattr(e, "b", 2)
print(vars(e), e.__dict__ is vars(e), getattr(e, "a"))
delattr(e, "a")
print(vars(e))
e.a
# raises: AttributeError: 'Empty' object has no attribute 'a'
# ---
class Point:
    __slots__ = ("x", "y")
    def __init__(self, x):
        self.x = x
p = Point(1)
print(hasattr(p, "__dict__"), type(Point.x).__name__)
# ---
class Base:
    def __init__(self):
        self.__token = "b"
class Sub(Base):
    def __init__(self):
        super().__init__()
        self.__token = "s"
print(sorted(vars(Sub())))
