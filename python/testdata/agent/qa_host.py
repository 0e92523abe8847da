r = await echo(1.0, 2, True, None, "s", [1, (2, 3)], {"k": (4,)})
print(r, [type(x).__name__ for x in r["args"]])
# ---
r = await echo({1: "a", 2: "b"})
print(r)
# ---
r = await echo(2 ** 70, -(2 ** 63), 2 ** 63)
print(r, type(r["args"][0]).__name__)
# ---
r = await echo(float("inf"), float("nan"))
print(r["args"][0], r["args"][1] != r["args"][1])
# ---
try:
    await echo({1, 2})
except TypeError as e:
    print("TypeError", type(e).__name__)
# ---
try:
    await echo(b"bytes")
except TypeError as e:
    print("TypeError")
# ---
from dataclasses import dataclass, asdict
@dataclass
class Q:
    a: int
try:
    await echo(Q(1))
except TypeError:
    print("dataclass rejected")
print(await echo(asdict(Q(1))))
# ---
r = await echo(nested={"deep": [{"x": [1, {"y": None}]}]}, flag=False)
print(r["kwargs"], r["kwargs"]["nested"]["deep"][0]["x"][1]["y"] is None)
# ---
u = await get_user(2)
u["extra"] = [1]
u2 = await get_user(2)
print(u, u2, u is u2, list(u2))
# ---
users = await list_users()
print(sorted(users, key=lambda u: (u["team"], u["name"]))[0], {u["team"] for u in users} == {"core", "web", "ops"}, type(users).__name__)
# ---
r = await add(0.1, 0.2)
s = await add("a", "b")
l = await add([1], [2, 3])
print(r, s, l, await add(2 ** 62, 2 ** 62))
# ---
try:
    await add(1, "x")
except Exception as e:
    print(type(e).__name__)
# ---
try:
    await get_user(99)
except ToolError as e:
    print(type(e).__name__, e, e.args, isinstance(e, Exception))
# ---
r = await echo(1.5e300, 1e-300, 0.1, 123456789.123456789, -0.0)
print(r["args"])
# ---
r = await echo("é✓🙂", "\x00", "line\nbreak", "\ud7ff")
print(r["args"], [len(x) for x in r["args"]])
