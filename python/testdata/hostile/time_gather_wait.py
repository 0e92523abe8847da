import asyncio
await asyncio.gather(slow(1, 60), slow(2, 60))
# limit: time
