import asyncio
try:
    await asyncio.wait_for(slow(1, 2.0), timeout=0.05)
except asyncio.TimeoutError:
    print("timed out")
# ---
import asyncio
r = await asyncio.wait_for(slow("fast", 0.0), timeout=2.0)
r
# ---
import asyncio
await asyncio.wait_for(slow(1, 2.0), timeout=0.02)
# raises: TimeoutError
# ---
import asyncio
try:
    await asyncio.wait_for(slow(1, 2.0), 0.02)
except TimeoutError as e:
    print(type(e).__name__, repr(str(e)), isinstance(e, OSError))
# ---
import asyncio
async def with_timeout(x, delay, limit):
    try:
        return await asyncio.wait_for(slow(x, delay), timeout=limit)
    except asyncio.TimeoutError:
        return "timeout"
rs = await asyncio.gather(with_timeout("a", 0.0, 1.0), with_timeout("b", 2.0, 0.02))
rs
# ---
import asyncio
try:
    await asyncio.wait_for(fail("fails first", 0.0), timeout=1.0)
except ToolError as e:
    print("tool error inside wait_for:", e)
# ---
import asyncio
r = await asyncio.wait_for(asyncio.gather(slow(1), slow(2)), timeout=2.0)
r
# ---
import asyncio
async def retry(times):
    for attempt in range(1, times + 1):
        try:
            return await asyncio.wait_for(slow(attempt, 2.0 if attempt < 3 else 0.0), timeout=0.02)
        except asyncio.TimeoutError:
            print("attempt", attempt, "timed out")
    return None
await retry(4)
# ---
import asyncio
await asyncio.sleep(0.02)
await asyncio.sleep(0)
print("slept twice")
# ---
import asyncio
await asyncio.sleep(-1)
print("negative sleep returns at once")
# ---
import asyncio
try:
    await asyncio.wait_for(slow(1, 2.0), timeout=0)
except asyncio.TimeoutError:
    print("zero timeout")
