import asyncio
for i in range(10 ** 6):
    asyncio.create_task(slow(i, 0))
await asyncio.sleep(0.01)
# limit: host_calls|memory|steps
