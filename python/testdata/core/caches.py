# Global-name and attribute caches must see every change.
total = 0
for i in range(5):
    total += i
    if i == 2:
        del total
        total = 100
print(total)
# ---
def f():
    return len("abc")
print(f())
len = lambda s: 42
print(f())
del len
print(f())
# ---
def g():
    return missing
try:
    g()
except NameError as e:
    print(e)
missing = 7
print(g())
del missing
try:
    g()
except NameError as e:
    print(e)
# ---
class A:
    def m(self):
        return "A.m"
a = A()
out = []
for i in range(4):
    out.append(a.m())
    if i == 1:
        A.m = lambda self: "patched"
    if i == 2:
        a.m = lambda: "instance"
print(out, a.m())
# ---
class P:
    def __init__(self):
        self._x = 1
    @property
    def x(self):
        return self._x
ps = [P() for _ in range(3)]
vals = []
for p in ps:
    vals.append(p.x)
try:
    ps[0].x = 5
except AttributeError as e:
    print(e)
P.x = 99
print(vals, ps[0].x)
ps[1].x = 5
print(ps[1].x, ps[1].__dict__)
# ---
class S:
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value * 2)
    @property
    def p(self):
        return self._p
    @p.setter
    def p(self, v):
        self._p = v + 1
s = S()
for i in range(3):
    s.a = i
s.p = 10
print(s.a, s.p, s.__dict__)
# ---
class Logged:
    def __init__(self):
        self.log = []
    @property
    def ro(self):
        return 1
    def __setattr__(self, name, value):
        if name == "ro":
            object.__getattribute__(self, "log").append(value)
            return
        object.__setattr__(self, name, value)
l = Logged()
l.ro = 5
print(l.log, l.ro)
# ---
class Base:
    def who(self):
        return "base"
class Kid(Base):
    pass
objs = [Base(), Kid(), Base(), Kid()]
res = [o.who() for o in objs]
Kid.who = lambda self: "kid"
res += [o.who() for o in objs]
del Kid.who
res += [o.who() for o in objs]
print(res)
# ---
class G:
    def __getattr__(self, name):
        return "dyn:" + name
g = G()
print([g.x for _ in range(2)], g.__class__.__name__)
g.x = 1
print(g.x)
del g.x
print(g.x)
# ---
class Slotted:
    __slots__ = ("a",)
s = Slotted()
for i in range(3):
    s.a = i
try:
    s.b = 1
except AttributeError as e:
    print(e)
print(s.a)
# ---
class D:
    def __get__(self, obj, typ=None):
        return "desc"
    def __set__(self, obj, v):
        obj.__dict__["seen"] = v
class H:
    d = D()
h = H()
for i in range(3):
    h.d = i
print(h.d, h.__dict__)
# ---
class E(Exception):
    def info(self):
        return "E:" + str(self.args)
errs = [E(i) for i in range(3)]
print([e.info() for e in errs], [e.args for e in errs])
# ---
class Two:
    pass
t1, t2 = Two(), Two()
t1.v = 1
for obj in (t1, t2, t1):
    try:
        print(obj.v)
    except AttributeError as e:
        print(e)
# ---
class R:
    def __init__(self, a, b=2, *, c=3):
        self.t = (a, b, c)
print(R(1).t, R(1, 5, c=9).t, R(b=4, a=0).t)
try:
    R()
except TypeError as e:
    print(e)
try:
    R(1, 2, 3)
except TypeError as e:
    print(e)
# ---
class Bad:
    def __init__(self):
        return 5
try:
    Bad()
except TypeError as e:
    print(e)
# ---
class N:
    def __new__(cls, *args):
        obj = super().__new__(cls)
        obj.made = args
        return obj
    def __init__(self, x):
        self.x = x
n = N(3)
print(n.made, n.x)
N.__init__ = lambda self, x: setattr(self, "x", -x)
print(N(4).x)
# ---
class Boom:
    def __init__(self, v):
        if v > 1:
            raise ValueError("too big: %d" % v)
        self.v = v
ok = []
for v in range(4):
    try:
        ok.append(Boom(v).v)
    except ValueError as e:
        ok.append(str(e))
print(ok)
# ---
class Err(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code
try:
    raise Err(7)
except Err as e:
    print(e, e.code, e.args)
# ---
class Animal:
    def speak(self):
        return "..."
    @classmethod
    def kind(cls):
        return cls.__name__
class Dog(Animal):
    def speak(self):
        return "woof " + super().speak()
    @classmethod
    def kind(cls):
        return "dog:" + super().kind()
print([Dog().speak() for _ in range(2)], Dog.kind(), Dog().kind())
# ---
class M:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
        return self
m = M()
bound = m.add
for i in range(3):
    bound(i)
print(m.items, M.add(m, 9).items)
# ---
class Grow:
    def __init__(self, n):
        for i in range(n):
            setattr(self, "a%d" % i, i)
print(len(Grow(10).__dict__), len(Grow(2).__dict__), sorted(Grow(3).__dict__))
# ---
# Fused instruction pairs keep each half's meaning.
def f(a):
    b = a
    return a + b
def g():
    x = 1
    return x + y
    y = 2
def h(z, c):
    return z + (3 if c else 1)
def k(v):
    out = []
    for x in v:
        if x < 2:
            out.append("lt")
        elif x == "s":
            out.append("str")
        elif not (x >= 10):
            out.append("mid")
        else:
            out.append("big")
    return out
print(f(2), f("ab"), h(10, True), h(10, False), k([1, 5, 10, 1.5, "s"][:4]))
try:
    g()
except UnboundLocalError as e:
    print(e)
try:
    k([1, "s", 2, "t"])
except TypeError as e:
    print(e)
def m(n):
    return n - 1, n * 2.5, n % 3, n ** 2, n // -2
print(m(7), m(-7.5))
try:
    m("x")
except TypeError as e:
    print(e)
def chain(a, b, c):
    return a < b < c, a == b != c
print(chain(1, 2, 3), chain(2, 2, 3), chain("a", "b", "a"))
# ---
# Generators resumed by for loops inline.
def gen(n):
    for i in range(n):
        yield i
def stopper():
    yield 1
    raise StopIteration("inner")
def failing():
    yield 1
    raise KeyError("k")
out = [x for x in gen(3)]
for x in gen(2):
    out.append(x * 10)
g = gen(4)
for x in g:
    if x == 1:
        break
out.append(next(g))
for x in g:
    out.append(-x)
for x in g:
    out.append("never")
print(out)
try:
    for x in stopper():
        pass
except RuntimeError as e:
    print("RuntimeError:", e, repr(e.__cause__))
try:
    for x in failing():
        pass
except KeyError as e:
    print("KeyError", e)
# ---
def deleg():
    yield from [1, 2]
    r = yield from sub()
    yield r
def sub():
    yield "s"
    return "ret"
print(list(deleg()), [x for x in deleg()])
def running():
    for x in me:
        yield x
me = running()
try:
    for x in me:
        pass
except ValueError as e:
    print(e)
# ---
def handler_gen():
    try:
        raise ValueError("inside")
    except ValueError:
        yield 1
        import sys
        yield repr(sys.exc_info()[1])
res = []
try:
    raise KeyError("outside")
except KeyError:
    for v in handler_gen():
        res.append(v)
        import sys
        res.append(repr(sys.exc_info()[1]))
print(res)
# ---
def finally_gen(log):
    try:
        yield 1
        yield 2
    finally:
        log.append("finally")
log = []
for v in finally_gen(log):
    log.append(v)
print(log)
def deep(n):
    if n:
        for x in deep(n - 1):
            yield x
    else:
        yield "bottom"
print(list(deep(50)))
try:
    for x in deep(5000):
        pass
except RecursionError as e:
    print("RecursionError")
# ---
# Small dicts (no index) and their growth.
d = {1: "int"}
d[1.0] = "float"
d[True] = "bool"
print(d, len(d))
for i in range(20):
    d[i] = i
    if i % 3 == 0:
        del d[i]
print(d, len(d))
q = {}
for i in range(50):
    q[i] = i
    if len(q) > 3:
        del q[min(q)]
print(q, list(q.items()))
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 7
    def __eq__(self, other):
        return isinstance(other, K) and self.v == other.v
kd = {K(1): "a", K(2): "b"}
kd[K(1)] = "c"
print(sorted(kd.values()), K(2) in kd, K(3) in kd)
e = {"a": 1, "b": 2}
del e["a"]
e["a"] = 3
print(e, {**e, "c": 4}, dict.fromkeys("xyz", 0))
try:
    for k in e:
        e["new"] = 1
except RuntimeError as err:
    print(err)
# ---
# Subscript fast paths and their misses.
l = [1, 2, 3]
t = (4, 5)
d = {"a": 1, 2: "two"}
print(l[0], l[-1], t[-2], d["a"], d[2], l[True], t[False])
l[-1] = 9
l[0] = "x"
print(l)
for bad in (lambda: l[3], lambda: l[-4], lambda: t[2], lambda: d["zz"], lambda: l["0"]):
    try:
        bad()
    except (IndexError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    l[5] = 0
except IndexError as e:
    print(e)
class S(str):
    pass
d2 = {S("k"): 1}
print(d2["k"], "k" in d2)
class M(dict):
    def __missing__(self, key):
        return key * 2
print(M()["ab"])
# ---
# Tuple ordering fast paths (str and int items) against the general path.
keys = [("b", 2, "x"), ("a", 10, "y"), ("b", -1, "z"), ("a", 10, "a"), ("é", 0, ""), ("e", 0, ""), ("a", 10.5, "q"), ("a", True, "t")]
print(sorted(keys, key=str), sorted(keys))
print(("a", 1) < ("a", 1.5), ("a", 2) <= ("a", 2), ("a",) < ("a", 0), (1, "x") > (1, "w"), ("z", 1) == ("z", 1))
try:
    ("a", 1) < ("a", "1")
except TypeError as e:
    print(e)
# ---
class X:
    def __rmod__(self, other):
        return "rmod"
    def __str__(self):
        return "X!"
class S(str):
    def __rmod__(self, other):
        return "S.rmod"
print("%s" % X(), "a%sb" % (X(),), "%s" % S("q"), "%s" % S("r") if False else "")
try:
    undefined_name_here
except NameError as e:
    print(e.name, e)
