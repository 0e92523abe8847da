import asyncio
async def spin():
    while True:
        await asyncio.sleep(0)
await asyncio.gather(*[spin() for _ in range(100)])
# limit: steps
