import asyncio
ts = [asyncio.create_task(add(i, i)) for i in range(1000)]
for t in ts:
    await t
# limit: host_calls
