import asyncio
async def fetch(i):
    return await slow(i, delay=0.001)
tasks = [asyncio.create_task(fetch(i), name=f"fetch-{i}") for i in range(3)]
print([t.get_name() for t in tasks], await asyncio.gather(*tasks))
# ---
import asyncio
t = asyncio.create_task(slow("x", delay=0.001))
print(type(t).__name__, t.get_name().startswith("Task-"), await t, t.done())
# ---
import asyncio
loop = asyncio.get_running_loop()
fut = loop.create_future()
loop.call_soon(fut.set_result, 42)
print(await fut, loop.is_running(), asyncio.get_event_loop() is loop)
start = loop.time()
await asyncio.sleep(0.01)
print(loop.time() - start >= 0.01)
# ---
import asyncio
async def worker():
    return await slow("done", delay=0.001)
inner = asyncio.create_task(worker())
outer = asyncio.shield(inner)
print(await outer, inner.done())
# ---
import asyncio
async def job():
    return 1
def plain():
    return 1
print(asyncio.iscoroutinefunction(job), asyncio.iscoroutinefunction(plain), asyncio.iscoroutinefunction(print))
c = job()
print(asyncio.iscoroutine(c), asyncio.iscoroutine(job))
print(await c)
# ---
import asyncio
fut = asyncio.get_running_loop().create_future()
fut.set_exception(ValueError("bad"))
try:
    await fut
except ValueError as e:
    print("caught", e)
try:
    fut.set_result(1)
except asyncio.InvalidStateError as e:
    print(type(e).__name__, e)
# ---
from contextlib import asynccontextmanager, AsyncExitStack, aclosing, contextmanager
@asynccontextmanager
async def session(name):
    print("open", name)
    try:
        yield {"name": name}
    finally:
        print("close", name)
async with session("db") as s:
    print(s["name"], await add(1, 1))
try:
    async with session("x"):
        raise KeyError("k")
except KeyError as e:
    print("caught", repr(e))
@asynccontextmanager
async def swallow():
    try:
        yield
    except ValueError:
        print("swallowed")
async with swallow():
    raise ValueError("v")
print("after")
@asynccontextmanager
async def noyield():
    if False:
        yield
try:
    async with noyield():
        pass
except RuntimeError as e:
    print(e)
@asynccontextmanager
async def twice():
    yield 1
    yield 2
try:
    async with twice():
        pass
except RuntimeError as e:
    print(e)
@contextmanager
def sync(n):
    print("enter", n); yield n; print("exit", n)
async with AsyncExitStack() as stack:
    a = await stack.enter_async_context(session("a"))
    b = stack.enter_context(sync(2))
    stack.callback(print, "cb")
    async def acb(x):
        print("acb", x)
    stack.push_async_callback(acb, 9)
    print(a, b)
async def agen():
    try:
        yield 1
        yield 2
    finally:
        print("agen closed")
async with aclosing(agen()) as g:
    async for v in g:
        print(v)
        break
@session("deco")
async def decorated(x):
    return x * 2
print(await decorated(4))
# ---
import asyncio
q = asyncio.Queue(maxsize=2)
print(q.maxsize, q.full(), q.empty(), q.qsize())
q.put_nowait(1); q.put_nowait(2)
print(q.full())
try:
    q.put_nowait(3)
except asyncio.QueueFull as e:
    print("full", type(e).__name__, repr(e))
log = []
async def producer():
    for i in range(3, 7):
        await q.put(i)
        log.append(("put", i))
async def consumer():
    out = []
    for _ in range(6):
        await asyncio.sleep(0)
        out.append(await q.get())
        q.task_done()
    return out
p = asyncio.create_task(producer())
print(await consumer(), log)
await p
await q.join()
pq = asyncio.PriorityQueue()
for x in [(3, "c"), (1, "a"), (2, "b"), (5, "e"), (0, "z"), (4, "d")]:
    pq.put_nowait(x)
print([pq.get_nowait() for _ in range(pq.qsize())])
lq = asyncio.LifoQueue()
for x in range(4):
    await lq.put(x)
print([await lq.get() for _ in range(4)], isinstance(lq, asyncio.Queue), type(pq).__name__)
try:
    lq.get_nowait()
except asyncio.QueueEmpty:
    print("empty")
bq = asyncio.Queue(1)
await bq.put("x")
waiter = asyncio.create_task(bq.put("y"))
await asyncio.sleep(0)
print(waiter.done(), bq.qsize())
print(await bq.get(), await bq.get(), waiter.done())
# ---
import asyncio
cond = asyncio.Condition()
items = []
async def consumer(i):
    async with cond:
        await cond.wait_for(lambda: items)
        return (i, items.pop())
async def producer():
    for x in "abc":
        await asyncio.sleep(0.001)
        async with cond:
            items.append(x)
            cond.notify()
cs = [asyncio.create_task(consumer(i)) for i in range(3)]
await producer()
print(sorted(await asyncio.gather(*cs)))
c2 = asyncio.Condition()
try:
    c2.notify()
except RuntimeError as e:
    print(e)
print(asyncio.isfuture(cs[0]), asyncio.isfuture(1), asyncio.isfuture(asyncio.get_running_loop().create_future()))
t = asyncio.create_task(asyncio.sleep(0.01))
print(len([x for x in asyncio.all_tasks() if x is t]), t in asyncio.all_tasks())
await t
print(t in asyncio.all_tasks())
loop = asyncio.get_running_loop()
try:
    async with asyncio.timeout_at(loop.time() + 0.01):
        await asyncio.sleep(1)
except TimeoutError:
    print("timed out")
waiters = []
c3 = asyncio.Condition()
async def w(i):
    async with c3:
        await c3.wait()
        waiters.append(i)
ws = [asyncio.create_task(w(i)) for i in range(3)]
await asyncio.sleep(0)
async with c3:
    c3.notify_all()
await asyncio.gather(*ws)
print(waiters)
# ---
import asyncio
log = []
async def slow_job(d):
    try:
        await asyncio.sleep(d)
        return "done"
    except asyncio.CancelledError:
        log.append("job cancelled")
        raise
try:
    await asyncio.wait_for(slow_job(1), 0.01)
except TimeoutError as e:
    log.append("timeout")
    print(type(e).__name__, type(e.__cause__).__name__, e.__suppress_context__)
print(log)
print(await asyncio.wait_for(slow_job(0.001), 1))
async def child(i):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        log.append(f"child{i}")
        raise
log.clear()
try:
    await asyncio.wait_for(asyncio.gather(child(1), child(2)), 0.01)
except asyncio.TimeoutError:
    log.append("gather timeout")
print(log)
async def stubborn():
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        return "kept going"
print(await asyncio.wait_for(stubborn(), 0.01))
try:
    await asyncio.wait_for(slow("x", delay=1), 0.01)
except TimeoutError:
    print("host timeout")
# ---
import asyncio, time
sem = asyncio.Semaphore(2)
state = {"active": 0, "peak": 0}
async def job(i):
    async with sem:
        state["active"] += 1
        state["peak"] = max(state["peak"], state["active"])
        await asyncio.sleep(0.002)
        state["active"] -= 1
        return i * i
print(await asyncio.gather(*(job(i) for i in range(6))), state["peak"])
results = await asyncio.gather(job(1), fail("nope"), return_exceptions=True)
print([type(r).__name__ for r in results])
async def retry(fn, attempts=3):
    for n in range(attempts):
        try:
            return await fn()
        except Exception as e:
            last = e
            await asyncio.sleep(0.001 * 2 ** n)
    raise RuntimeError(f"gave up after {attempts}: {last}")
calls = [0]
async def flaky():
    calls[0] += 1
    if calls[0] < 3:
        raise ConnectionError(f"try {calls[0]}")
    return "ok"
print(await retry(flaky), calls[0])
done, pending = await asyncio.wait([asyncio.create_task(asyncio.sleep(0.001, "a")), asyncio.create_task(asyncio.sleep(1, "b"))], return_when=asyncio.FIRST_COMPLETED)
print(sorted(t.result() for t in done), len(pending))
for t in pending:
    t.cancel()
try:
    async with asyncio.timeout(0.005):
        await asyncio.sleep(1)
except TimeoutError:
    print("timeout ctx")
ev = asyncio.Event()
async def waiter():
    await ev.wait()
    return "woke"
w = asyncio.create_task(waiter())
await asyncio.sleep(0)
ev.set()
print(await w, ev.is_set())
lock = asyncio.Lock()
order = []
async def crit(i):
    async with lock:
        order.append(i)
        await asyncio.sleep(0)
        order.append(-i)
await asyncio.gather(crit(1), crit(2))
print(order, lock.locked())
t = asyncio.create_task(asyncio.sleep(10))
await asyncio.sleep(0)
t.cancel()
try:
    await t
except asyncio.CancelledError:
    print("cancelled", t.cancelled(), t.done())
print(type(asyncio.current_task()).__name__)
async def agen(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
print([x async for x in agen(3)], [x * 2 async for x in agen(2) if x])
q = asyncio.Queue()
async def producer():
    for i in range(3):
        await q.put(i)
    await q.put(None)
async def consumer():
    out = []
    while (item := await q.get()) is not None:
        out.append(item)
        q.task_done()
    q.task_done()
    return out
print((await asyncio.gather(producer(), consumer()))[1])
await q.join()
print(repr(await asyncio.wait_for(add(1, 2), timeout=1)))
# ---
import asyncio
await asyncio.sleep(0)
async def m():
    return 1
l = asyncio.new_event_loop()
c = m()
try:
    l.run_until_complete(c)
except RuntimeError as e:
    print(e)
c.close()
print(asyncio.get_running_loop().is_running(), l.is_running())
