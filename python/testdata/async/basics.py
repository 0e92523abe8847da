x = await slow(5)
print(x)
x * 2
# ---
r = await add(2, 3)
return r + 1
# ---
u = await get_user(1)
print(u["name"], u)
# ---
users = await list_users()
print([u["name"] for u in users if u["team"] == "core"])
len(users)
# ---
print(await greeter.greet("ada"), await greeter.greet("bob", punct="?"))
# ---
e = await echo(1, "two", [3], k=True, a=None)
print(e)
e["args"][1]
# ---
v = await slow((1, 2))
print(v, type(v).__name__)
# ---
v = await slow({"b": 1, "a": [1.5, None, False]})
print(v, list(v))
# ---
total = 0
for i in range(5):
    total += await add(i, i)
total
# ---
results = []
page = 0
while page is not None:
    resp = await fetch_page(page)
    results.extend(resp["items"])
    page = resp["next"]
print(results)
len(results)
# ---
async def double(x):
    return await slow(x * 2, 0)
print(await double(4), await double("ab"))
# ---
async def helper():
    return "helped"
coro = helper()
print(type(coro).__name__)
print(await coro)
# ---
print("before")
return None
print("after")
# ---
if (await slow(3)) > 2:
    return "big"
return "small"
# ---
x = 1
x
# ---
print("no result")
# ---
"final string value"
# ---
d = {"k": await slow(1), "j": await slow(2, 0)}
d
# ---
vals = [await slow(i, 0) for i in range(4)]
vals
# ---
big = await slow(2 ** 70)
print(big, type(big).__name__)
big + 1
# ---
f = await slow(1.5)
n = await slow(None)
b = await slow(True)
print(f, n, b, type(f).__name__)
# ---
import asyncio
r = await asyncio.sleep(0.01, result="slept")
print(r)
await asyncio.sleep(0)
# ---
s = await slow("héllo ☃")
print(s, len(s))
s.upper()
