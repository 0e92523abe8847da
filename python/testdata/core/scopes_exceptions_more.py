def f():
    try:
        raise ValueError("original")
    finally:
        return "finally wins"
print(f())
# ---
def f():
    try:
        raise ValueError("first")
    finally:
        raise KeyError("from finally")
try:
    f()
except KeyError as e:
    print(repr(e), repr(e.__context__))
# ---
def f():
    for i in range(3):
        try:
            return i
        finally:
            if i == 0:
                continue
print(f())
# ---
def f():
    log = []
    try:
        log.append("try")
        raise TypeError("t")
    except TypeError:
        log.append("except")
    else:
        log.append("else")
    finally:
        log.append("finally")
    return log
print(f())
# ---
try:
    raise KeyError("a", "b")
except KeyError as e:
    print(str(e), e.args)
# ---
try:
    {}[("k", 1)]
except KeyError as e:
    print(str(e), repr(e), e.args[0])
# ---
errors = (ValueError, TypeError)
for bad in ["x", None]:
    try:
        int(bad)
    except errors as e:
        print(type(e).__name__)
# ---
def g():
    raise RuntimeError("inner")
def h():
    try:
        g()
    except RuntimeError as e:
        raise ValueError("outer") from e
try:
    h()
except ValueError as e:
    c = e.__cause__
    print(e, "<-", c, type(c).__name__, e.__context__ is c)
# ---
e = ValueError("x")
e.args = ("changed", 2)
print(str(e), e.args)
# ---
class MyErr(Exception):
    pass
try:
    raise MyErr
except MyErr as e:
    print(type(e).__name__, e.args, repr(e))
# ---
try:
    try:
        raise ValueError("inner")
    except ValueError:
        pass
    raise TypeError("after handled")
except TypeError as e:
    print(e.__context__)
# ---
def gen():
    try:
        yield 1
    except GeneratorExit:
        print("closing")
        raise
g = gen()
next(g)
g.close()
print("closed ok")
# ---
x = 5
g = (x * i for i in range(3))
x = 10
print(list(g))
# ---
g = (i for i in undefined_iterable)
# raises: NameError: name 'undefined_iterable' is not defined
# ---
def outer():
    a = 1
    def mid():
        def inner():
            nonlocal a
            a += 10
            return a
        return inner()
    r = mid()
    return r, a
print(outer())
# ---
def f():
    x = "local"
    def g():
        return x
    x = "rebound"
    return g
print(f()())
# ---
funcs = {}
for name in ["a", "b"]:
    def fn(n=name):
        return n.upper()
    funcs[name] = fn
print({k: v() for k, v in funcs.items()})
# ---
total = 0
def add(n):
    global total
    total += n
    return total
print([add(i) for i in range(4)], total)
# ---
def f():
    global late_defined
    late_defined = 1
f()
print(late_defined)
# ---
def counter():
    def inc():
        inc.calls += 1
        return inc.calls
    inc.calls = 0
    return inc
c = counter()
c(); c()
print(c())
# ---
class A:
    name = "class attr"
    def get(self):
        return name
name = "module"
print(A().get())
# ---
y = 1
def f():
    y += 1
f()
# raises: UnboundLocalError: cannot access local variable 'y' where it is not associated with a value
# ---
def f():
    del undefined_local
f()
# raises: UnboundLocalError: cannot access local variable 'undefined_local' where it is not associated with a value
# ---
try:
    raise ValueError("boom")
except ValueError:
    caught = True
print(caught)
# ---
def f(n):
    if n == 0:
        raise ValueError("bottom")
    return f(n - 1)
try:
    f(50)
except ValueError as e:
    print("deep raise caught:", e)
# ---
result = []
for i in range(5):
    try:
        if i % 2:
            raise ValueError(i)
        result.append(i)
    except ValueError as e:
        result.append(-e.args[0])
    finally:
        result.append("f")
print(result)
# ---
def first_error(items):
    for it in items:
        try:
            yield int(it)
        except ValueError as e:
            yield str(e)
print(list(first_error(["1", "x", "3"])))
# ---
try:
    print("a" + 1)
except TypeError as e:
    print("msg:", e)
finally:
    print("done")
# ---
class Resource:
    def __enter__(self):
        print("open")
        return self
    def __exit__(self, et, ev, tb):
        print("close", et is None)
def use():
    with Resource():
        raise KeyError("in with")
try:
    use()
except KeyError as e:
    print("propagated", e)
# ---
raise ValueError("a") from KeyError("b")
# raises: ValueError: a
# ---
try:
    raise
except RuntimeError as e:
    print(e)
# ---
def f():
    raise NotImplemented
f()
# raises: TypeError: exceptions must derive from BaseException
# ---
assert isinstance(ArithmeticError(), Exception)
print(ZeroDivisionError.__mro__[1].__name__, LookupError.__subclasses__ if False else "ok")
# ---
try:
    [].pop()
except IndexError as e:
    err = e
print(type(err).__name__, err)
