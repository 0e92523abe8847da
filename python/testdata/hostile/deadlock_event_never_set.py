import asyncio
ev = asyncio.Event()
await ev.wait()
# raises: RuntimeError
