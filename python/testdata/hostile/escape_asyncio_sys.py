import asyncio
asyncio.sys.modules
# raises: AttributeError
