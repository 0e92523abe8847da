import asyncio
users = await asyncio.gather(*(get_user(i) for i in range(1, 5)))
by_team = {}
for u in users:
    by_team.setdefault(u["team"], []).append(u["name"])
print(by_team)
# ---
import asyncio
results = await asyncio.gather(get_user(1), get_user(99), slow("x"), return_exceptions=True)
print([type(r).__name__ if isinstance(r, Exception) else r for r in results], str(results[1]))
# ---
import asyncio
async def fetch_all(total):
    items, page = [], 0
    while page is not None:
        resp = await fetch_page(page, size=4, total=total)
        items.extend(resp["items"])
        page = resp["next"]
    return items
print(await fetch_all(10), await fetch_all(0))
# ---
import asyncio
class Client:
    def __init__(self):
        self.calls = 0
    async def get(self, uid):
        self.calls += 1
        try:
            return await get_user(uid)
        except ToolError as e:
            return {"error": str(e)}
    async def many(self, ids):
        return await asyncio.gather(*[self.get(i) for i in ids])
c = Client()
res = await c.many([2, 5, 3])
print(res, c.calls)
# ---
import asyncio
async def worker(name, q, out):
    while True:
        item = await q.get()
        if item is None:
            q.task_done()
            break
        out.append((name, await slow(item * 2, 0)))
        q.task_done()
q = asyncio.Queue()
out = []
for i in range(5):
    q.put_nowait(i)
for _ in range(2):
    q.put_nowait(None)
await asyncio.gather(worker("a", q, out), worker("b", q, out))
print(sorted(v for _, v in out), len(out))
# ---
import asyncio
sem = asyncio.Semaphore(2)
active = 0
peak = 0
async def limited(i):
    global_state = None
    nonlocal_peak = None
    async with sem:
        return await slow(i, 0.01)
print(await asyncio.gather(*[limited(i) for i in range(5)]))
# ---
import asyncio
async def maybe(i):
    if i == 2:
        raise ValueError(f"bad {i}")
    return await add(i, 100)
try:
    await asyncio.gather(*(maybe(i) for i in range(4)))
except ValueError as e:
    print("failed:", e)
# ---
import asyncio
try:
    await asyncio.wait_for(slow("late", 1), timeout=0.05)
except asyncio.TimeoutError:
    print("timed out", asyncio.TimeoutError is TimeoutError)
# ---
import asyncio
async def produce():
    for i in range(3):
        await asyncio.sleep(0)
        yield i * 10
out = [x async for x in produce()]
async def agen_total():
    t = 0
    async for v in produce():
        t += v
    return t
print(out, await agen_total())
# ---
import asyncio
async def step(name, log):
    log.append(f"start {name}")
    await asyncio.sleep(0)
    log.append(f"end {name}")
    return name
log = []
t1 = asyncio.create_task(step("a", log))
t2 = asyncio.create_task(step("b", log))
print(await t1, await t2, log)
# ---
import asyncio
r = await echo(1, "two", [3], k={"n": None})
print(r, await greeter.greet("ada"), await greeter.greet("bob", punct="?"))
# ---
import asyncio
async def safe(uid):
    try:
        u = await get_user(uid)
    except ToolError as e:
        return None, str(e)
    else:
        return u["name"], None
    finally:
        pass
print([await safe(i) for i in (1, 7)])
# ---
import asyncio
class Cache:
    def __init__(self):
        self.data = {}
        self.misses = 0
    async def get(self, uid):
        if uid not in self.data:
            self.misses += 1
            self.data[uid] = await get_user(uid)
        return self.data[uid]
c = Cache()
names = [(await c.get(i))["name"] for i in [1, 2, 1, 1, 3]]
print(names, c.misses)
# ---
import asyncio
from dataclasses import dataclass
@dataclass
class Result:
    uid: int
    ok: bool
    name: str = ""
async def check(uid):
    try:
        u = await get_user(uid)
        return Result(uid, True, u["name"])
    except ToolError:
        return Result(uid, False)
rs = await asyncio.gather(*map(check, [4, 0, 1]))
print([(r.uid, r.ok, r.name) for r in rs], sum(r.ok for r in rs))
# ---
import asyncio
async def total_pages():
    first = await fetch_page(0, size=2, total=7)
    pages = [first]
    nxt = first["next"]
    while nxt is not None:
        p = await fetch_page(nxt, size=2, total=7)
        pages.append(p)
        nxt = p["next"]
    return [p["page"] for p in pages], sum(len(p["items"]) for p in pages)
print(await total_pages())
# ---
import asyncio
await fail("tool broke")
# raises: ToolError: tool broke
# ---
import asyncio
async def run():
    results = {}
    for name in ["a", "b"]:
        results[name] = await slow({"n": name, "v": [1, 2]}, 0)
    return results
print(await run())
# ---
import asyncio
async def timed(i):
    await asyncio.sleep(0.001 * (3 - i))
    return i
done = []
for coro in asyncio.as_completed([timed(i) for i in range(3)]):
    done.append(await coro)
print(sorted(done), len(done))
