async def f(n):
    return await f(n + 1)
await f(0)
# limit: depth
