# Values kept alive only through a field the memory re-measurement did not
# walk: each loop retains 200 MB under a 64 MiB limit. The re-measurement
# (run when the charged total passes the limit) must count what these hold,
# or it resets the total below the limit and the run keeps allocating.
# A class's bases, once nothing else names them.
keep = []
for i in range(200):
    class A:
        big = 'a' * 10**6 + str(i)
    class B(A):
        pass
    del A
    keep.append(B)
# limit: memory
# ---
# A chain of classes, each deriving from the last: only the newest is
# named, and each holds an MRO as long as the chain (256 MB in all).
C = object
for i in range(8000):
    C = type('C', (C,), {})
# limit: memory
# ---
# A function's annotations.
keep = []
for i in range(200):
    s = 'a' * 10**6 + str(i)
    def f(x: s):
        pass
    del s
    keep.append(f)
# limit: memory
# ---
# An exception group's own copy of its exceptions (derive, split).
g = ExceptionGroup('x', [ValueError(i) for i in range(30000)])
keep = []
for i in range(1000):
    keep.append(g.derive(g.exceptions))
# limit: memory
# ---
# A str iterator's subject.
keep = []
for i in range(200):
    s = 'a' * 10**6 + str(i)
    keep.append(iter(s))
    del s
# limit: memory
# ---
# The value an async generator's asend() will send.
async def ag():
    while True:
        yield 1
keep = []
a = ag()
await a.__anext__()
for i in range(200):
    keep.append(a.asend('a' * 10**6 + str(i)))
# limit: memory
# ---
# The exception an async generator's athrow() will throw.
async def ag():
    while True:
        yield 1
keep = []
a = ag()
await a.__anext__()
for i in range(200):
    keep.append(a.athrow(ValueError('a' * 10**6 + str(i))))
# limit: memory
# ---
# call_soon callbacks waiting in the ready queue.
import asyncio
loop = asyncio.get_running_loop()
for i in range(200):
    loop.call_soon(len, 'a' * 10**6 + str(i))
# limit: memory
# ---
# call_later callbacks waiting on their timers.
import asyncio
loop = asyncio.get_running_loop()
for i in range(200):
    loop.call_later(100, len, 'a' * 10**6 + str(i))
# limit: memory
# ---
# The result a pending sleep will return.
import asyncio
keep = []
for i in range(200):
    keep.append(asyncio.ensure_future(asyncio.sleep(100, 'a' * 10**6 + str(i))))
await asyncio.sleep(0)
# limit: memory
# ---
# Done callbacks of a pending future: what they call, and the callbacks
# themselves (3 million of them).
import asyncio
loop = asyncio.get_running_loop()
keep = []
for i in range(200):
    f = loop.create_future()
    s = 'a' * 10**6 + str(i)
    f.add_done_callback(lambda fut, s=s: None)
    del s
    keep.append(f)
# limit: memory
# ---
import asyncio
f = asyncio.get_running_loop().create_future()
for i in range(3 * 10**6):
    f.add_done_callback(len)
# limit: memory
