# In-process time of a snippet under CPython (compile + run), best of N, in ms.
# Usage: python3 cpython_time.py PROGRAM.py [N]
# A program NAME.py may have a NAME_prelude.py defining its host stubs.
import asyncio, os, sys, textwrap, time
path = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 5
src = open(path).read()
prelude = path[:-3] + "_prelude.py"
pre = open(prelude).read() if os.path.exists(prelude) else ""
best = 1e9
for _ in range(n):
    ns = {}
    exec(pre, ns)
    t = time.perf_counter()
    exec("async def __snippet__():\n" + textwrap.indent(src, "    "), ns)
    asyncio.run(ns["__snippet__"]())
    best = min(best, time.perf_counter() - t)
print(f"{best*1000:.2f}")
