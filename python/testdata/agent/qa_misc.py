import asyncio
order = []
async def w(name, n):
    for i in range(n):
        order.append(f"{name}{i}")
        await asyncio.sleep(0)
    return name
r = await asyncio.gather(w("a", 3), w("b", 2), w("c", 1))
print(r, order)
# ---
import asyncio
async def boom():
    await asyncio.sleep(0)
    raise ValueError("tg fail")
async def ok(log):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        log.append("cancelled")
        raise
log = []
try:
    async with asyncio.TaskGroup() as tg:
        tg.create_task(ok(log))
        tg.create_task(boom())
except ExceptionGroup as eg:
    print("eg", [str(e) for e in eg.exceptions])
print(log)
# ---
import asyncio
async def ok(log):
    try:
        await asyncio.sleep(1)
        return "done"
    except asyncio.CancelledError:
        log.append("cancelled")
        raise
log = []
t = asyncio.create_task(ok(log))
await asyncio.sleep(0)
t.cancel()
try:
    await t
except asyncio.CancelledError:
    print("awaited cancelled", t.cancelled(), t.done(), log)
# ---
import asyncio
async def f():
    return 1
c = f()
print(await c)
try:
    await c
except RuntimeError as e:
    print(e)
# ---
import asyncio
try:
    async with asyncio.timeout(0.01):
        await asyncio.sleep(1)
except TimeoutError:
    print("timeout ctx")
ev = asyncio.Event()
async def setter():
    await asyncio.sleep(0)
    ev.set()
    return "set"
async def waiter():
    await ev.wait()
    return "woke"
print(await asyncio.gather(waiter(), setter()))
lock = asyncio.Lock()
shared = []
async def crit(i):
    async with lock:
        shared.append(i)
        await asyncio.sleep(0)
        shared.append(-i)
await asyncio.gather(*(crit(i) for i in range(3)))
print(shared)
# ---
import asyncio
async def job(i, d):
    await asyncio.sleep(d)
    return i
tasks = [asyncio.create_task(job(i, d)) for i, d in [(0, 0.5), (1, 0.001), (2, 0.3)]]
done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
print(sorted(t.result() for t in done), len(pending))
for t in pending:
    t.cancel()
res = await asyncio.gather(*tasks, return_exceptions=True)
print([type(r).__name__ for r in res])
# ---
async def agen():
    for i in range(3):
        yield i
print(await anext(agen()) if False else "", [i async for i in agen() if i])
# ---
vals = [1, 2, 3, 4]
print([y for x in vals if (y := x * x) > 4], y)
import re
lines = ["a=1", "b", "c=3"]
if any((m := re.match(r"(\w)=(\d)", l)) is None for l in lines):
    print("first non-match after", m)
print((total := sum(vals)), total)
# ---
a, *b, c = range(5)
first, *_ = "xyz"
(p, q), r = [1, 2], 3
print(a, b, c, first, p, q, r, [*b, *"ab"], {**{"k": 1}, "x": 2}, (*b,))
for i, (k, v) in enumerate({"a": 1}.items()):
    print(i, k, v)
try:
    x, y, z = [1, 2]
except ValueError as e:
    print(e)
try:
    x, y = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    x, *y, z = [1]
except ValueError as e:
    print(e)
# ---
calls = []
def k(v):
    calls.append(v)
    return v
d = {"a": 0}
d[k("a")] += 1
lst = [0, 0]
lst[k(1)] += 5
res = {k("k1"): k("v1"), k("k2"): k("v2")}
def f(*a):
    return a
f(k(1), k(2), x=None) if False else f(k(3), k(4))
print(d, lst, calls)
x = y = []
x.append(1)
i = 0
arr = [10, 20]
i, arr[i] = 1, 99
print(y, arr)
# ---
print(int(1e20), int(1.5e300) % 1000, float("1e500"), 2 ** 53 + 1 == float(2 ** 53 + 1), 10 ** 400 > 1e308, 10 ** 400 < float("inf"), 1e300 // 1e-300 if False else "", 7.0 // 0.1, 7.0 % 0.1)
try:
    float(10 ** 400)
except OverflowError as e:
    print(e)
try:
    sum(["a", "b"], "")
except TypeError as e:
    print(e)
try:
    2.0 ** 10000
except OverflowError as e:
    print(e)
# ---
class C:
    @property
    def bad(self):
        raise AttributeError("inner missing")
    def __getattr__(self, name):
        return f"fallback {name}"
print(C().bad)
class D:
    @property
    def bad(self):
        raise KeyError("k")
try:
    hasattr(D(), "bad")
except KeyError as e:
    print("propagated", e)
print(getattr(D, "nope", "dflt"))
# ---
class A:
    def __eq__(self, o):
        return True
class B(A):
    pass
try:
    hash(A())
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
try:
    object() < object()
except TypeError as e:
    print(e)
try:
    None < 1
except TypeError as e:
    print(e)
# ---
class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        return i * i
print(list(reversed(Seq(4))), sorted(Seq(3), reverse=True), Seq(3)[2])
class Obj:
    pass
try:
    format(Obj(), "x")
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
print(format(Obj(), "")[:2])
# ---
try:
    raise ValueError("base")
except ValueError as e:
    e.add_note("context: row 5")
    e.add_note("hint: check input")
    print(e.__notes__, str(e))
# ---
class CM:
    def __init__(self, n, log):
        self.n, self.log = n, log
    def __enter__(self):
        self.log.append(f"in{self.n}")
        return self.n
    def __exit__(self, *a):
        self.log.append(f"out{self.n}")
log = []
with (
    CM(1, log) as a,
    CM(2, log) as b,
):
    log.append(a + b)
print(log)
# ---
print(__name__)
if __name__ == "__main__":
    print("main guard runs")
# ---
import sys
print("before")
sys.exit(0)
# raises: SystemExit: 0
# ---
print('\x41', '\u00e9', r'a\b', b'\101\x42', '\101', len('\t'), ..., repr(...), '\\')
print(1_000.5, 0x_FF, 0o_17, 1e-3, 1_0e1_0)
# ---
s = "x"
print(f"{s!r:^10}|", f"{{}}{s}", f"{3:{'>' if s else '<'}5}", f"{(y := 5)}", f"{'a' 'b'}", f'{s + "q"}', f"{ s = }")
# ---
print(sorted([3, 1], key=None), print(end=""), print(1, 2, sep=None, end=None))
# ---
print(b"abc".upper(), b"a,b".split(b","), bytearray(b"xy").decode(), b"ab"[0], b"ab"[:1], bytes(3), b"x" * 3, b"abc".find(b"c"), b" x ".strip(), bytes.fromhex("61 62"), b"%s" % b"q")
ba = bytearray(b"hello")
ba[0] = 72
ba.extend(b"!!")
print(ba, len(ba), ba.pop(), bytes(ba))
# ---
print(b"ab".hex(":"), b"abcd".hex("-", 2), bytes.fromhex("61 62").hex(" "))
# ---
print(round(1e300, -300), round(3.9408413565385645e+17, -1), round(1e100, -98))
