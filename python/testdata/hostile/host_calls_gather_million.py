import asyncio
await asyncio.gather(*[add(i, i) for i in range(10 ** 6)])
# limit: host_calls|memory|steps
