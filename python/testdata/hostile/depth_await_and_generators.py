class A:
    def __await__(self):
        return (yield from self.__await__())
await A()
# limit: depth
# ---
async def f(n):
    return await f(n + 1)
await f(0)
# limit: depth
# ---
def g():
    yield next(g())
next(g())
# limit: depth
# ---
import contextlib
@contextlib.contextmanager
def cm():
    with cm():
        yield
with cm():
    pass
# limit: depth
