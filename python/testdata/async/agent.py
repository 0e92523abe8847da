import asyncio
users = await list_users()
by_team = {}
for u in users:
    by_team.setdefault(u["team"], []).append(u["name"])
print(by_team)
{team: len(names) for team, names in sorted(by_team.items())}
# ---
import asyncio
ids = [4, 2, 99, 1]
rs = await asyncio.gather(*(get_user(i) for i in ids), return_exceptions=True)
found = {i: r["name"] for i, r in zip(ids, rs) if not isinstance(r, Exception)}
missing = [i for i, r in zip(ids, rs) if isinstance(r, Exception)]
print(found, missing)
return {"found": found, "missing": missing}
# ---
all_items = []
page = 0
while True:
    resp = await fetch_page(page, size=4, total=10)
    all_items += resp["items"]
    if resp["next"] is None:
        break
    page = resp["next"]
print(len(all_items), all_items[-1])
sum(all_items)
# ---
import asyncio
async def enrich(uid):
    u = await get_user(uid)
    u["greeting"] = await greeter.greet(u["name"])
    return u
rows = await asyncio.gather(*[enrich(i) for i in (1, 3)])
for r in rows:
    print(f"{r['id']:>2} {r['name']:<4} {r['greeting']}")
# ---
import json
users = await list_users()
summary = json.dumps({"count": len(users), "teams": sorted({u["team"] for u in users})})
print(summary)
summary
# ---
import asyncio
res = await echo("q", limit=10, filters={"state": "open", "labels": ["bug"]})
print(res["kwargs"]["filters"]["labels"], res)
# ---
import asyncio
async def safe(coro, default):
    try:
        return await coro
    except ToolError:
        return default
names = [u["name"] if u else "?" for u in await asyncio.gather(*(safe(get_user(i), None) for i in range(6)))]
names
# ---
lines = []
for u in await list_users():
    greeting = await greeter.greet(u["name"], punct="")
    lines.append(greeting.title())
"\n".join(lines)
# ---
import asyncio
counts = await asyncio.gather(*(fetch_page(p, size=5, total=12) for p in range(3)))
return [len(c["items"]) for c in counts]
# ---
users = await list_users()
top = max(users, key=lambda u: (len(u["name"]), u["id"]))
return top
# ---
import asyncio
async def first_ok(*uids):
    for uid in uids:
        try:
            return await get_user(uid)
        except ToolError as e:
            print("skip:", e)
    return None
u = await first_ok(10, 11, 3)
u["name"]
