fns = []
for i in range(3):
    fns.append(lambda: i)
fixed = [lambda i=i: i for i in range(3)]
print([f() for f in fns], [f() for f in fixed])
# ---
def make_counter(start=0, step=1):
    n = start
    def inc():
        nonlocal n
        n += step
        return n
    def reset():
        nonlocal n
        n = start
    return inc, reset
inc, reset = make_counter(10, 5)
out = [inc(), inc()]
reset()
out.append(inc())
inc2, _ = make_counter()
out += [inc2(), inc()]
print(out)
# ---
def outer():
    results = []
    for name in ["a", "b"]:
        total = 0
        def add(x):
            nonlocal total
            total += x
            return total
        for v in range(4):
            add(v)
        results.append((name, total))
    return results
print(outer())
# ---
def memo(fn):
    cache = {}
    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    wrapper.cache = cache
    return wrapper
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), len(fib.cache))
# ---
import functools
def retry(times=3, exceptions=(ValueError,)):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            last = None
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, attempt=attempt, **kw)
                except exceptions as e:
                    last = e
            raise RuntimeError(f"gave up after {times}") from last
        return wrapper
    return deco
@retry(times=4)
def flaky(x, attempt):
    """Fails until the third attempt."""
    if attempt < 3:
        raise ValueError(f"attempt {attempt}")
    return x * attempt
print(flaky(7), flaky.__name__, flaky.__doc__)
@retry(times=2)
def never(attempt):
    raise ValueError("no")
try:
    never()
except RuntimeError as e:
    print(e, "cause:", repr(e.__cause__))
# ---
def gen_pages(n):
    for p in range(n):
        got = yield {"page": p}
        if got == "stop":
            return f"stopped at {p}"
g = gen_pages(5)
print(next(g), g.send(None), g.send("go"))
try:
    g.send("stop")
except StopIteration as e:
    print("result", e.value)
# ---
def chunks(xs, n):
    for i in range(0, len(xs), n):
        yield xs[i:i + n]
def flatten(nested):
    for x in nested:
        if isinstance(x, (list, tuple)):
            yield from flatten(x)
        else:
            yield x
print(list(chunks(list(range(7)), 3)), list(flatten([1, [2, (3, [4])], [], 5])))
# ---
squares = (x * x for x in range(5))
print(sum(squares), sum(squares))
evens = [x for x in range(20) if x % 2 == 0 if x % 3 == 0]
pairs = [(a, b) for a in range(3) for b in range(a)]
print(evens, pairs, {k: v for k, v in zip("abc", range(3)) if v}, {x % 3 for x in range(10)})
# ---
x = 10
def f():
    return [x for _ in range(2)] + [y for y in range(x, x + 2)]
print(f(), [x for x in range(3)], x)
# ---
def counter():
    count = 0
    def bump():
        nonlocal count
        count += 1
        return count
    return bump
b = counter()
vals = [b() for _ in range(3)]
print(vals, b.__name__)
# ---
def apply(fn, /, *args, **kwargs):
    return fn(*args, **kwargs)
def kw_only(a, *, b, c=3):
    return a + b + c
def pos_only(a, b, /, c=0):
    return (a, b, c)
print(apply(kw_only, 1, b=2), apply(pos_only, 1, 2, c=9), apply(dict, x=1, fn=2))
try:
    pos_only(a=1, b=2)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def f(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, kw
print(f(1, c=3), f(*range(5), c=0, z=1), f(c=1, a=0, **{"b": 9, "q": 8}))
try:
    f(1, 2, a=3, c=4)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def f(x, y):
    return x - y
args = {"y": 1}
print(f(5, **args), f(**{"x": 1, "y": 5}), f(*[9], **args))
try:
    f(1, **{"x": 2})
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def f(**kw):
    return kw
print(f(**{"a": 1}, **{"b": 2}), f(a=1, **{"b": 2}))
try:
    f(**{"a": 1}, **{"a": 2})
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def total(*nums, start=0):
    return start + sum(nums)
print(total(), total(1, 2, 3), total(*range(4), start=10), total(*(), *[1], *{2: 0}))
# ---
def walk(d, prefix=""):
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            yield from walk(v, key)
        else:
            yield key, v
doc = {"a": {"b": 1, "c": {"d": [1, 2]}}, "e": None}
print(dict(walk(doc)))
# ---
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
# ---
def forever(n):
    return forever(n + 1)
forever(0)
# raises: RecursionError: maximum recursion depth exceeded
# ---
def scoped():
    len = lambda x: -1
    return len([1, 2, 3])
def shadow_param(list=None):
    return list
print(scoped(), len([1, 2, 3]), shadow_param(), shadow_param(list=[1]), list("ab"))
# ---
import builtins
lines = []
def run_quiet(fn):
    orig = builtins.print
    builtins.print = lambda *a, **k: lines.append(" ".join(map(str, a)))
    try:
        return fn()
    finally:
        builtins.print = orig
def noisy():
    print("captured", 1)
    return "ret"
print(run_quiet(noisy), lines)
# ---
def make_ops():
    ops = {}
    for name, op in [("add", lambda a, b: a + b), ("mul", lambda a, b: a * b)]:
        ops[name] = op
    def run(name, *args):
        return ops[name](*args)
    return run
run = make_ops()
print(run("add", 2, 3), run("mul", 2, 3))
# ---
import functools
def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns, lambda x: x)
pipeline = compose(str.strip, str.lower, lambda s: s.replace(" ", "_"))
print(pipeline("  Hello World  "), compose()(5))
# ---
import functools
@functools.lru_cache(maxsize=None)
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)
print(paths(16, 16), paths.cache_info().hits > 0)
p = functools.partial(paths, 2)
print(p(2), p(c=3))
# ---
def gen():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
for v in gen():
    print("got", v)
    break
print("after")
# ---
def numbers():
    i = 0
    while True:
        i += 1
        yield i
import itertools
print(list(itertools.islice(numbers(), 3, 8)), list(itertools.takewhile(lambda x: x < 4, numbers())))
# ---
def g():
    x = yield
    while True:
        x = yield x * 2
c = g()
next(c)
print([c.send(i) for i in range(4)])
# ---
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner
    x = "rebound"
    return middle()()
print(outer())
# ---
def setg(v):
    global G_QA
    G_QA = v
def getg():
    return G_QA
setg(5)
first = getg()
setg([1])
print(first, getg())
# ---
def f():
    y = 1
    def g():
        print(y)
        y = 2
    g()
f()
# raises: UnboundLocalError: cannot access local variable 'y' where it is not associated with a value
# ---
def f(items):
    total = 0
    for i in items:
        total += i
    return total
print(f([1, 2]), f(()), f(range(101)), f(x for x in [1.5, 2.5]))
f(1)
# raises: TypeError: 'int' object is not iterable
# ---
def defaults(a, b=[], c={}):
    b.append(a)
    c[a] = len(b)
    return b, c
defaults(1)
print(defaults(2), defaults.__defaults__)
# ---
def f(*, key=lambda x: x, reverse=False):
    return sorted([3, 1, 2], key=key, reverse=reverse)
print(f(), f(key=lambda x: -x), f(reverse=True))
try:
    f(1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
def make():
    fs = {}
    for op in "+-*":
        def f(a, b, op=op):
            return {"+": a + b, "-": a - b, "*": a * b}[op]
        fs[op] = f
    return fs
print({k: v(6, 3) for k, v in make().items()})
# ---
def gen():
    yield 1
    raise ValueError("boom in gen")
out = []
try:
    for x in gen():
        out.append(x)
except ValueError as e:
    out.append(str(e))
print(out)
# ---
def g():
    yield from range(3)
it = g()
print(next(it), list(it), list(it), next(it, "done"))
try:
    next(it)
except StopIteration as e:
    print("stop", repr(e), e.value)
# ---
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
import itertools
print(list(itertools.islice(fib(), 95, 97)))
# ---
data = [{"n": "a", "v": 3}, {"n": "b", "v": 1}]
get = lambda k: (lambda d: d[k])
print(sorted(data, key=get("v")), list(map(get("n"), data)))
# ---
def f():
    return [lambda: j for j in range(3)], [(lambda: j)() for j in range(3)]
late, early = f()
print([g() for g in late], early)
