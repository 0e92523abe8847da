import asyncio
from typing import Any
async def get_many(ids: list[int]) -> tuple[list[dict[str, Any]], list[str]]:
    rs = await asyncio.gather(*[get_user(i) for i in ids], return_exceptions=True)
    ok = [r for r in rs if isinstance(r, dict)]
    errs = [str(r) for r in rs if isinstance(r, Exception)]
    return ok, errs
ok, errs = await get_many([1, 5, 2, 6])
print(f"{len(ok)} ok, {len(errs)} failed: {errs}")
return {"ok": [u["name"] for u in ok], "errors": errs}
# ---
import asyncio, json
pages = []
cursor = 0
while cursor is not None:
    resp = await fetch_page(cursor, size=2, total=5)
    pages.append(resp)
    cursor = resp.get("next")
print(json.dumps([p["items"] for p in pages]))
{"pages": len(pages), "total": sum(len(p["items"]) for p in pages)}
# ---
import asyncio
import time
async def timed(coro):
    t0 = time.monotonic()
    r = await coro
    return r, time.monotonic() - t0 >= 0
res = await asyncio.gather(*(timed(slow(i, delay=0.001)) for i in range(3)))
res
# ---
import asyncio
queue: asyncio.Queue[int] = asyncio.Queue()
for i in range(5):
    queue.put_nowait(i)
results = []
async def worker(name: str):
    while not queue.empty():
        item = await queue.get()
        results.append(await add(item, 100))
        queue.task_done()
await asyncio.gather(worker("a"), worker("b"))
sorted(results)
# ---
import asyncio
q = asyncio.Queue()
for i in range(3):
    await q.put(i)
print(q.qsize(), await q.get(), q.empty())
# ---
import asyncio
async def step(name: str, n: int) -> str:
    await asyncio.sleep(0)
    return f"{name}:{n}"
out = []
for coro in asyncio.as_completed([step("a", 1), step("b", 2)]):
    out.append(await coro)
sorted(out)
# ---
import asyncio
done, pending = await asyncio.wait([asyncio.create_task(slow(i, delay=0.001)) for i in range(3)])
print(len(done), len(pending), sorted(t.result() for t in done))
# ---
import asyncio
task = asyncio.create_task(slow("x", delay=1))
await asyncio.sleep(0.001)
task.cancel()
try:
    await task
except asyncio.CancelledError:
    print("cancelled", task.cancelled())
# ---
import asyncio
users = await list_users()
greetings = await asyncio.gather(*[greeter.greet(u["name"], punct=".") for u in users if u["team"] == "core"])
"; ".join(greetings)
# ---
import asyncio
from collections import Counter
users = await list_users()
c = Counter(u["team"] for u in users)
top, n = c.most_common(1)[0]
f"largest team: {top} ({n})"
# ---
import asyncio
async def safe(coro, default=None):
    try:
        return await coro
    except Exception as e:
        print(f"warn: {type(e).__name__}: {e}")
        return default
vals = [await safe(get_user(i), {"name": "?"}) for i in (1, 9)]
[v["name"] for v in vals]
# ---
import asyncio
MAX_RETRIES = 4
delays = []
for attempt in range(MAX_RETRIES):
    try:
        await fail("rate limited (429)")
    except Exception as e:
        if "429" not in str(e):
            raise
        delay = min(0.001 * 2 ** attempt, 0.004)
        delays.append(delay)
        await asyncio.sleep(delay)
else:
    print(f"exhausted retries, delays={delays}")
# ---
import json
r = await echo(query="status:open", limit=10)
print(json.dumps(r, indent=2, default=str))
r["kwargs"]["limit"] * 2
# ---
import asyncio
results = {}
for uid in [1, 2, 3]:
    u = await get_user(uid)
    results.setdefault(u["team"], []).append(u["name"])
results
# ---
import asyncio
async def main():
    a, b = await asyncio.gather(add(1, 2), add("a", "b"))
    return a, b
await main()
# ---
import asyncio
batch = list(range(7))
out = []
for i in range(0, len(batch), 3):
    chunk = batch[i:i + 3]
    out.extend(await asyncio.gather(*[add(x, x) for x in chunk]))
print(out)
# ---
import asyncio
x = await slow({"nested": {"list": [1, 2, {"k": None}]}, "t": (1, 2)})
x
# ---
import asyncio
r = await slow(1.5)
print(type(r).__name__, r * 2, await slow(True), await slow(None))
# ---
import asyncio
big = await add(2**62, 2**62)
print(big, type(big).__name__)
# ---
users = await list_users()
print(max(users, key=lambda u: len(u["name"]))["name"], sorted(u["name"] for u in users)[::-1])
# ---
import asyncio
async def produce():
    for i in range(3):
        await asyncio.sleep(0)
        yield i
print([x async for x in produce()])
# ---
import asyncio
class Client:
    async def __aenter__(self):
        print("open")
        return self
    async def __aexit__(self, *exc):
        print("close", exc[0].__name__ if exc[0] else None)
        return False
    async def get(self, uid):
        return await get_user(uid)
async with Client() as c:
    u = await c.get(4)
print(u["name"])
# ---
import asyncio
try:
    async with asyncio.timeout(0.01):
        await slow(1, delay=0.5)
except TimeoutError:
    print("timeout via asyncio.timeout")
# ---
import asyncio
async with asyncio.TaskGroup() as tg:
    t1 = tg.create_task(get_user(1))
    t2 = tg.create_task(get_user(2))
print(t1.result()["name"], t2.result()["name"])
# ---
import asyncio
try:
    async with asyncio.TaskGroup() as tg:
        tg.create_task(get_user(1))
        tg.create_task(fail("tg boom"))
except* Exception as eg:
    print([str(e) for e in eg.exceptions])
# ---
import asyncio
async def f() -> None:
    pass
c = f()
print(asyncio.iscoroutinefunction(f), asyncio.iscoroutinefunction(len), asyncio.iscoroutine(c))
await c
# ---
import asyncio
loop = asyncio.get_running_loop()
print(loop is not None)
