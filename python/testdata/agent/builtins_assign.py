# A snippet that patches a builtin for the code it calls, and restores it.
import builtins
import asyncio
seen = []
orig = builtins.print
builtins.print = lambda *a, **k: seen.append(a)
try:
    async def work(i):
        await asyncio.sleep(0)
        print("item", i)
        return i * 2
    out = await asyncio.gather(*(work(i) for i in range(3)))
finally:
    builtins.print = orig
print(out, seen)
return len(seen)
