import asyncio
await asyncio.gather(*[slow(i, 0) for i in range(1000)])
# limit: host_calls
