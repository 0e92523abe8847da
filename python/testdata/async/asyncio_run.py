# asyncio.run(coro) and loop.run_until_complete(coro) inside a snippet run
# coro to the end on the snippet's loop and return its value (a deliberate
# difference: CPython raises "cannot be called from a running event loop";
# the oracle models it, see snippet_asyncio in oracle/driver.py).
import asyncio
async def main():
    a = await slow(1)
    b = await add(a, 2)
    return [a, b]
r = asyncio.run(main())
print(r)
r
# ---
import asyncio
x = await slow(2)
async def double(v):
    await asyncio.sleep(0)
    return v * 2
print(asyncio.run(double(x)))
print(await slow(3))
# ---
import asyncio
async def main():
    return await asyncio.gather(slow(1), slow(2, delay=0), add(1, 2))
asyncio.run(main())
# ---
import asyncio
async def main():
    await fail("boom")
try:
    asyncio.run(main())
except ToolError as e:
    print("caught", e)
# ---
import asyncio
async def main():
    raise ValueError("from main")
asyncio.run(main())
# raises: ValueError: from main
# ---
import asyncio
async def inner():
    return await slow("in")
async def outer():
    return asyncio.run(inner()) + "!"
print(asyncio.run(outer()))
# ---
import asyncio
async def main():
    return await add(20, 22)
loop = asyncio.get_event_loop()
print(loop.run_until_complete(main()))
# ---
import asyncio
async def main():
    return await add(1, 1)
loop = asyncio.new_event_loop()
try:
    print(loop.run_until_complete(main()))
finally:
    loop.close()
print(loop.is_closed())
# ---
import asyncio
async def main():
    users = await list_users()
    return {u["name"]: u["team"] for u in users}
def report():
    return asyncio.run(main())
print(sorted(report().items()))
# ---
import asyncio
async def main():
    await asyncio.sleep(0)
print(asyncio.run(main()))
# ---
import asyncio
asyncio.run(5)
# raises: ValueError: a coroutine was expected, got 5
