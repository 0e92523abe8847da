import asyncio
async def noisy():
    await asyncio.sleep(0.05)
    print("noisy finished")
    return "n"
try:
    await asyncio.gather(fail("x"), noisy())
except ToolError:
    print("caught")
await asyncio.sleep(0.3)
print("end")
# ---
import asyncio
async def inner():
    try:
        await asyncio.sleep(5)
    finally:
        print("inner cleanup")
try:
    await asyncio.wait_for(inner(), 0.01)
except TimeoutError:
    print("timeout")
# ---
import asyncio
t = asyncio.create_task(slow(1, 5))
await asyncio.sleep(0)
t.cancel()
try:
    await t
except Exception:
    print("not reached: CancelledError is not an Exception")
except BaseException as e:
    print(type(e).__name__, isinstance(e, Exception))
# ---
# as_completed yields in completion order; the order is forced by events, not
# by sleeps of different lengths (those swapped on a loaded machine).
import asyncio
a_done, b_done = asyncio.Event(), asyncio.Event()
async def job(name, after, then):
    if after is not None:
        await after.wait()
    await slow(name, 0)
    if then is not None:
        then.set()
    return name
order = []
for coro in asyncio.as_completed([job("c", b_done, None), job("a", None, a_done), job("b", a_done, b_done)]):
    order.append(await coro)
order
# ---
import asyncio
try:
    async with asyncio.timeout(0.02):
        await slow(1, 5)
except TimeoutError:
    print("timeout context manager fired")
# ---
import asyncio
async with asyncio.timeout(5):
    r = await slow("in time", 0)
r
# ---
import asyncio
async with asyncio.TaskGroup() as tg:
    t1 = tg.create_task(slow(1, 0.02))
    t2 = tg.create_task(add(2, 3))
print(t1.result(), t2.result())
# ---
import asyncio
try:
    async with asyncio.TaskGroup() as tg:
        tg.create_task(slow(1, 0.02))
        tg.create_task(fail("group member failed"))
except* ToolError as eg:
    print([str(e) for e in eg.exceptions])
# ---
import asyncio
async def worker(i):
    try:
        await asyncio.sleep(5)
    except asyncio.CancelledError:
        print("worker", i, "cancelled")
        raise
tasks = [asyncio.create_task(worker(i)) for i in range(2)]
await asyncio.sleep(0)
for t in tasks:
    t.cancel()
rs = await asyncio.gather(*tasks, return_exceptions=True)
print([type(r).__name__ for r in rs])
# ---
import asyncio
lock = asyncio.Lock()
log = []
async def critical(name):
    async with lock:
        log.append(name + " in")
        await asyncio.sleep(0.01)
        log.append(name + " out")
await asyncio.gather(critical("a"), critical("b"))
log
# ---
import asyncio
q = asyncio.Queue()
for i in range(3):
    q.put_nowait(i)
print(q.qsize(), q.empty())
items = [await q.get() for _ in range(3)]
print(items, q.empty())
# ---
import asyncio
async def gen_pages():
    page = 0
    while page is not None:
        resp = await fetch_page(page, size=4)
        for item in resp["items"]:
            yield item
        page = resp["next"]
print([x async for x in gen_pages() if x % 2 == 0])
