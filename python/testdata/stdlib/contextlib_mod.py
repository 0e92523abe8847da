# contextmanager: the generator protocol around the with body
from contextlib import contextmanager
@contextmanager
def cm(tag, handle=()):
    print("enter", tag)
    try:
        yield tag * 2
    except handle as e:
        print("handled", type(e).__name__, e)
    finally:
        print("exit", tag)
with cm("a") as v:
    print("body", v)
with cm("b", (KeyError,)):
    raise KeyError("k")
try:
    with cm("c", (KeyError,)):
        raise ValueError("v")
except ValueError as e:
    print("escaped", e)
m = cm("d")
print(type(m).__name__, hasattr(m, "gen"), m.__enter__(), m.__exit__(None, None, None))
m = cm("e", (KeyError,))
m.__enter__()
print(m.__exit__(KeyError, None, None))
print(cm.__name__, cm.__wrapped__.__name__, cm.__doc__, cm.__qualname__)
# ---
from contextlib import contextmanager
@contextmanager
def no_yield():
    if False:
        yield
@contextmanager
def two_yields():
    yield 1
    yield 2
@contextmanager
def swallow_then_yield():
    try:
        yield
    except Exception:
        yield
for f in (no_yield, two_yields):
    try:
        with f():
            print("body", f.__name__)
    except RuntimeError as e:
        print("RuntimeError", e, type(e.__context__).__name__, e.__suppress_context__, e.__cause__)
try:
    with swallow_then_yield():
        raise KeyError("x")
except RuntimeError as e:
    print("RuntimeError", e)
# ---
from contextlib import contextmanager
@contextmanager
def plain():
    yield
@contextmanager
def converts():
    try:
        yield
    except KeyError as e:
        raise ValueError("converted") from e
@contextmanager
def reraises_stop():
    try:
        yield
    except StopIteration:
        raise
for f, exc in ((plain, StopIteration("s")), (plain, RuntimeError("r")), (converts, KeyError("k")), (reraises_stop, StopIteration("t")), (plain, GeneratorExit())):
    try:
        with f():
            raise exc
        print("suppressed", type(exc).__name__)
    except BaseException as e:
        print(f.__name__, type(e).__name__, e, e is exc, type(e.__cause__).__name__)
def g():
    with plain():
        yield 1
        raise StopIteration("inner")
try:
    list(g())
except RuntimeError as e:
    print("RuntimeError", e, type(e.__cause__).__name__)
# ---
from contextlib import contextmanager, ContextDecorator
calls = []
@contextmanager
def logged(name):
    calls.append("in " + name)
    yield
    calls.append("out " + name)
@logged("deco")
def work(x):
    calls.append("work %d" % x)
    return x * 10
print(work(1), work(2), calls, work.__name__)
class Timer(ContextDecorator):
    def __enter__(self):
        print("start")
        return self
    def __exit__(self, *exc):
        print("stop", exc[0].__name__ if exc[0] else None)
        return False
@Timer()
def job(n):
    print("job", n)
    return n + 1
print(job(4), job.__name__)
with Timer() as t:
    print(type(t).__name__)
# ---
from contextlib import suppress, nullcontext, closing, AbstractContextManager, AbstractAsyncContextManager
class Base(Exception): pass
class Child(Base): pass
with suppress(Base):
    raise Child("c")
with suppress():
    pass
try:
    with suppress():
        raise KeyError(1)
except KeyError as e:
    print("not suppressed", e)
try:
    with suppress(Exception):
        raise KeyboardInterrupt
except KeyboardInterrupt:
    print("KeyboardInterrupt passes")
s = suppress(KeyError)
print(s.__enter__(), s.__exit__(None, None, None), s.__exit__(KeyError, KeyError(), None), s.__exit__(ValueError, ValueError(), None))
with nullcontext() as a, nullcontext(5) as b:
    print(a, b)
class Res:
    def close(self):
        print("closed")
with closing(Res()) as r:
    print(type(r).__name__)
try:
    with closing(Res()):
        raise ValueError("boom")
except ValueError as e:
    print("ValueError", e)
class Plain:
    def __enter__(self): return self
    def __exit__(self, *a): return None
class NoExit:
    def __enter__(self): return self
class MyCM(AbstractContextManager):
    def __exit__(self, *a): return None
m = MyCM()
with m as got:
    print(got is m)
print(isinstance(Plain(), AbstractContextManager), isinstance(NoExit(), AbstractContextManager), isinstance(nullcontext(), AbstractContextManager), issubclass(suppress, AbstractContextManager), isinstance(1, AbstractContextManager))
print(isinstance(nullcontext(), AbstractAsyncContextManager), isinstance(Plain(), AbstractAsyncContextManager), issubclass(closing, AbstractContextManager))
try:
    AbstractContextManager()
except TypeError as e:
    print("TypeError", e)
# ---
from contextlib import ExitStack
log = []
class CM:
    def __init__(self, name, swallow=False):
        self.name, self.swallow = name, swallow
    def __enter__(self):
        log.append("enter " + self.name)
        return self.name
    def __exit__(self, et, ev, tb):
        log.append("exit %s %s" % (self.name, et.__name__ if et else None))
        return self.swallow
with ExitStack() as stack:
    print(stack.enter_context(CM("a")), stack.enter_context(CM("b")))
    f = stack.callback(log.append, "callback")
    print(f is log.append)
    def exiter(et, ev, tb):
        log.append("push fn %s" % (et,))
    print(stack.push(exiter) is exiter, stack.push(CM("pushed")).name)
print(log)
log.clear()
with ExitStack() as stack:
    stack.enter_context(CM("outer", swallow=True))
    stack.enter_context(CM("inner"))
    raise KeyError("k")
print(log)
log.clear()
with ExitStack() as stack:
    stack.enter_context(CM("a"))
    moved = stack.pop_all()
print(log, type(moved).__name__)
moved.close()
print(log)
stack = ExitStack()
stack.callback(print, "closed by close()", sep="|")
stack.close()
stack.close()
try:
    ExitStack().enter_context(object())
except (TypeError, AttributeError) as e:
    print(type(e).__name__, e)
# ---
from contextlib import ExitStack
def raiser(exc):
    def cb(*a):
        raise exc
    return cb
try:
    with ExitStack() as stack:
        stack.push(raiser(ValueError("from exit 1")))
        stack.push(raiser(KeyError("from exit 2")))
        raise IndexError("body")
except Exception as e:
    print(type(e).__name__, e, type(e.__context__).__name__, type(e.__context__.__context__).__name__, e.__context__.__context__.__context__)
try:
    with ExitStack() as stack:
        stack.push(lambda *a: True)
        stack.push(raiser(KeyError("second")))
    print("suppressed by the first-registered")
except KeyError as e:
    print("KeyError", e)
try:
    with ExitStack() as stack:
        stack.push(raiser(KeyError("after")))
        stack.push(lambda et, ev, tb: True)
        raise IndexError("body")
except KeyError as e:
    print("KeyError", e, e.__context__)
with ExitStack() as stack:
    stack.callback(print, "kwargs", end="!\n")
    stack.callback(lambda: print("no args"))
print(ExitStack().__enter__().__class__.__name__)
# ---
import asyncio
from contextlib import asynccontextmanager, aclosing, AsyncExitStack, nullcontext
@asynccontextmanager
async def acm(tag, handle=()):
    print("enter", tag)
    try:
        yield tag + "!"
    except handle as e:
        print("handled", e)
    finally:
        print("exit", tag)
@asynccontextmanager
async def no_yield():
    if False:
        yield
class Gen:
    async def aclose(self):
        print("aclosed")
class ACM:
    def __init__(self, n): self.n = n
    async def __aenter__(self):
        print("aenter", self.n)
        return self.n
    async def __aexit__(self, et, ev, tb):
        print("aexit", self.n, et.__name__ if et else None)
        return False
async def main():
    async with acm("a") as v:
        print("body", v)
    async with acm("b", (KeyError,)):
        raise KeyError("k")
    try:
        async with acm("c"):
            raise ValueError("v")
    except ValueError as e:
        print("escaped", e)
    try:
        async with no_yield():
            pass
    except RuntimeError as e:
        print("RuntimeError", e, type(e.__context__).__name__, e.__suppress_context__)
    @asynccontextmanager
    async def twice():
        yield 1
        yield 2
    try:
        async with twice():
            pass
    except RuntimeError as e:
        print("RuntimeError", e, e.__context__)
    async with aclosing(Gen()) as g:
        print(type(g).__name__)
    async with nullcontext(3) as n:
        print(n)
    @acm("deco")
    async def work(x):
        print("work", x)
        return x
    print(await work(1))
    async with AsyncExitStack() as stack:
        print(await stack.enter_async_context(ACM(1)), stack.enter_context(nullcontext(2)))
        async def acb(x):
            print("async callback", x)
        stack.push_async_callback(acb, "x")
        stack.callback(print, "sync callback")
        async def aexit(et, ev, tb):
            print("push_async_exit", et)
        stack.push_async_exit(aexit)
        stack.push_async_exit(ACM(3))
    stack = AsyncExitStack()
    await stack.enter_async_context(ACM(4))
    other = stack.pop_all()
    await stack.aclose()
    print(type(other).__name__)
    await other.aclose()
    try:
        async with AsyncExitStack() as stack:
            await stack.enter_async_context(ACM(5))
            raise KeyError("in stack")
    except KeyError as e:
        print("KeyError", e)
    async with AsyncExitStack() as stack:
        async def swallow(et, ev, tb):
            return True
        stack.push_async_exit(swallow)
        raise KeyError("swallowed")
    print("after swallow")
asyncio.run(main())
# ---
# print writes to the current sys.stdout; redirect_stdout/redirect_stderr swap the stream for a body.
import sys, io, contextlib
old = sys.stdout
buf = io.StringIO()
with contextlib.redirect_stdout(buf) as b:
    print("hello", 1, sep="-")
    sys.stdout.write("w\n")
    assert b is buf
print("got", repr(buf.getvalue()))
e = io.StringIO()
with contextlib.redirect_stderr(e):
    print("err", file=sys.stderr)
    try:
        1/0
    except ZeroDivisionError:
        import traceback
        traceback.print_exc()
print(e.getvalue().splitlines()[0], e.getvalue().splitlines()[-1])
sys.stdout = io.StringIO()
print("hidden")
x = sys.stdout.getvalue()
sys.stdout = old
print(repr(x))
sys.stdout = None
print("nothing")
sys.stdout = old
print("back", sys.stdout is old)
class W:
    def __init__(self): self.parts = []
    def write(self, s): self.parts.append(s)
w = W()
with contextlib.redirect_stdout(w):
    print("a", "b", end="!")
print(w.parts)
r = contextlib.redirect_stdout(io.StringIO())
with r:
    with r:
        print("nested")
print(sys.stdout is old)
import pprint
p = io.StringIO()
with contextlib.redirect_stdout(p):
    pprint.pprint({'a': 1})
print(repr(p.getvalue()))
class F:
    def __init__(self): self.calls = []
    def write(self, s): self.calls.append(s)
    def flush(self): self.calls.append("flush")
f = F()
print("a", file=f, flush=True)
print("b", file=f, flush=0)
print("c", file=f, flush=[1])
with contextlib.redirect_stdout(f):
    print("d", flush=True)
print(f.calls)
class NoFlush:
    def write(self, s): pass
try:
    print("x", file=NoFlush(), flush=True)
except AttributeError as ex:
    print("AttributeError", ex)
class Bad:
    pass
sys.stdout = Bad()
try:
    print("x")
except AttributeError as ex:
    sys.stdout = old
    print("AttributeError", ex)
# ---
# An object bound to sys.stdout whose write prints recurses until RecursionError.
import sys
old = sys.stdout
class Loop:
    def write(self, s):
        print(s)
sys.stdout = Loop()
try:
    print("x")
except RecursionError:
    sys.stdout = old
    print("RecursionError")
