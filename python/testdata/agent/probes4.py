import asyncio
async def main():
    return await add(1, 2)
try:
    asyncio.run(main())
except RuntimeError as e:
    print(e)
# ---
try:
    await get_user(77)
except ToolError as e:
    print("tool error:", e, e.args, type(e).__name__, isinstance(e, Exception))
# ---
try:
    await fail("x")
except Exception as e:
    print(f"{e!r}", f"{e!s}", repr(str(e)))
# ---
import asyncio
done, pending = await asyncio.wait([asyncio.create_task(slow(i, delay=0.001 + 5 * i)) for i in range(3)], return_when=asyncio.FIRST_COMPLETED)
print(len(done), len(pending), [t.result() for t in done])
for p in pending:
    p.cancel()
# ---
import asyncio
r = await asyncio.shield(slow("shielded", delay=0.001))
r
# ---
import asyncio
t = asyncio.create_task(slow(5, delay=0.001), name="fetch-5")
print(t.get_name())
await t
# ---
import asyncio
async def a():
    await asyncio.sleep(0.001)
    raise ValueError("a broke")
async def b():
    await asyncio.sleep(0.05)
    return "b"
tb = asyncio.create_task(b())
try:
    await asyncio.gather(a(), tb)
except ValueError as e:
    print("gather raised", e)
print(await tb)
# ---
import asyncio
r = await asyncio.wait_for(slow("fine", delay=0.001), timeout=1)
r
# ---
import asyncio
from typing import Any, cast, TYPE_CHECKING
if TYPE_CHECKING:
    from foo import Bar
v = cast(int, "not really")
print(v, TYPE_CHECKING)
# ---
from typing import get_args, get_origin, Optional, Union
print(get_args(Optional[int]), get_origin(list[int]) is list, get_args(dict[str, int]), Union[int, str] == Union[str, int])
# ---
def gen():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
g = gen()
next(g)
print(g.send(5), g.send(10))
# ---
import asyncio
async def stream(n: int):
    for i in range(n):
        yield await add(i, 0)
total = 0
async for v in stream(4):
    total += v
total
# ---
import asyncio
results = await asyncio.gather(*[asyncio.wait_for(slow(i, delay=0.001), timeout=1) for i in range(3)])
results
# ---
import asyncio
async def retry(fn, *args, attempts: int = 3, base_delay: float = 0.001, factor: float = 2.0):
    delay = base_delay
    for i in range(1, attempts + 1):
        try:
            return await fn(*args)
        except Exception as exc:
            if i == attempts:
                raise
            print(f"[{i}/{attempts}] {type(exc).__name__}: {exc}; retry in {delay * 1000:.0f}ms")
            await asyncio.sleep(delay)
            delay *= factor
await retry(fail, "service unavailable")
# raises: ToolError: service unavailable
# ---
import asyncio
users = await list_users()
return sorted(users, key=lambda u: (u["team"], -u["id"]))
# ---
import json
users = await list_users()
print(json.dumps(users[:2], indent=2))
# ---
import asyncio
async def get_with_default(uid):
    try:
        return await get_user(uid)
    except Exception:
        return None
rs = await asyncio.gather(*map(get_with_default, range(6)))
[r and r["name"] for r in rs]
# ---
x = await slow([])
y = await slow({})
print(x, y, type(x).__name__, type(y).__name__)
# ---
s = await slow("ünïcode ✓")
print(s, len(s), s.encode()[:5])
# ---
r = await slow(2 ** 70)
print(r, type(r).__name__)
# ---
r = await slow(-0.0)
print(r, await slow(1e300), await slow(0.1))
# ---
print(__name__ != "__main__" or True)
# ---
result = {"ok": True}
if result["ok"]:
    return "done"
print("unreachable")
# ---
import asyncio
async def f(i):
    await asyncio.sleep(0)
    return i
coros = [f(i) for i in range(3)]
tasks = [asyncio.ensure_future(c) for c in coros]
await asyncio.gather(*tasks)
# ---
import asyncio
async def outer():
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        print("cleanup on cancel")
        raise
t = asyncio.create_task(outer())
await asyncio.sleep(0.001)
t.cancel()
res = await asyncio.gather(t, return_exceptions=True)
print(type(res[0]).__name__)
# ---
import asyncio
print(await asyncio.sleep(0.001, "slept"), asyncio.get_event_loop is not None)
# ---
import logging
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(message)s")
log = logging.getLogger("agent")
print(log.name, log.getEffectiveLevel(), logging.getLevelName(logging.WARNING), log.isEnabledFor(logging.DEBUG))
# ---
import operator
from functools import total_ordering
@total_ordering
class V:
    def __init__(self, n):
        self.n = n
    def __eq__(self, o):
        return self.n == o.n
    def __lt__(self, o):
        return self.n < o.n
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(1), sorted([V(3), V(1)], key=operator.attrgetter("n"))[0].n)
# ---
from typing import Iterator, Generator, AsyncIterator
def numbers(n: int) -> Iterator[int]:
    yield from range(n)
def pairs() -> Generator[tuple[int, int], None, str]:
    yield (1, 2)
    return "end"
print(list(numbers(3)), list(pairs()))
# ---
import sys
print(sys.version_info[:2] >= (3, 11), sys.version_info.major, type(sys.maxsize).__name__)
# ---
import keyword, builtins
print(keyword.iskeyword("class"), keyword.iskeyword("foo"), hasattr(builtins, "len"))
# ---
data = [{"name": "x", "val": 3}, {"name": "y"}]
for d in data:
    match_val = d.get("val")
    print(f"{d['name']}: {match_val if match_val is not None else 'n/a'}")
# ---
import json
from typing import Any
def to_table(rows: list[dict[str, Any]], cols: list[str] | None = None) -> str:
    cols = cols or sorted({k for r in rows for k in r})
    w = {c: max([len(c)] + [len(str(r.get(c, ""))) for r in rows]) for c in cols}
    head = "  ".join(c.upper().ljust(w[c]) for c in cols)
    body = ["  ".join(str(r.get(c, "")).ljust(w[c]) for c in cols) for r in rows]
    return "\n".join([head, *body])
print(to_table([{"id": 1, "name": "ada"}, {"id": 22, "team": "ops"}]))
