def f():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            if i == 0:
                break
    return i
print(f())
# ---
import sys
out = []
for exc in (SystemExit(3), KeyboardInterrupt(), GeneratorExit(), ValueError("v")):
    try:
        try:
            raise exc
        except Exception:
            out.append(("Exception caught", type(exc).__name__))
    except BaseException as e:
        out.append(("BaseException caught", type(e).__name__))
print(out)
try:
    raise SystemExit(2)
except:
    print("bare except caught", sys.exc_info()[0].__name__)
# ---
class Enter:
    def __enter__(self):
        raise RuntimeError("enter failed")
    def __exit__(self, *a):
        print("exit should not run")
try:
    with Enter():
        print("body should not run")
except RuntimeError as e:
    print(e)
class ExitRaises:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        raise KeyError("from exit")
try:
    with ExitRaises():
        raise ValueError("body")
except KeyError as e:
    print(repr(e), type(e.__context__).__name__)
# ---
from contextlib import ExitStack, closing, nullcontext, contextmanager
log = []
class Res:
    def __init__(self, n):
        self.n = n
    def close(self):
        log.append(f"close {self.n}")
with ExitStack() as stack:
    for i in range(3):
        stack.callback(log.append, f"cb {i}")
    r = stack.enter_context(closing(Res("r")))
    with nullcontext(5) as five:
        log.append(five)
print(log)
@contextmanager
def transaction(log):
    log.append("begin")
    try:
        yield
        log.append("commit")
    except Exception as e:
        log.append(f"rollback {e}")
        raise
log = []
try:
    with transaction(log):
        raise ValueError("bad row")
except ValueError:
    pass
with transaction(log):
    pass
print(log)
# ---
class BadRepr:
    def __repr__(self):
        raise ValueError("repr failed")
try:
    print([1, BadRepr()])
except ValueError as e:
    print("caught", e)
class BadEq:
    def __eq__(self, o):
        raise TypeError("no eq")
try:
    [1, BadEq()].index(5)
except TypeError as e:
    print("caught", e)
try:
    print(sum(1 / x for x in [1, 2, 0]))
except ZeroDivisionError as e:
    print("caught", e)
# ---
try:
    assert 1 == 2
except AssertionError as e:
    print(repr(e), str(e) == "", e.args)
e = ValueError("a", "b")
e.args = ("changed",)
print(str(e), repr(e))
try:
    raise e.with_traceback(None)
except ValueError as x:
    print(x is e)
# ---
import traceback
try:
    {}["k"]
except KeyError as e:
    print(traceback.format_exception_only(type(e), e), traceback.format_exception_only(e) if False else "")
def fail():
    raise ValueError("inner")
try:
    try:
        fail()
    except ValueError as e:
        raise RuntimeError("outer") from e
except RuntimeError as e:
    lines = traceback.format_exception(e)
    print([l for l in lines if not l.startswith(" ")])
# ---
def parse(s):
    try:
        return int(s)
    except ValueError:
        try:
            return float(s)
        except ValueError:
            raise ValueError(f"not a number: {s!r}") from None
out = []
for s in ["1", "2.5", "x", "1e3"]:
    try:
        out.append(parse(s))
    except ValueError as e:
        out.append((str(e), e.__cause__, e.__suppress_context__, type(e.__context__).__name__))
print(out)
# ---
class TooBig(Exception):
    def __init__(self, value, limit):
        super().__init__(value, limit)
        self.value, self.limit = value, limit
    def __str__(self):
        return f"{self.value} exceeds {self.limit}"
try:
    raise TooBig(10, 5)
except TooBig as e:
    print(e, e.args, repr(e).replace("__snippet__.<locals>.", ""), f"{e!r}".startswith("TooBig") or "snippet" in repr(e))
# ---
results = []
def risky(i):
    if i % 3 == 0:
        raise KeyError(i)
    if i % 3 == 1:
        raise IndexError(i)
    return i
for i in range(6):
    try:
        results.append(risky(i))
    except (KeyError, IndexError) as e:
        results.append(f"{type(e).__name__}({e})")
    else:
        results.append("ok")
    finally:
        results.append("|")
print("".join(map(str, results)))
# ---
def gen():
    try:
        yield 1
    finally:
        raise ValueError("from finally")
g = gen()
next(g)
try:
    g.close()
except ValueError as e:
    print("close raised", e)
def gen2():
    try:
        yield 1
    except GeneratorExit:
        yield 2
g2 = gen2()
next(g2)
try:
    g2.close()
except RuntimeError as e:
    print(e)
# ---
import copy
class TooBig(Exception):
    def __init__(self, value, limit):
        super().__init__(value, limit)
        self.value, self.limit = value, limit
e2 = copy.copy(TooBig(3, 1))
e3 = copy.deepcopy(ValueError("x", [1]))
print(e2.args, e2.value, e3.args)
