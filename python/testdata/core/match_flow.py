# match, case and _ stay ordinary names.
match = [1, 2]
case = {"k": 1}
_ = "underscore"
print(match[0], case["k"], _)
def case(match):
    return match
print(case(match=3))
match[1] = 5
print(match)
def match(case):
    return case * 2
print(match(case(4)))
# ---
match = {"case": 1}
match match:
    case {"case": case}:
        print("case is", case)
# ---
class match:
    case = 1
print(match.case)
match -match.case:
    case -1:
        print("negated")
# ---
# Tuple and starred subjects.
xs = [2, 3]
match 1, *xs:
    case (1, 2, 3):
        print("tuple subject")
match (n := 5), n + 1:
    case (5, 6):
        print("walrus subject", n)
# ---
# At module level, captures are globals; in a class body, class attributes.
match {"name": "mod"}:
    case {"name": modname}:
        pass
print(modname)
class K:
    match [1, 2]:
        case [first, second]:
            pass
print(K.first, K.second)
# ---
def loop():
    out = []
    for v in [1, "s", None, [1], 2]:
        match v:
            case None:
                break
            case str():
                continue
            case int() if v > 1:
                return out + ["early"]
        out.append(v)
    return out
print(loop())
# ---
# Nested match statements; try/except around a match.
def nested(a, b):
    match a:
        case int():
            match b:
                case int():
                    return "both ints"
                case _:
                    return "int, other"
        case _:
            return "other"
print(nested(1, 2), nested(1, "x"), nested("x", 1))
try:
    match {"x": 1}:
        case {"x": v} if 1 / 0:
            pass
except ZeroDivisionError as e:
    print("guard raised", e)
# ---
# Exceptions raised while matching leave the stack clean for handlers.
class Boom:
    __match_args__ = ("a",)
    @property
    def a(self):
        raise RuntimeError("attr")
def probe(v):
    try:
        match v:
            case [1, {"k": Boom(x)}]:
                return x
    except RuntimeError as e:
        return "caught " + str(e)
    return "no match"
print([probe([1, {"k": Boom()}]) for _ in range(3)], probe([1, {}]))
# ---
# Match in a generator and an async function.
import asyncio
async def fetch(kind):
    await asyncio.sleep(0)
    match kind:
        case "a" | "b":
            return kind.upper()
        case _:
            return None
async def main():
    return [await fetch(k) for k in "abc"]
print(asyncio.run(main()))
# ---
# Annotations inside a case body at module level.
match 1:
    case 1:
        y: int = 5
print(__annotations__, y)
# ---
# A JSON-like reshaping, the common agent use.
events = [
    {"kind": "commit", "sha": "abc123", "files": ["a.py", "b.py"]},
    {"kind": "comment", "author": {"login": "dev"}, "body": "LGTM"},
    {"kind": "commit", "sha": "def456", "files": []},
    {"kind": "label", "name": "bug"},
    "garbage",
]
summary = []
for ev in events:
    match ev:
        case {"kind": "commit", "files": [_, *_] as files, "sha": sha}:
            summary.append(f"{sha[:3]}:{len(files)}")
        case {"kind": "commit", "sha": sha}:
            summary.append(f"{sha[:3]}:empty")
        case {"kind": "comment", "author": {"login": who}}:
            summary.append(f"@{who}")
        case {"kind": other}:
            summary.append(f"?{other}")
        case _:
            summary.append("!")
print(summary)
# ---
# Awaits and yields inside guards.
import asyncio
async def ok(v):
    await asyncio.sleep(0)
    return v > 1
async def classify(items):
    out = []
    for it in items:
        match it:
            case int(n) if await ok(n):
                out.append(("big", n))
            case [a, *rest] if await ok(len(rest)):
                out.append(("long", a))
            case _ if await ok(0):
                out.append("never")
            case _:
                out.append("other")
    return out
print(asyncio.run(classify([1, 5, [1, 2, 3], [1], "x"])))
# ---
def g():
    got = []
    for v in [1, 2, 3]:
        match v:
            case n if (yield n) == "take":
                got.append(n)
    return got
gen = g()
x = next(gen)
res = []
try:
    while True:
        x = gen.send("take" if x % 2 else "skip")
except StopIteration as e:
    print("got", e.value)
# ---
import asyncio
async def many():
    async def item(i):
        await asyncio.sleep(0)
        match i:
            case 0 | 2 | 4:
                return "even"
            case int():
                return "odd"
    return await asyncio.gather(*(item(i) for i in range(5)))
print(asyncio.run(many()))
# ---
# Outside a snippet asyncio.run keeps CPython's rule: not from a running loop.
import asyncio
async def inner():
    return 1
async def outer():
    c = inner()
    try:
        asyncio.run(c)
    except RuntimeError as e:
        print(e)
    c.close()
    return "outer"
print(asyncio.run(outer()))
