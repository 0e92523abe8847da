# property: fdel, accessors replaced by getter/setter/deleter (None keeps the
# old one), a writable docstring, and __get__ without a getter.
class Box:
    def __init__(self):
        self.v = 1
    def _get(self):
        return self.v
    def _del(self):
        self.v = 0
    value = property(_get, None, _del, "the value")
p = Box.value
print(p.fget.__name__, p.fset, p.fdel.__name__, p.__doc__)
p.__doc__ = "changed"
print(p.__doc__, Box.value.__doc__)
q = p.setter(None).deleter(None).getter(None)
print(q.fget.__name__, q.fset, q.fdel.__name__, q is p)
r = p.setter(lambda self, v: setattr(self, "v", v * 2))
print(r.fget is p.fget, r.fset is not None, p.fset)
b = Box()
del b.value
print(b.v)
try:
    property().__get__(b, Box)
except AttributeError as e:
    print(e)
print(property().__get__(None, Box) is not None)
try:
    p.fget = None
except AttributeError as e:
    print(type(e).__name__)
# ---
# A generator reports whether its frame is running (True only from inside).
def gen():
    seen.append(g.gi_running)
    yield 1
    seen.append(g.gi_running)
seen = []
g = gen()
before = g.gi_running
next(g)
during = g.gi_running
list(g)
print(before, during, seen, g.gi_running)
async def coro():
    return 1
c = coro()
print(c.cr_running)
c.close()
try:
    g.cr_running
except AttributeError as e:
    print(e)
# ---
# bytes() and bytearray() check encoding/errors before the source.
for call in (lambda: bytes("x", encoding=b"utf8"), lambda: bytes("x", "utf8", 5),
             lambda: bytearray("x", b"utf8"), lambda: bytes(b"x", "utf8"),
             lambda: bytearray([1], errors="strict"), lambda: bytes(encoding="ascii"),
             lambda: bytearray(3, "ascii")):
    try:
        print(call())
    except TypeError as e:
        print(e)
class Name(str):
    pass
print(bytes(Name("héllo"), "utf-8"), bytearray(Name("ab"), "ascii"), bytes("ok", "ascii", "strict"))
# ---
# int.__round__ takes an int (None is for the builtin round and float's).
for call in (lambda: (7).__round__(None), lambda: (7).__round__(-1), lambda: round(7, None),
             lambda: (2.5).__round__(None), lambda: True.__round__(None)):
    try:
        print(repr(call()))
    except TypeError as e:
        print(e)
# ---
# d |= x and l += x keep a dict or list subclass instance what it was (they
# rebound the name to a plain dict/list); __ior__/__iadd__/__imul__ exist.
class Config(dict):
    pass
cfg = Config(a=1)
alias = cfg
cfg |= {"b": 2}
cfg |= [("c", 3)]
print(type(cfg).__name__, cfg is alias, cfg)
class Rows(list):
    pass
rows = Rows([1])
same = rows
rows += (2, 3)
rows *= 2
print(type(rows).__name__, rows is same, rows)
d = {1: 2}
print(d.__ior__({3: 4}) is d, d.__ior__(["xy"]), Config.__ior__(cfg, {"z": 0}) is cfg)
for other in ("FooBar", 42, [36], None):
    try:
        d.__ior__(other)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
l = [1]
print(l.__iadd__("ab") is l, l, l.__imul__(2) is l, l)
for call in (lambda: l.__iadd__(5), lambda: l.__imul__("x"), lambda: l.__imul__(2.0)):
    try:
        call()
    except TypeError as e:
        print(e)
# ---
# set, frozenset and bytes can be subclassed: the instance is a set/bytes
# with the subclass's methods, repr S({...}) / FS({...}) / b'...'.
class Tags(set):
    def add_all(self, *items):
        for i in items:
            self.add(i)
        return self
t = Tags(["b", "a"])
t.add_all("c")
print(type(t).__name__, sorted(t), len(t), "a" in t, isinstance(t, set), t == {"a", "b", "c"})
print(repr(Tags()), repr(Tags([1])), str(Tags([2])), sorted(t | {"z"}), type(t | {"z"}).__name__)
same = t
t |= {"d"}
t -= {"a"}
print(type(t).__name__, t is same, sorted(t))
class Named(set):
    def __init__(self, items, name):
        super().__init__(items)
        self.name = name
n = Named([3, 1], "n")
print(sorted(n), n.name, sorted(set.__new__(Named)), type(set.__new__(Named)).__name__)
class Frozen(frozenset):
    pass
f = Frozen([1, 2])
print(repr(f), repr(Frozen()), hash(f) == hash(frozenset([1, 2])), {f: "x"}[frozenset([2, 1])], type(f & {1}).__name__)
class Blob(bytes):
    def shout(self):
        return self.upper()
b = Blob(b"abc")
print(repr(b), b.shout(), len(b), b[0], b + b"!", b == b"abc", b.decode(), type(b).__name__, isinstance(b, bytes))
print(Blob(2), Blob([65]), Blob("é", "utf-8"), hash(b) == hash(b"abc"), b.split(b"b"), bytes.__new__(Blob, b"q"))
import json
print(json.loads(Blob(b'{"k": [1]}')))
rec = Tags()
class Holder:
    def __init__(self, s):
        self.s = s
    def __repr__(self):
        return repr(self.s)
    def __hash__(self):
        return 7
rec.add(Holder(rec))
print(repr(rec))
