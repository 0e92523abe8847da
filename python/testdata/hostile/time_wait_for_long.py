import asyncio
await asyncio.wait_for(slow(1, 60), timeout=3600)
# limit: time
