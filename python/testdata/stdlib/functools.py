from functools import reduce
import operator
print(reduce(operator.add, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6), 1), reduce(max, [3, 9, 2]), reduce(operator.add, [], 0))
# ---
from functools import reduce
reduce(lambda a, b: a + b, [])
# raises: TypeError: reduce() of empty iterable with no initial value
# ---
from functools import partial
base2 = partial(int, base=2)
def power(b, e): return b ** e
square = partial(power, e=2)
cube_of_2 = partial(power, 2)
print(base2("1010"), square(7), cube_of_2(3), square.func is power, square.args, square.keywords)
# ---
from functools import partial
def f(a, b, c): return (a, b, c)
p = partial(partial(f, 1), 2)
print(p(3), p.args, partial(f, c=3)(1, 2), partial(f, c=3)(1, 2, c=4))
# ---
from functools import lru_cache
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())
# ---
from functools import lru_cache
calls = []
@lru_cache(maxsize=2)
def sq(x):
    calls.append(x)
    return x * x
print([sq(i) for i in [1, 2, 1, 3, 1, 2]], calls, sq.cache_info())
# ---
from functools import lru_cache
@lru_cache
def add(a, b=0):
    return a + b
print(add(1), add(1), add(1, b=2), add.cache_info().hits, add.cache_info().misses, add.__name__)
# ---
from functools import lru_cache
@lru_cache
def f(x):
    return x
f([1, 2])
# raises: TypeError: unhashable type: 'list'
# ---
from functools import cache
n = 0
@cache
def slow(x):
    global n
    n += 1
    return x * 2
print(slow(2), slow(2), slow(3), n)
# ---
import functools
def log(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
@log
def greet(name):
    """Say hello."""
    return "hi " + name
print(greet("ada"), greet.__name__, greet.__doc__, greet.__wrapped__("bob"))
# ---
from functools import cmp_to_key
def cmp(a, b):
    return (a > b) - (a < b)
words = ["pear", "fig", "apple"]
print(sorted(words, key=cmp_to_key(lambda a, b: cmp(len(a), len(b)))), sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))
# ---
from functools import total_ordering
@total_ordering
class Version:
    def __init__(self, *parts): self.parts = parts
    def __eq__(self, o): return self.parts == o.parts
    def __lt__(self, o): return self.parts < o.parts
    def __repr__(self): return "v" + ".".join(map(str, self.parts))
vs = [Version(1, 2), Version(1, 0, 5), Version(0, 9)]
print(sorted(vs), Version(1) <= Version(1), Version(2) > Version(1, 9), Version(1) >= Version(2), max(vs))
# ---
from functools import total_ordering
@total_ordering
class X:
    pass
# raises: ValueError: must define at least one ordering operation: < > <= >=
# ---
from functools import cached_property
class Data:
    def __init__(self, xs): self.xs = xs
    @cached_property
    def total(self):
        print("computing")
        return sum(self.xs)
d = Data([1, 2, 3])
print(d.total, d.total, "total" in d.__dict__)
# ---
from functools import singledispatch
@singledispatch
def show(x):
    return "obj"
@show.register(int)
def _(x):
    return "int %d" % x
@show.register(list)
def _(x):
    return "list of %d" % len(x)
print(show(1), show([1, 2]), show("s"), show(True))
# ---
import functools
compose = lambda *fs: functools.reduce(lambda f, g: lambda x: g(f(x)), fs)
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(3), compose(dbl, inc, inc)(3))
# ---
from functools import cmp_to_key, update_wrapper, wraps
def cmp(a, b): return (a > b) - (a < b)
K = cmp_to_key(cmp)
print(type(K).__name__, type(K(1)).__name__, K(1) < K(2), K(2) <= K(2), K(1) == K(1), K(1) != K(1), K(3) > K(2), K(1) >= K(2), K(1).obj)
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)), sorted("bca", key=K), min([5, 2, 8], key=K), max(["aa", "b"], key=cmp_to_key(lambda a, b: len(a) - len(b))))
print(cmp_to_key(cmp)(1) < cmp_to_key(lambda a, b: -1)(2))
for bad in (lambda: K(1) < 2, lambda: K(1) == "x"):
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)
try:
    print(K.obj)
except AttributeError:
    print("AttributeError")
def f(x):
    "doc of f"
    return x
f.extra = 1
def g(*a): return f(*a)
h = update_wrapper(g, f)
print(h is g, g.__name__, g.__doc__, g.extra, g.__wrapped__ is f, g.__qualname__)
@wraps(f, assigned=("__doc__",), updated=())
def w(): pass
print(w.__name__, w.__doc__, hasattr(w, "extra"), w.__wrapped__.__name__)
class C:
    "class doc"
    def __call__(self): pass
c = C()
update_wrapper(c, f)
print(c.__doc__, c.__name__)
@wraps(len)
def L(x): return len(x)
print(L.__name__, L.__wrapped__ is len)
# ---
from functools import reduce, lru_cache, cached_property
import operator
print(reduce(operator.sub, [10, 1, 2]), reduce(operator.sub, [], 5), reduce(operator.sub, [7]), reduce(operator.sub, iter([1, 2]), 0), reduce(lambda a, b: a + [b], "abc", []))
try:
    reduce(max, iter([]))
except TypeError as e:
    print("TypeError", e, e.__context__, e.__suppress_context__ or e.__context__ is None)
calls = []
@lru_cache(maxsize=None)
def f(*a, **k):
    calls.append((a, k))
    return len(calls)
print(f(1), f(1), f(1.0), f(True), f("s"), f(("s",)), f("s"), f(a=1, b=2), f(b=2, a=1), f(a=1, b=2), f(1, a=1), f.cache_info())
@lru_cache(typed=True)
def g(x, y=0): return (x, y)
print(g(1), g(1.0), g(True), g(1, y=1), g(1, y=1.0), g.cache_info())
@lru_cache
def h(x): return x * 2
print(h(2), h(2), h.cache_info(), lru_cache(-5)(lambda: 1)(), lru_cache(0)(lambda x: x)(3))
for bad in ("x", 1.5):
    try:
        lru_cache(bad)
    except TypeError as e:
        print("TypeError", e)
try:
    f([1])
except TypeError as e:
    print("TypeError", e)
class A:
    @cached_property
    def v(self):
        print("computing")
        return 42
a = A()
print(a.v, a.v, A.v.attrname, A.v.__doc__, type(A.__dict__["v"]).__name__)
del a.v
print(a.v)
class S:
    __slots__ = ("x",)
    @cached_property
    def v(self): return 1
try:
    S().v
except TypeError as e:
    print("TypeError", e)
cp = cached_property(lambda self: 1)
try:
    cp.__get__(A())
except TypeError as e:
    print("TypeError", e)
cp.__set_name__(A, "p")
cp.__set_name__(A, "p")
try:
    cp.__set_name__(A, "q")
except TypeError as e:
    print("TypeError", e)
print(cp.__get__(None, A) is cp)
