import asyncio
async def spawn(n):
    if n == 0:
        return 0
    a, b = await asyncio.gather(spawn(n - 1), spawn(n - 1))
    return a + b + 1
await spawn(40)
# limit: steps|memory|time
