# In-process time of a snippet under CPython (compile + run), best of N, in ms.
# Usage: python3 cpython_time.py PROGRAM.py [N] [median]
# With "median" it prints the best and the median of the N runs.
# A program NAME.py may have a NAME_prelude.py defining its host stubs.
# TOOLPLANE_CPUTIME=1 times process CPU instead of wall time, as bench/pytime
# does: steadier on a machine shared with other work.
import asyncio, os, sys, textwrap, time
path = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 5
src = open(path).read()
prelude = path[:-3] + "_prelude.py"
pre = open(prelude).read() if os.path.exists(prelude) else ""
clock = time.process_time if os.environ.get("TOOLPLANE_CPUTIME") else time.perf_counter
times = []
for _ in range(n):
    ns = {}
    exec(pre, ns)
    t = clock()
    exec("async def __snippet__():\n" + textwrap.indent(src, "    "), ns)
    asyncio.run(ns["__snippet__"]())
    times.append(clock() - t)
times.sort()
best = times[0]
if len(sys.argv) > 3 and sys.argv[3] == "median":
    mid = len(times) // 2
    median = times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2
    print(f"{best*1000:.2f} {median*1000:.2f}")
else:
    print(f"{best*1000:.2f}")
