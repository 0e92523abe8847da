def risky(x: int) -> float:
    return 10 / x
for v in [2, 0]:
    try:
        print(risky(v))
    except ZeroDivisionError as e:
        print(f"Error: {e}")
# ---
errors: list[str] = []
for raw in ["1", "x", "2.5", None]:
    try:
        int(raw)
    except Exception as e:
        errors.append(f"{type(e).__name__}: {e}")
print("\n".join(errors))
# ---
data = {"a": [1, 2]}
checks = {
    "data['b']": lambda: data["b"],
    "data['a'][5]": lambda: data["a"][5],
    "data.b": lambda: data.b,
    "len(5)": lambda: len(5),
    "undefined_name": lambda: undefined_name,
    "'x' + 1": lambda: "x" + 1,
    "None.foo": lambda: None.foo,
}
for expr, fn in checks.items():
    try:
        fn()
    except Exception as e:
        print(f"{expr:<16} -> {type(e).__name__}: {e}")
# ---
try:
    {}["k"]
except (KeyError, IndexError) as e:
    print(repr(e), str(e), e.args)
# ---
try:
    [][0]
except LookupError as e:
    print(type(e).__name__, e, isinstance(e, IndexError))
# ---
class ToolFailure(Exception):
    def __init__(self, tool: str, code: int):
        super().__init__(f"{tool} failed with code {code}")
        self.tool = tool
        self.code = code
try:
    raise ToolFailure("grep", 2)
except ToolFailure as e:
    print(e, e.tool, e.code, repr(e).replace("__snippet__.<locals>.", ""))
# ---
class AppError(Exception):
    pass
class NotFound(AppError):
    pass
try:
    raise NotFound("item 7")
except AppError as e:
    print(type(e).__name__, e, isinstance(e, NotFound), type(e).__mro__[1].__name__)
# ---
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("bad calc") from e
except ValueError as e:
    print(e, "<-", repr(e.__cause__), e.__suppress_context__)
# ---
try:
    try:
        int("x")
    except ValueError:
        raise RuntimeError("wrapped")
except RuntimeError as e:
    print(e, type(e.__context__).__name__, e.__cause__)
# ---
def check(n: int) -> int:
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    return n
results = {}
for n in [1, -3]:
    try:
        results[n] = check(n)
    except ValueError as e:
        results[n] = str(e)
    else:
        print("ok", n)
    finally:
        print("checked", n)
results
# ---
import traceback
try:
    1 / 0
except Exception as e:
    lines = traceback.format_exception_only(type(e), e)
    print(lines)
# ---
try:
    raise Exception("plain", 42)
except Exception as e:
    print(e, e.args, repr(e))
# ---
try:
    raise ValueError
except ValueError as e:
    print(repr(str(e)), repr(e))
# ---
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print(f"assertion: {e}")
# ---
try:
    int("12abc")
except ValueError as e:
    print(e)
try:
    float("abc")
except ValueError as e:
    print(e)
# ---
for bad in [lambda: [1, 2].remove(3), lambda: {}.pop("x"), lambda: "a".encode("nope"), lambda: (1, 2)[5], lambda: int(None)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, "|", e)
# ---
for bad in [lambda: "a" < 1, lambda: sum(["a"]), lambda: len(None), lambda: None(), lambda: [1] + (2,), lambda: {"a": 1} + {}]:
    try:
        bad()
    except TypeError as e:
        print(e)
# ---
def f(a, b):
    return a
for call in [lambda: f(1), lambda: f(1, 2, 3), lambda: f(1, c=2), lambda: f(1, 2, a=3)]:
    try:
        call()
    except TypeError as e:
        print(str(e).replace("__snippet__.<locals>.", ""))
# ---
class Cfg:
    name = "x"
try:
    Cfg().missing
except AttributeError as e:
    print(e)
try:
    "s".foo()
except AttributeError as e:
    print(e)
# ---
import json
def safe_parse(s: str) -> dict:
    try:
        return json.loads(s)
    except json.JSONDecodeError as e:
        return {"error": str(e), "type": type(e).__name__}
print(safe_parse('{"ok": 1}'), safe_parse("{oops}"))
# ---
x = [1, 2, 3]
try:
    a, b = x
except ValueError as e:
    print(e)
try:
    a, b, c, d = x
except ValueError as e:
    print(e)
# ---
try:
    raise KeyError("missing_key")
except Exception as e:
    msg = f"{type(e).__name__}: {e}"
print(msg)
# ---
import asyncio
async def task(i: int):
    if i == 2:
        raise ValueError(f"task {i} exploded")
    return i
res = await asyncio.gather(*[task(i) for i in range(4)], return_exceptions=True)
print([r if not isinstance(r, Exception) else f"ERR({r})" for r in res])
# ---
def parse_int(s: str, default: int = 0) -> int:
    try:
        return int(s)
    except (ValueError, TypeError):
        return default
[parse_int(v) for v in ["3", "x", None, " 7 ", "1_000", "0x10"]]
# ---
try:
    raise TypeError("custom") 
except Exception as e:
    err = {"type": type(e).__name__, "message": str(e), "repr": repr(e)}
err
# ---
import math
try:
    math.factorial(-1)
except ValueError as e:
    print(e)
try:
    print(2 ** 10000 * 1.0)
except OverflowError as e:
    print(e)
# ---
try:
    raise ExceptionGroup("many", [ValueError("a"), TypeError("b")])
except Exception as e:
    print(type(e).__name__, str(e), len(e.exceptions))
# ---
def outer():
    try:
        return "from try"
    finally:
        print("finally runs")
print(outer())
# ---
try:
    [1, 2, 3].index(9)
except ValueError as e:
    print(e)
try:
    "abc".split("")
except ValueError as e:
    print(e)
# ---
try:
    x = {"a": 1}["b"]
except KeyError as e:
    key = e.args[0]
    print(f"Missing key: {key!r}")
raise RuntimeError(f"unrecoverable: {key}")
# raises: RuntimeError: unrecoverable: b
# ---
users = await list_users()
target = next((u for u in users if u["name"] == "zed"), None)
if target is None:
    raise LookupError("no user named zed")
# raises: LookupError: no user named zed
# ---
await get_user(10)
# raises: ToolError: user 10 not found
