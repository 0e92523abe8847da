import asyncio
asyncio.create_subprocess_exec
# raises: AttributeError: module 'asyncio' has no attribute 'create_subprocess_exec'
