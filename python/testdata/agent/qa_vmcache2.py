class A:
    def __init__(self):
        self.x = 1
out = []
for o in [A(), A(), None, A(), 5, "s"]:
    try:
        out.append(o.x)
    except AttributeError as e:
        out.append(str(e))
print(out)
# ---
class A:
    pass
objs = [A() for _ in range(3)]
def store(o, v):
    o.val = v
for i, o in enumerate(objs):
    store(o, i)
log = []
def setter(self, v):
    log.append(v)
    self._val = v * 100
A.val = property(lambda self: self._val, setter)
store(objs[0], 7)
print(objs[0].val, log, objs[1].__dict__)
# ---
class A:
    pass
def store(o, v):
    o.val = v
a = A()
store(a, 1)
store(a, 2)
def guard(self, k, v):
    if k == "val" and v < 0:
        raise ValueError("negative")
    object.__setattr__(self, k, v)
A.__setattr__ = guard
store(a, 3)
try:
    store(a, -1)
except ValueError as e:
    print("guarded", e)
del A.__setattr__
store(a, -5)
print(a.val)
# ---
class A:
    def m(self):
        return "m1"
def call(o):
    return o.m()
a = A()
r = [call(a), call(a)]
A.m = staticmethod(lambda: "static")
r.append(call(a))
A.m = classmethod(lambda cls: cls.__name__)
r.append(call(a))
A.m = property(lambda self: (lambda: "from property"))
r.append(call(a))
print(r)
# ---
class A:
    x = 1
def get(o):
    return o.x
objs = [A() for _ in range(3)]
r = [get(o) for o in objs]
objs[1].x = "own"
r += [get(o) for o in objs]
A.x = property(lambda self: "prop")
r += [get(o) for o in objs]
print(r)
# ---
class Base:
    def f(self):
        return "base"
class Sub(Base):
    pass
def call(o):
    return o.f()
s = Sub()
r = [call(s) for _ in range(3)]
Sub.__bases__ if False else None
Base.f = lambda self: "patched base"
r.append(call(s))
Sub.f = lambda self: "sub own"
r.append(call(s))
del Sub.f
del Base.f
try:
    call(s)
except AttributeError as e:
    r.append(str(e))
print(r)
# ---
def hot(n):
    total = 0
    for i in range(n):
        total += abs(-i) + len("ab") + min(i, 3)
    return total
a = hot(100)
import builtins
print(a, hot(10))
# ---
class Counter:
    __slots__ = ("n",)
    def __init__(self):
        self.n = 0
    def inc(self):
        self.n += 1
c = Counter()
for _ in range(1000):
    c.inc()
inc = c.inc
for _ in range(10):
    inc()
print(c.n)
# ---
class P:
    def __init__(self, v):
        self._v = v
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, x):
        self._v = max(0, x)
ps = [P(i) for i in range(5)]
for p in ps:
    p.v -= 2
print([p.v for p in ps])
try:
    del ps[0].v
except AttributeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
import math
def area(r):
    return math.pi * r * r
r1 = area(1)
math_pi_saved = math.pi
math.pi = 3
r2 = area(1)
math.pi = math_pi_saved
print(r1, r2, area(1) == r1)
# ---
import json
def dump(x):
    return json.dumps(x)
a = dump({"a": 1})
orig = json.dumps
json.dumps = lambda x: "patched"
b = dump({"a": 1})
json.dumps = orig
print(a, b, dump([1]))
