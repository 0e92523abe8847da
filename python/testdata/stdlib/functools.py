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
