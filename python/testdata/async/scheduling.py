import asyncio
async def w(name):
    print(name, "start")
    await asyncio.sleep(0)
    print(name, "end")
    return name
print(await asyncio.gather(w("a"), w("b"), w("c")))
# ---
import asyncio
async def step(name, n):
    for i in range(n):
        print(name, i)
        await asyncio.sleep(0)
await asyncio.gather(step("x", 3), step("y", 2))
# ---
import asyncio
try:
    await asyncio.gather(fail("slow failure", 0.2), fail("fast failure", 0.0))
except ToolError as e:
    print("first to fail:", e)
# ---
import asyncio
async def f(a, *, b=2, **kw):
    return await add(a, b) + len(kw)
print(await f(1), await f(1, b=5, x=0, y=0))
# ---
await 5
# raises: TypeError: object int can't be used in 'await' expression
# ---
import asyncio
async def outer():
    async def inner(x):
        return await slow(x * 3, 0)
    return [await inner(i) for i in range(3)]
await outer()
# ---
import asyncio
rs = await asyncio.gather(asyncio.gather(slow(1), fail("inner")), slow(2), return_exceptions=True)
print([type(r).__name__ for r in rs], str(rs[0]))
# ---
import asyncio
rs = await asyncio.gather(fail("x"), slow("ok"), return_exceptions=True)
print([isinstance(r, ToolError) for r in rs], [isinstance(r, Exception) for r in rs])
# ---
import asyncio
r = await asyncio.wait_for(add(2, 3), timeout=5)
print(r)
try:
    await asyncio.wait_for(fail("inside wait_for"), timeout=5)
except ToolError as e:
    print("got", e)
# ---
import asyncio
try:
    await asyncio.wait_for(slow(0, 5), timeout=0.01)
except TimeoutError:
    print("builtin TimeoutError caught")
# ---
g = getattr(greeter, "greet")
print(await g("via getattr"), hasattr(greeter, "greet"), hasattr(greeter, "nope"))
# ---
r = await echo(**{"b": 2, "a": 1})
print(r["kwargs"], r["args"])
# ---
r = await echo((1, 2), [3, (4,)])
print(r)
# ---
n = await slow(2 ** 100)
print(n, n == 2 ** 100, n + 1)
# ---
s = await slow("日本語 ✓ é")
print(s, len(s), s[0])
# ---
u = await get_user(2)
u["name"] = u["name"].upper()
u["extra"] = [1]
print(u)
u2 = await get_user(2)
print(u2["name"])
# ---
import asyncio
results = sorted(await asyncio.gather(*(slow(x, 0) for x in [5, 3, 9, 1])), reverse=True)
results
# ---
import asyncio
async def safe_div(a, b):
    await asyncio.sleep(0)
    return a / b
rs = await asyncio.gather(safe_div(1, 2), safe_div(1, 0), return_exceptions=True)
print(rs[0], type(rs[1]).__name__, rs[1])
# ---
import asyncio
async def chain(n):
    if n == 0:
        return await slow("bottom", 0)
    return await chain(n - 1)
await chain(20)
# ---
import asyncio
vals = []
async def producer():
    for i in range(3):
        vals.append(await slow(i, 0))
    return len(vals)
t = asyncio.create_task(producer())
n = await t
print(n, vals)
# ---
import asyncio
async def maybe_fail(i):
    if i == 2:
        await fail(f"item {i}")
    return i
out = []
for i in range(4):
    try:
        out.append(await maybe_fail(i))
    except ToolError as e:
        out.append(str(e))
out
