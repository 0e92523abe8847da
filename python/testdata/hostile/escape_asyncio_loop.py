import asyncio
# The loop object a snippet can reach has no executor, threads or subprocesses.
loop = asyncio.get_event_loop()
loop.run_in_executor(None, print)
# raises: AttributeError
