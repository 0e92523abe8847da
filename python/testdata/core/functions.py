def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, sorted(kw.items()))
print(f(1, c=3), f(1, 5, 6, 7, c=8, e=9), f(c=0, a=1))
# ---
def f(a, b, /, c, *, d):
    return a + b + c + d
print(f(1, 2, 3, d=4), f(1, 2, c=3, d=4))
# ---
def f(a, /):
    return a
f(a=1)
# raises: TypeError: f() got some positional-only arguments passed as keyword arguments: 'a'
# ---
def f(*, k):
    return k
f(1)
# raises: TypeError: f() takes 0 positional arguments but 1 was given
# ---
def f(a, b):
    return a
f(1)
# raises: TypeError: f() missing 1 required positional argument: 'b'
# ---
def f(a, b, c):
    return a
f()
# raises: TypeError: f() missing 3 required positional arguments: 'a', 'b', and 'c'
# ---
def f(a):
    return a
f(1, 2)
# raises: TypeError: f() takes 1 positional argument but 2 were given
# ---
def f(a):
    return a
f(1, a=2)
# raises: TypeError: f() got multiple values for argument 'a'
# ---
def f(a):
    return a
f(b=2)
# raises: TypeError: f() got an unexpected keyword argument 'b'
# ---
def f(*, k):
    return k
f()
# raises: TypeError: f() missing 1 required keyword-only argument: 'k'
# ---
def f(a, b=[]):
    b.append(a)
    return b
print(f(1), f(2), f(3, []))
# ---
def f(*args, **kwargs):
    return args, kwargs
print(f(*[1, 2], *(3,), **{"x": 1}, y=2))
# ---
def make_counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    return inc
c1, c2 = make_counter(), make_counter()
print(c1(), c1(), c1(10), c2())
# ---
def deco(fn):
    def wrapper(*a, **k):
        print("calling", fn.__name__)
        return fn(*a, **k) * 2
    return wrapper
@deco
def add(x, y):
    return x + y
print(add(2, 3))
# ---
def repeat(n):
    def deco(fn):
        def w(*a):
            return [fn(*a) for _ in range(n)]
        return w
    return deco
@repeat(3)
def hi(name):
    return "hi " + name
print(hi("bo"))
# ---
def a(fn):
    return lambda: "a(" + fn() + ")"
def b(fn):
    return lambda: "b(" + fn() + ")"
@a
@b
def base():
    return "x"
print(base())
# ---
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), [fact(i) for i in range(6)])
# ---
def fib(n, memo={}):
    if n < 2:
        return n
    if n not in memo:
        memo[n] = fib(n - 1) + fib(n - 2)
    return memo[n]
print(fib(80))
# ---
def f():
    """Docstring here."""
    return 1
print(f.__doc__, f.__name__, f())
# ---
def outer():
    def inner():
        pass
    return inner
print(outer().__name__, outer().__qualname__)
# ---
def f(x):
    if x:
        return
    return 0
print(f(1), f(0))
# ---
def f(a, b):
    return a - b
print(f(b=1, a=5), f(*[9, 3]), f(**{"a": 2, "b": 2}))
# ---
def compose(*fns):
    def run(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return run
print(compose(str, lambda v: v * 2, abs)(-21))
# ---
def f():
    return 1, 2, 3
a, b, c = f()
print(a, c, f())
# ---
def apply(fn, *args, **kwargs):
    return fn(*args, **kwargs)
print(apply(max, 3, 9, 2), apply(sorted, [3, 1], reverse=True), apply(dict, a=1))
# ---
def rec(n):
    return rec(n + 1)
rec(0)
# raises: RecursionError: maximum recursion depth exceeded
# ---
x = 1
def f():
    x = 2
    def g():
        return x
    return g()
print(f(), x)
# ---
def gen_adders():
    return [lambda v, k=k: v + k for k in range(3)]
print([fn(10) for fn in gen_adders()])
# ---
def f(a, *, b=2, **rest):
    return a, b, rest
print(f(1, c=3), f(a=0, b=1))
# ---
def kwonly(a, *args, sep=", "):
    return sep.join(str(x) for x in (a,) + args)
print(kwonly(1, 2, 3), kwonly(1, 2, sep="|"))
# ---
"x"()
# raises: TypeError: 'str' object is not callable
# ---
def f(**kw):
    return kw
print(f(**{"a": 1}, **{"b": 2}))
f(**{"a": 1}, a=2)
# raises: TypeError: __main__.f() got multiple values for keyword argument 'a'
# ---
def counter():
    count = 0
    def get():
        return count
    count = 5
    return get
print(counter()())
# ---
callbacks = {}
def register(name):
    def deco(fn):
        callbacks[name] = fn
        return fn
    return deco
@register("sq")
def square(x):
    return x * x
print(callbacks["sq"](7), square(3), sorted(callbacks))
# ---
def f(n):
    def g():
        return n * 2
    n += 1
    return g
print(f(1)())
# ---
print((lambda x, *, y=1: x + y)(1, y=5), (lambda *xs: len(xs))(1, 2, 3))
