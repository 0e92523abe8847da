def outer():
    list = lambda *a: "shadow"
    def inner():
        return list("ab")
    return inner()
print(outer(), list("ab"))
# ---
class Config:
    defaults = {"a": 1, "b": 2}
    keys = list(defaults)
    doubled = {k: v * 2 for k, v in defaults.items()}
    scale = 3
    try:
        fns = [lambda x, s=scale: x * s for _ in range(2)]
    except NameError as e:
        err = str(e)
print(Config.keys, Config.doubled, Config.err)
# ---
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
orig = fact
def fact(n):
    return -1
print(orig(5))
# ---
def counter_factory():
    count = 0
    class C:
        def inc(self):
            nonlocal count
            count += 1
            return count
    return C
C = counter_factory()
a, b = C(), C()
print(a.inc(), b.inc(), a.inc())
# ---
def f():
    x = 1
    def g():
        return x
    del x
    try:
        return g()
    except NameError as e:
        return str(e)
print(f())
# ---
def deco(fn):
    return lambda *a: helper(fn(*a))
@deco
def double(x):
    return x * 2
def helper(v):
    return f"<{v}>"
print(double(4))
# ---
def make():
    fs = []
    for i in range(3):
        def f(j=i):
            return i, j
        fs.append(f)
    i = 10
    return [f() for f in fs]
print(make())
# ---
x = "outer"
def a():
    x = "a"
    def b():
        nonlocal x
        x = "b"
        def c():
            return x
        return c()
    r = b()
    return r, x
print(a(), x)
# ---
def gen_funcs():
    return [(lambda: n) for n in range(3)], [(lambda n=n: n) for n in range(3)]
late, early = gen_funcs()
print([f() for f in late], [f() for f in early])
# ---
items = ["a", "b"]
result = {i: [c for c in items if c != items[i]] for i in range(len(items))}
print(result, [(i, j) for i in range(3) for j in range(i) if (i + j) % 2])
# ---
def acc():
    total = 0
    def add(x):
        nonlocal total
        total += x
        return total
    add.get = lambda: total
    return add
a = acc()
a(5); a(7)
print(a.get(), a(1), a.get())
# ---
class A:
    x = 10
    def m(self):
        return x
x = "global-ish"
print(A().m())
# ---
def f(a, L=None):
    if L is None:
        L = []
    L.append(a)
    return L
print(f(1), f(2), f(3, [0]))
# ---
import functools
def trace(fn):
    depth = 0
    @functools.wraps(fn)
    def w(*a):
        nonlocal depth
        depth += 1
        try:
            return fn(*a)
        finally:
            depth -= 1
            w.max = max(getattr(w, "max", 0), depth + 1)
    return w
@trace
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(15), fib.max, fib.__name__, fib.__wrapped__.__name__)
# ---
try:
    print(undefined_name)
except NameError as e:
    print(e)
def f():
    return also_undefined
try:
    f()
except NameError as e:
    print(e)
