import asyncio
asyncio.get_event_loop()
# raises: AttributeError
