import asyncio
t = asyncio.create_task(slow("task result"))
print("created")
r = await t
print(r, t.done(), t.result())
# ---
import asyncio
log = []
async def worker(name):
    log.append(f"{name} start")
    await asyncio.sleep(0)
    log.append(f"{name} end")
    return name
t = asyncio.create_task(worker("w"))
log.append("main before await")
await t
print(log)
# ---
import asyncio
tasks = [asyncio.create_task(slow(i, 0.01)) for i in range(3)]
rs = [await t for t in tasks]
rs
# ---
import asyncio
t1 = asyncio.create_task(slow("a", 0.05))
t2 = asyncio.create_task(slow("b", 0.01))
rs = await asyncio.gather(t1, t2)
print(rs, t1.done(), t2.done())
# ---
import asyncio
t = asyncio.create_task(fail("task failed"))
try:
    await t
except ToolError as e:
    print("caught", e, t.done())
# ---
import asyncio
t = asyncio.create_task(fail("unhandled task failure"))
await t
# raises: ToolError: unhandled task failure
# ---
import asyncio
async def compute(n):
    total = 0
    for i in range(n):
        total += await add(i, 0)
    return total
t = asyncio.create_task(compute(5))
print(await t)
# ---
import asyncio
t = asyncio.create_task(slow(1, 0.05))
print(t.done())
# The task runs while this one sleeps; polled rather than one fixed sleep,
# which a loaded machine outran.
for _ in range(400):
    await asyncio.sleep(0.05)
    if t.done():
        break
print(t.done(), t.result())
# ---
import asyncio
async def producer(q, n):
    for i in range(n):
        await q.put(i)
    await q.put(None)
async def consumer(q):
    got = []
    while True:
        item = await q.get()
        if item is None:
            return got
        got.append(item * 10)
q = asyncio.Queue()
_, got = await asyncio.gather(producer(q, 4), consumer(q))
got
# ---
import asyncio
t = asyncio.create_task(slow("x", 5))
await asyncio.sleep(0.01)
t.cancel()
try:
    await t
except asyncio.CancelledError:
    print("cancelled", t.cancelled())
# ---
import asyncio
async def sub(i):
    return await greeter.greet(str(i), punct=".")
tasks = {i: asyncio.create_task(sub(i)) for i in range(3)}
out = {i: await t for i, t in tasks.items()}
out
# ---
import asyncio
sem = asyncio.Semaphore(2)
async def guarded(i):
    async with sem:
        return await slow(i, 0.01)
rs = await asyncio.gather(*(guarded(i) for i in range(5)))
rs
# ---
import asyncio
ev = asyncio.Event()
async def waiter():
    await ev.wait()
    return "woke"
async def setter():
    await asyncio.sleep(0.01)
    ev.set()
    return "set"
rs = await asyncio.gather(waiter(), setter())
rs
# ---
import asyncio
async def agen(n):
    for i in range(n):
        yield await slow(i, 0)
out = [x async for x in agen(4)]
print(out)
# ---
import asyncio
async def agen():
    yield 1
    yield 2
total = 0
async for v in agen():
    total += v
total
# ---
import asyncio
class Res:
    async def __aenter__(self):
        print("acquire")
        return await slow("resource", 0)
    async def __aexit__(self, *exc):
        print("release", exc[0].__name__ if exc[0] else None)
        return False
async with Res() as r:
    print("using", r)
# ---
import asyncio
done, pending = await asyncio.wait([asyncio.create_task(slow(i, 0.01 * i)) for i in range(3)])
print(len(done), len(pending), sorted(t.result() for t in done))
# ---
import asyncio
t = asyncio.create_task(slow(7))
r1 = await t
r2 = await t
print(r1, r2)
