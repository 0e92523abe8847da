# Host stubs for hostcalls.py under CPython: the same contract as the Go host functions.
async def lookup(i):
    return {"id": i, "v": i * 2}
