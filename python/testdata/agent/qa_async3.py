import asyncio
class Conn:
    def __init__(self, log):
        self.log = log
    async def __aenter__(self):
        await asyncio.sleep(0)
        self.log.append("open")
        return self
    async def __aexit__(self, et, ev, tb):
        self.log.append(f"close {et.__name__ if et else None}")
        return et is KeyError
    async def query(self, q):
        return await echo(q)
log = []
async with Conn(log) as c:
    r = await c.query("select")
async with Conn(log):
    raise KeyError("swallowed")
print(r["args"], log)
# ---
import asyncio
class Pages:
    def __init__(self, total):
        self.total = total
    def __aiter__(self):
        self.page = 0
        return self
    async def __anext__(self):
        if self.page is None:
            raise StopAsyncIteration
        resp = await fetch_page(self.page, size=4, total=self.total)
        self.page = resp["next"]
        return resp["items"]
out = []
async for items in Pages(10):
    out.append(items)
print(out)
# ---
import asyncio
async def depth(n):
    if n == 0:
        return 0
    await asyncio.sleep(0)
    return 1 + await depth(n - 1)
print(await depth(150))
# ---
import asyncio
class Base:
    async def load(self, uid):
        return await get_user(uid)
class Cached(Base):
    def __init__(self):
        self.cache = {}
    async def load(self, uid):
        if uid not in self.cache:
            self.cache[uid] = await super().load(uid)
        return self.cache[uid]
c = Cached()
users = await asyncio.gather(*(c.load(i) for i in [1, 2, 1]))
print([u["name"] for u in users], sorted(c.cache))
# ---
import asyncio
async def double(x):
    await asyncio.sleep(0)
    return x * 2
print([await double(x) for x in range(3)], {x: await double(x) for x in "ab"}, f"{await add(1, 2)}")
# ---
async def agen():
    try:
        for i in range(5):
            got = yield i
            if got:
                yield f"got {got}"
    finally:
        print("agen closed")
g = agen()
print(await g.__anext__(), await g.asend("x"), await g.__anext__())
await g.aclose()
print("after close")
# ---
import asyncio
async def worker(i, results):
    try:
        r = await get_user(i)
        results[i] = r["name"]
    except ToolError as e:
        results[i] = f"error: {e}"
results = {}
await asyncio.gather(*(worker(i, results) for i in range(6)))
print(dict(sorted(results.items())))
# ---
import asyncio
async def main():
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    await asyncio.gather(asyncio.sleep(0.02), asyncio.sleep(0.02), slow(1, 0.02))
    return loop.time() - t0 < 0.5
print(await main())
# ---
import asyncio
async def fetch(i):
    return await slow({"i": i, "sq": i * i}, 0.001 * (5 - i))
tasks = {i: asyncio.create_task(fetch(i)) for i in range(5)}
done = await asyncio.gather(*tasks.values())
print(done, all(t.done() for t in tasks.values()), [t.result()["sq"] for t in tasks.values()])
# ---
import asyncio
async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
squares = (x * x async for x in agen(4))
print([v async for v in squares])
