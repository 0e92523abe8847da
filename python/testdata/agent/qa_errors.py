class APIError(Exception):
    def __init__(self, status, message, *, retry_after=None):
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message
        self.retry_after = retry_after
class RateLimited(APIError):
    pass
def call(i):
    if i == 1:
        raise RateLimited(429, "slow down", retry_after=2.5)
    if i == 2:
        raise APIError(500, "oops")
    return i
for i in range(3):
    try:
        print(call(i))
    except RateLimited as e:
        print("rate", e.status, e.retry_after, str(e), e.args)
    except APIError as e:
        print("api", repr(e).replace("__snippet__.<locals>.", ""), e.message)
# ---
class ValidationError(ValueError):
    def __init__(self, errors):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
def validate(d):
    errs = {}
    if not isinstance(d.get("name"), str):
        errs["name"] = "must be a string"
    if d.get("age", 0) < 0:
        errs["age"] = "must be >= 0"
    if errs:
        raise ValidationError(errs)
    return d
for d in [{"name": "a"}, {"name": 1, "age": -1}]:
    try:
        validate(d)
        print("ok")
    except ValueError as e:
        print(type(e).__name__, e, e.errors, isinstance(e, Exception))
# ---
class E(Exception):
    pass
e = E("a", 1)
print(str(e), repr(e).replace("__snippet__.<locals>.", ""), e.args, str(E()), repr(E("x")).replace("__snippet__.<locals>.", ""), str(KeyError("k")), str(KeyError("k", "j")), repr(ValueError()))
# ---
def risky(n):
    try:
        if n == 0:
            raise ValueError("zero")
        return 10 / n
    except ValueError as e:
        return f"handled {e}"
    else:
        print("else ran for", n)
    finally:
        print("finally for", n)
print(risky(0), risky(5))
# ---
def f():
    try:
        return "try"
    finally:
        print("finally runs before return")
def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("fin", i)
    return i
print(f(), g())
# ---
def f():
    try:
        raise KeyError("a")
    except KeyError as e:
        raise ValueError("converted") from e
try:
    f()
except ValueError as e:
    print(e, type(e.__cause__).__name__, e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
# ---
try:
    try:
        1 / 0
    except ZeroDivisionError:
        {}["missing"]
except KeyError as e:
    print(repr(e), type(e.__context__).__name__, e.__cause__)
# ---
def parse_all(items):
    ok, bad = [], []
    for it in items:
        try:
            ok.append(int(it))
        except (ValueError, TypeError) as e:
            bad.append((it, type(e).__name__, str(e)))
    return ok, bad
print(parse_all(["1", "x", None, 2.7, "0x1", " 3 "]))
# ---
def f():
    try:
        raise TypeError("t")
    except Exception as e:
        err = e
    print(repr(err))
    try:
        err
        del err
        err
    except NameError as e:
        print(type(e).__name__, e)
f()
# ---
def f():
    try:
        raise RuntimeError("r")
    except RuntimeError as exc:
        pass
    try:
        exc
    except NameError as e:
        print("exc cleared:", type(e).__name__, e)
f()
# ---
import traceback
try:
    [].pop()
except IndexError as e:
    print(type(e).__name__, e)
try:
    {}.popitem()
except KeyError as e:
    print(type(e).__name__, e)
try:
    [1].index(2)
except ValueError as e:
    print(e)
try:
    (1, 2).index(3)
except ValueError as e:
    print(e)
try:
    [1, 2][5]
except IndexError as e:
    print(e)
try:
    "ab"[9]
except IndexError as e:
    print(e)
# ---
errors = []
for bad in [lambda: None + 1, lambda: "a" + 1, lambda: 1 + "a", lambda: [1] * "x", lambda: len(5), lambda: None(), lambda: {}[[1]], lambda: "x" < 1, lambda: int([]), lambda: abs("s")]:
    try:
        bad()
    except TypeError as e:
        errors.append(str(e))
print("\n".join(errors))
# ---
errors = []
for bad in [lambda: None.x, lambda: (1).foo, lambda: "s".nope, lambda: [].push, lambda: {}.has_key, lambda: object().a]:
    try:
        bad()
    except AttributeError as e:
        errors.append(str(e))
print("\n".join(errors))
# ---
def f():
    raise NotImplementedError
try:
    f()
except NotImplementedError as e:
    print(repr(e), str(e) == "", type(e).__mro__[1].__name__)
# ---
class Retryable(Exception):
    retries = 0
for i in range(3):
    try:
        raise Retryable(i)
    except Retryable as e:
        Retryable.retries += 1
        last = e
print(Retryable.retries, last.args, isinstance(last, BaseException))
# ---
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(1))
check(-2)
# raises: AssertionError: x must be positive, got -2
# ---
import json
try:
    json.loads('{"a": 1,}')
except json.JSONDecodeError as e:
    print(type(e).__name__, e.msg, e.pos, e.lineno, e.colno, isinstance(e, ValueError))
try:
    json.loads("")
except ValueError as e:
    print(e)
# ---
class Resource:
    def __init__(self, name, fail=False):
        if fail:
            raise IOError(f"cannot open {name}")
        self.name = name
opened = []
for name, fail in [("a", False), ("b", True), ("c", False)]:
    try:
        opened.append(Resource(name, fail=fail).name)
    except OSError as e:
        opened.append(f"<{e}>")
print(opened, IOError is OSError)
# ---
def outer():
    try:
        inner()
    except LookupError as e:
        return f"caught {type(e).__name__}: {e}"
def inner():
    return {"a": [1]}["a"][3]
print(outer())
# ---
try:
    raise ValueError("first")
except ValueError:
    try:
        raise TypeError("second")
    except TypeError as e:
        print(type(e.__context__).__name__, e.__context__)
# ---
def gen():
    raise StopIteration("inner")
    yield
try:
    list(gen())
except RuntimeError as e:
    print(e, type(e.__cause__).__name__)
# ---
class MyErr(Exception):
    def __str__(self):
        return f"MyErr<{self.args[0] if self.args else ''}>"
try:
    raise MyErr("detail")
except Exception as e:
    print(e, f"{e}", str(e), e.args)
# ---
class CodeError(Exception):
    def __init__(self, code):
        self.code = code
e = CodeError(7)
print(e.args, str(e), e.code)
e2 = CodeError(code=3)
print(e2.args, str(e2), e2.code)
# ---
def f(x):
    if x:
        raise
try:
    f(1)
except RuntimeError as e:
    print(e)
# ---
try:
    try:
        raise KeyError("x")
    except KeyError:
        raise
except LookupError as e:
    print("reraised", repr(e))
# ---
try:
    raise ValueError("a") from None
except ValueError as e:
    print(e.__cause__, e.__suppress_context__)
# ---
import sys
try:
    int("q")
except Exception:
    t, v, tb = sys.exc_info()
    print(t.__name__, v)
print(sys.exc_info())
# ---
raise KeyError("missing key")
# raises: KeyError: 'missing key'
# ---
raise ValueError
# raises: ValueError
# ---
d = {"a": 1}
d["b"]
# raises: KeyError: 'b'
# ---
x = [1, 2, 3]
for i in x:
    if i == 2:
        x.remove(i)
print(x)
d = {"a": 1, "b": 2}
for k in d:
    d["c"] = 3
# raises: RuntimeError: dictionary changed size during iteration
# ---
class Strict:
    def __setattr__(self, k, v):
        if not isinstance(v, int):
            raise TypeError(f"{k} must be int, got {type(v).__name__}")
        super().__setattr__(k, v)
s = Strict()
s.a = 1
try:
    s.b = "x"
except TypeError as e:
    print(e)
print(vars(s))
# ---
import warnings
def deprecated():
    warnings.warn("old api", DeprecationWarning)
    return 1
print(deprecated())
# ---
class Conn:
    def __init__(self):
        self.closed = False
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.closed = True
        return False
c = Conn()
try:
    with c:
        raise ConnectionError("reset")
except ConnectionError as e:
    print(c.closed, e, isinstance(e, OSError))
# ---
from contextlib import suppress, contextmanager
with suppress(KeyError, IndexError):
    [][0]
@contextmanager
def tag(name, log):
    log.append(f"<{name}>")
    try:
        yield name.upper()
    except ValueError as e:
        log.append(f"err {e}")
    finally:
        log.append(f"</{name}>")
log = []
with tag("a", log) as t:
    log.append(t)
with tag("b", log):
    raise ValueError("inside")
print(log)
