from typing import Any
import asyncio
users: list[dict[str, Any]] = await list_users()
print(f"Found {len(users)} users")
for u in users:
    print(f"- {u['name']!r} ({u['team']})")
# ---
import asyncio
from typing import Any
ids = [1, 2, 3, 4]
results: list[dict[str, Any]] = await asyncio.gather(*[get_user(i) for i in ids])
{r["name"]: r["team"] for r in results}
# ---
import asyncio
results = await asyncio.gather(*[get_user(i) for i in [1, 7, 3]], return_exceptions=True)
for r in results:
    if isinstance(r, Exception):
        print(f"error: {type(r).__name__}: {r}")
    else:
        print(f"ok: {r['name']}")
# ---
try:
    u = await get_user(42)
except Exception as e:
    print(f"Failed to fetch user: {e}")
    print(type(e).__name__)
# ---
cursor = 0
items: list[int] = []
while cursor is not None:
    resp = await fetch_page(page=cursor, size=4, total=11)
    items.extend(resp["items"])
    cursor = resp["next"]
print(f"Fetched {len(items)} items across pages; last={items[-1]}")
return items
# ---
cursor: int | None = 0
pages = 0
while cursor is not None:
    page = await fetch_page(cursor)
    pages += 1
    cursor = page.get("next")
{"pages": pages}
# ---
import asyncio
async def with_retry(fn, *args, retries: int = 3, base: float = 0.001):
    last: Exception | None = None
    for attempt in range(retries):
        try:
            return await fn(*args)
        except Exception as e:
            last = e
            delay = base * (2 ** attempt)
            print(f"attempt {attempt + 1} failed: {e} (sleeping {delay:.3f}s)")
            await asyncio.sleep(delay)
    raise RuntimeError(f"gave up after {retries} attempts") from last
try:
    await with_retry(fail, "boom")
except RuntimeError as e:
    print(e, "| cause:", repr(e.__cause__))
# ---
import asyncio
state = {"attempts": 0}
async def flaky() -> str:
    state["attempts"] += 1
    if state["attempts"] < 3:
        await fail(f"transient #{state['attempts']}")
    return "ok"
for i in range(5):
    try:
        r = await flaky()
        print("success on attempt", i + 1, r)
        break
    except Exception as e:
        print(f"retrying after error: {e!r}")
        await asyncio.sleep(0.001 * 2 ** i)
# ---
r = await echo(1, "a", flag=True, n=None)
print(r)
print(r["kwargs"]["flag"], r["args"])
# ---
import json
r = await echo({"b": 2, "a": [1, 2]}, mode="x")
print(json.dumps(r, indent=2))
# ---
total = await add(2, 3)
f"total={total}"
# ---
r = await add([1, 2], [3])
r
# ---
g = await greeter.greet("ada", punct="?")
print(g.upper(), g.title())
# ---
import asyncio
names = ["ada", "bob", "cy"]
greetings = await asyncio.gather(*(greeter.greet(n) for n in names))
"\n".join(greetings)
# ---
import asyncio
vals = await asyncio.gather(*[slow(i, delay=0.001 * (3 - i)) for i in range(3)])
vals
# ---
import asyncio
t = await slow((1, 2))
print(type(t).__name__, t)
# ---
import asyncio
from collections import defaultdict
users = await list_users()
teams: defaultdict[str, list[str]] = defaultdict(list)
for u in users:
    teams[u["team"]].append(u["name"])
for team, members in sorted(teams.items()):
    print(f"{team:<6}| {', '.join(members)}")
dict(teams)
# ---
import asyncio
sem = asyncio.Semaphore(2)
async def bounded(i: int) -> int:
    async with sem:
        return await slow(i * 10, delay=0.001)
out = await asyncio.gather(*[bounded(i) for i in range(5)])
print(out)
# ---
import asyncio
try:
    r = await asyncio.wait_for(slow("late", delay=0.5), timeout=0.01)
except asyncio.TimeoutError:
    print("timed out")
# ---
import asyncio
try:
    await asyncio.wait_for(slow(1, delay=0.5), timeout=0.01)
except TimeoutError as e:
    print("TimeoutError caught", type(e).__name__)
# ---
import asyncio
tasks = [asyncio.create_task(get_user(i)) for i in (2, 4)]
done = [await t for t in tasks]
[u["name"] for u in done]
# ---
import asyncio
results = await asyncio.gather(get_user(1), fail("nope"), return_exceptions=True)
ok = [r for r in results if not isinstance(r, BaseException)]
errs = [str(r) for r in results if isinstance(r, BaseException)]
print(len(ok), errs)
# ---
import asyncio
try:
    await asyncio.gather(get_user(1), get_user(99))
except Exception as e:
    print(f"{type(e).__name__}: {e}")
# ---
user = await get_user(2)
print(f"{user=}")
# ---
user = await get_user(3)
print(f"User {user['name']!r} is on team {user['team']!s:>6}.")
# ---
import json
from typing import Any
def summarize(users: list[dict[str, Any]]) -> dict[str, Any]:
    teams = sorted({u["team"] for u in users})
    return {"count": len(users), "teams": teams, "ids": [u["id"] for u in users]}
print(json.dumps(summarize(await list_users()), indent=2, sort_keys=True))
# ---
import asyncio
async def fetch_all() -> list[int]:
    out: list[int] = []
    page: int | None = 0
    while page is not None:
        r = await fetch_page(page, size=5, total=12)
        out += r["items"]
        page = r["next"]
    return out
data = await fetch_all()
print(sum(data), max(data), len(data))
# ---
import asyncio
users = await list_users()
lookup = {u["id"]: u for u in users}
missing = [i for i in range(1, 7) if i not in lookup]
print("missing:", missing)
print("present:", sorted(lookup))
# ---
import asyncio
start_ids = [3, 1]
details = dict(zip(start_ids, await asyncio.gather(*map(get_user, start_ids))))
{k: v["name"] for k, v in details.items()}
# ---
import asyncio
res = await asyncio.gather(*[fail(f"e{i}") for i in range(3)], return_exceptions=True)
[f"{type(e).__name__}({e.args[0]!r})" for e in res]
# ---
import asyncio
try:
    await fail("bad input: missing field 'id'")
except Exception as e:
    msg = str(e)
    if "missing field" in msg:
        field = msg.split("'")[1]
        print("missing:", field)
