import asyncio
rs = await asyncio.gather(slow(1, 0.05), slow(2, 0.01), slow(3, 0.03))
print(rs)
rs
# ---
import asyncio
rs = await asyncio.gather(*[slow(i, 0.01 * (5 - i)) for i in range(5)])
print(rs, sum(rs))
# ---
import asyncio
rs = await asyncio.gather()
print(rs, type(rs).__name__)
# ---
import asyncio
users = await asyncio.gather(*(get_user(i) for i in [3, 1, 2]))
print([u["name"] for u in users])
# ---
import asyncio
try:
    await asyncio.gather(slow(1), fail("boom"), slow(3))
except ToolError as e:
    print("caught", type(e).__name__, e)
# ---
import asyncio
rs = await asyncio.gather(slow(1), fail("bad"), slow(3), return_exceptions=True)
print(rs)
print([type(r).__name__ for r in rs])
# ---
import asyncio
rs = await asyncio.gather(fail("a"), fail("b"), return_exceptions=True)
print([str(r) for r in rs], all(isinstance(r, Exception) for r in rs))
# ---
import asyncio
await asyncio.gather(slow(1), fail("gather failed"))
# raises: ToolError: gather failed
# ---
import asyncio
async def work(n):
    await asyncio.sleep(0.01 * n)
    return n * n
rs = await asyncio.gather(work(3), work(1), work(2))
rs
# ---
import asyncio
order = []
async def tracked(name, delay):
    await asyncio.sleep(delay)
    order.append(name)
    return name
rs = await asyncio.gather(tracked("slow", 0.15), tracked("fast", 0.0))
print(rs, order)
# ---
import asyncio
a, b = await asyncio.gather(add(1, 2), greeter.greet("x"))
print(a, b)
# ---
import asyncio
pages = await asyncio.gather(*(fetch_page(p) for p in range(4)))
items = [i for p in pages for i in p["items"]]
print(items, [p["next"] for p in pages])
# ---
import asyncio
rs = await asyncio.gather(get_user(1), get_user(99), return_exceptions=True)
print([r if isinstance(r, dict) else f"error: {r}" for r in rs])
# ---
import asyncio
try:
    await asyncio.gather(get_user(2), get_user(42))
except Exception as e:
    print(type(e).__name__, e)
# ---
import asyncio
async def inner():
    return await asyncio.gather(slow("a"), slow("b"))
outer = await asyncio.gather(inner(), inner())
outer
# ---
import asyncio
rs = await asyncio.gather(slow(1), slow(1), slow(1))
print(rs, len(rs))
# ---
import asyncio
async def maybe(i):
    if i % 2:
        raise ValueError(f"odd {i}")
    return i
rs = await asyncio.gather(*[maybe(i) for i in range(5)], return_exceptions=True)
print([repr(r) for r in rs])
# ---
import asyncio
names = ["ada", "bob", "cy"]
greetings = await asyncio.gather(*[greeter.greet(n) for n in names])
dict(zip(names, greetings))
# ---
import asyncio
async def fetch_all():
    first = await fetch_page(0)
    rest = await asyncio.gather(*(fetch_page(p) for p in range(1, 4)))
    return [first] + rest
pages = await fetch_all()
print(sum(len(p["items"]) for p in pages))
# ---
import asyncio
r = await asyncio.gather(slow([1, 2]), slow({"a": 1}), slow(None), slow(""))
r
# ---
import asyncio
async def failing():
    await asyncio.sleep(0.01)
    raise KeyError("deep")
try:
    await asyncio.gather(slow(1), failing())
except KeyError as e:
    print("key error", e)
# ---
import asyncio
coros = [add(i, 10) for i in range(10)]
rs = await asyncio.gather(*coros)
print(rs)
