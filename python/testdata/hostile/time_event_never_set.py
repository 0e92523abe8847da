import asyncio
ev = asyncio.Event()
await ev.wait()
# limit: time
