from contextlib import contextmanager
@contextmanager
def tag(name):
    print("<%s>" % name)
    yield name.upper()
    print("</%s>" % name)
with tag("p") as t:
    print("body", t)
# ---
from contextlib import contextmanager
@contextmanager
def guard():
    try:
        yield
    except ZeroDivisionError:
        print("handled")
with guard():
    1 / 0
print("after")
# ---
from contextlib import contextmanager
@contextmanager
def res():
    print("open")
    try:
        yield 1
    finally:
        print("close")
try:
    with res() as r:
        raise KeyError("k")
except KeyError as e:
    print("caught", e)
# ---
from contextlib import suppress
with suppress(KeyError, IndexError):
    [][1]
with suppress(ValueError):
    print("no error")
print("ok")
# ---
from contextlib import suppress
with suppress(KeyError):
    int("x")
# raises: ValueError: invalid literal for int() with base 10: 'x'
# ---
from contextlib import nullcontext, closing, ExitStack
class R:
    def close(self): print("closed")
with nullcontext(42) as v:
    print(v)
with closing(R()):
    print("using")
with ExitStack() as stack:
    stack.callback(print, "first registered")
    stack.callback(print, "second registered")
    print("inside")
# ---
from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return "%s with area %s" % (type(self).__name__, self.area())
class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
print(Square(3).describe(), isinstance(Square(1), Shape))
# ---
from abc import ABC, abstractmethod
class Base(ABC):
    @abstractmethod
    def run(self): ...
    @abstractmethod
    def stop(self): ...
class Half(Base):
    def run(self): return 1
Half()
# raises: TypeError: Can't instantiate abstract class Half with abstract method stop
# ---
from types import SimpleNamespace
ns = SimpleNamespace(a=1, b="two")
ns.c = [3]
print(ns, ns.a, vars(ns), ns == SimpleNamespace(a=1, b="two", c=[3]), SimpleNamespace())
# ---
from types import MappingProxyType
mp = MappingProxyType({"k": 1})
print(mp["k"], len(mp), list(mp), mp.get("z", 0), "k" in mp)
mp["k"] = 2
# raises: TypeError: 'mappingproxy' object does not support item assignment
# ---
import collections.abc
import collections
def total(xs: collections.abc.Iterable) -> int:
    return sum(xs)
print(total([1, 2]), collections.Counter("ab")["a"])
# ---
from collections.abc import Iterable, Mapping
def keys(m: Mapping[str, int]) -> Iterable[str]:
    return list(m)
print(keys({"a": 1}))
# ---
import secrets, string
t = secrets.token_hex(16)
u = secrets.token_urlsafe(16)
b = secrets.token_bytes(8)
print(len(t), all(c in string.hexdigits for c in t), len(u), type(b).__name__, len(b), len(secrets.token_hex()))
n = secrets.randbelow(10)
print(0 <= n < 10, secrets.choice("abc") in "abc", 0 <= secrets.randbits(8) < 256, secrets.compare_digest("a", "a"), secrets.compare_digest(b"a", b"b"))
# ---
import secrets
secrets.randbelow(0)
# raises: ValueError: Upper bound must be positive.
# ---
import keyword, warnings
print(keyword.iskeyword("class"), keyword.iskeyword("klass"), keyword.issoftkeyword("match"), len(keyword.kwlist), "await" in keyword.kwlist)
warnings.filterwarnings("ignore")
warnings.warn("quiet")
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("deprecated thing", DeprecationWarning)
    warnings.warn("plain")
print(len(w), w[0].category.__name__, str(w[0].message), w[1].category.__name__)
# ---
import warnings
warnings.simplefilter("error")
warnings.warn("now fatal", RuntimeWarning)
# raises: RuntimeWarning: now fatal
# ---
import secrets
print(secrets.token_bytes(0), secrets.token_hex(0), secrets.token_urlsafe(0), len(secrets.token_bytes()), len(secrets.token_hex(None)), len(secrets.token_urlsafe()), secrets.DEFAULT_ENTROPY)
print([len(secrets.token_urlsafe(n)) for n in range(1, 8)], [len(secrets.token_hex(n)) for n in (1, 5)], set(secrets.token_urlsafe(300)) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"))
print(secrets.randbelow(1), sorted(secrets.__all__), isinstance(secrets.SystemRandom(), secrets.SystemRandom), secrets.compare_digest("abc", "abc"))
for bad in (0, -3):
    try:
        secrets.randbelow(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    secrets.compare_digest("a", b"a")
except TypeError as e:
    print("TypeError", e)
# ---
# str() of a mappingproxy is the str of its mapping; repr() names the proxy.
import types
class D(dict):
    def __str__(s): return "Dstr"
    def __repr__(s): return "Drepr"
m = types.MappingProxyType({'a': 1})
print(str(m), repr(m), f"{m}", "%s" % m, format(m))
m2 = types.MappingProxyType(D(a=1))
print(str(m2), repr(m2))
print(str(types.MappingProxyType({})))
