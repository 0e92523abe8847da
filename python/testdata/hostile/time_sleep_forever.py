import asyncio
await asyncio.sleep(3600)
# limit: time
