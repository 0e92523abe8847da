import asyncio
asyncio.events
# raises: AttributeError
