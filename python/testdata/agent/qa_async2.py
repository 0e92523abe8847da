import asyncio
log = []
async def slowpoke(i):
    try:
        await asyncio.sleep(0.3)
        log.append(f"finished {i}")
    except asyncio.CancelledError:
        log.append(f"cancelled {i}")
        raise
try:
    async with asyncio.TaskGroup() as tg:
        for i in range(2):
            tg.create_task(slowpoke(i))
        await asyncio.sleep(0)
        raise KeyError("body failed")
except BaseException as e:
    print(type(e).__name__, [repr(x) for x in getattr(e, "exceptions", [e])])
print(sorted(log))
# ---
import asyncio
async def main():
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(get_user(1))
        b = tg.create_task(get_user(2))
    return a.result()["name"], b.result()["name"]
print(await main())
# ---
import asyncio
async def inner(log):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        log.append("inner cancelled")
        raise
log = []
try:
    await asyncio.wait_for(inner(log), 0.01)
except asyncio.TimeoutError:
    log.append("timeout")
print(log)
# ---
import asyncio
log = []
async def child(i):
    try:
        await asyncio.sleep(0.5)
    except asyncio.CancelledError:
        log.append(i)
        raise
async def parent():
    await asyncio.gather(child(1), child(2))
t = asyncio.create_task(parent())
await asyncio.sleep(0.01)
t.cancel()
try:
    await t
except asyncio.CancelledError:
    print("parent cancelled", sorted(log))
# ---
import asyncio
async def inner():
    await asyncio.sleep(0.01)
    return "shielded result"
t = asyncio.create_task(inner())
try:
    await asyncio.wait_for(asyncio.shield(t), 0.001)
except asyncio.TimeoutError:
    print("outer timed out")
print(await t)
# ---
import asyncio
try:
    await asyncio.wait_for(slow("x", 1), 0.01)
except asyncio.TimeoutError:
    print("host call timed out")
print(await asyncio.wait_for(slow("y", 0), 1))
# ---
import asyncio
async def f(i):
    await asyncio.sleep(0.001 * i)
    if i == 1:
        raise ValueError("one")
    return i
tasks = [asyncio.create_task(f(i)) for i in range(3)]
done, pending = await asyncio.wait(tasks)
print(len(done), len(pending), sorted(str(t.exception()) if t.exception() else t.result() for t in done if True) if False else [t.exception() is not None for t in tasks])
# ---
import asyncio
async def ticker(n, out):
    for i in range(n):
        out.append(i)
        await asyncio.sleep(0)
out = []
t = asyncio.create_task(ticker(100, out))
await asyncio.sleep(0)
await asyncio.sleep(0)
await asyncio.sleep(0)
t.cancel()
await asyncio.gather(t, return_exceptions=True)
print(out, t.cancelled())
# ---
import asyncio
q = asyncio.Queue(maxsize=1)
log = []
async def prod():
    for i in range(3):
        await q.put(i)
        log.append(f"put{i}")
async def cons():
    for _ in range(3):
        v = await q.get()
        log.append(f"get{v}")
await asyncio.gather(prod(), cons())
print(log)
# ---
import asyncio
async def coro():
    return 5
t = asyncio.ensure_future(coro())
print(await t, t.done(), asyncio.iscoroutinefunction(coro), asyncio.iscoroutine(coro()) if False else "")
loop = asyncio.get_running_loop()
fut = loop.create_future()
loop.call_soon(fut.set_result, "later")
print(await fut)
# ---
import asyncio
async def fails():
    raise ValueError("x")
t = asyncio.create_task(fails())
await asyncio.sleep(0)
print(t.done(), type(t.exception()).__name__)
try:
    t.result()
except ValueError as e:
    print("result raised", e)
# ---
import asyncio
results = await asyncio.gather(*[asyncio.gather(add(i, 1), add(i, 2)) for i in range(3)])
print(results)
# ---
import asyncio
async def retry(fn, *args, attempts=3):
    for n in range(1, attempts + 1):
        try:
            return await fn(*args)
        except ToolError as e:
            last = e
            await asyncio.sleep(0)
    raise RuntimeError(f"failed after {attempts}: {last}")
try:
    await retry(get_user, 42)
except RuntimeError as e:
    print(e, type(e.__context__).__name__)
print(await retry(get_user, 3))
# ---
import asyncio
sem = asyncio.Semaphore(2)
running = 0
peak = 0
async def job(i):
    global_peak = None
    async with sem:
        nonlocal_counter = None
        return await slow(i, 0.005)
async def run():
    active = [0, 0]
    async def tracked(i):
        async with sem:
            active[0] += 1
            active[1] = max(active[1], active[0])
            await asyncio.sleep(0.001)
            active[0] -= 1
            return i
    r = await asyncio.gather(*(tracked(i) for i in range(6)))
    return r, active[1]
print(await run())
# ---
import asyncio, time
log = []
async def boom():
    await asyncio.sleep(0)
    raise ValueError("tg fail")
async def slowpoke():
    try:
        await asyncio.sleep(0.5)
        log.append("finished")
    except asyncio.CancelledError:
        log.append("cancelled")
        raise
t0 = time.monotonic()
try:
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(slowpoke())
        tg.create_task(boom())
except ExceptionGroup as eg:
    print(repr(eg))
print(log, t1.cancelled(), time.monotonic() - t0 < 0.4)
