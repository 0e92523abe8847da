# Asynchronous generator expressions ((x async for x in it), (await f(x) for x in xs)),
# also in plain functions; the aiter and anext builtins.
import asyncio
async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
async def double(x):
    await asyncio.sleep(0)
    return x * 2
def make(n):
    # an async generator expression in a plain function
    return (x + 100 async for x in agen(n) if x % 2 == 0)
def make_await(xs):
    return (await double(x) for x in xs)
async def main():
    g = (x * x async for x in agen(4))
    print(type(g).__name__, [v async for v in g])
    print([v async for v in make(5)], [v async for v in make_await([1, 2, 3])])
    nested = (y async for x in agen(4) for y in range(x))
    print([v async for v in nested])
    chained = [x async for x in (y * 2 async for y in agen(3))]
    print(chained)
    g2 = (x async for x in agen(3))
    print(await g2.__anext__(), await anext(g2), await anext(g2), await anext(g2, "done"))
    out = []
    async for v in (await double(x) async for x in agen(3)):
        out.append(v)
    print(out)
    async def boom(n):
        yield 1
        raise ValueError("boom %d" % n)
    try:
        print([v async for v in (x async for x in boom(7))])
    except ValueError as e:
        print("ValueError", e)
    g3 = (x async for x in agen(10))
    print(await anext(g3))
    await g3.aclose()
    print(await anext(g3, "closed"))
    s = {x % 3 async for x in agen(7)}
    d = {x: x * x async for x in agen(3)}
    print(sorted(s), d, sum([x async for x in agen(5)]))
    try:
        for v in (x async for x in agen(2)):
            pass
    except TypeError as e:
        print("TypeError", e)
asyncio.run(main())
# ---
import asyncio
async def g():
    yield 1
async def main():
    for f in (lambda: anext(3), lambda: aiter(3), lambda: anext([1]), lambda: aiter([1])):
        try:
            f()
        except TypeError as e:
            print("TypeError", e)
    x = g()
    print(aiter(x) is x, await anext(x), await anext(x, "d"))
    try:
        await anext(x)
    except StopAsyncIteration as e:
        print("StopAsyncIteration", repr(e))
    class Counter:
        def __init__(self):
            self.n = 0
        def __aiter__(self):
            return self
        async def __anext__(self):
            self.n += 1
            if self.n > 3:
                raise StopAsyncIteration
            return self.n
    print([v async for v in aiter(Counter())], await anext(Counter()), [x * 10 async for x in (y async for y in Counter())])
asyncio.run(main())
# ---
def f():
    return [x async for x in y]
# raises: SyntaxError: asynchronous comprehension outside of an asynchronous function
# ---
def f():
    return [await x for x in y]
# raises: SyntaxError: asynchronous comprehension outside of an asynchronous function
# ---
async def f():
    class C:
        await z
# raises: SyntaxError: 'await' outside function
# ---
def f():
    def g():
        return 1
    return (await g() for x in range(2))
print(type(f()).__name__)
