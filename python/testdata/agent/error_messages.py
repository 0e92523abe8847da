cases = [
    lambda: None["x"],
    lambda: None[0],
    lambda: 5[0],
    lambda: iter(5),
    lambda: {[1]: 2},
    lambda: {{1}},
    lambda: hash([]),
    lambda: int("abc", 16),
    lambda: int("9", 8),
    lambda: [1][1],
    lambda: (1,)[2],
    lambda: "abc"[5],
    lambda: {"a": 1}["b"],
    lambda: [].pop(),
    lambda: {}.popitem(),
    lambda: set().pop(),
    lambda: 1 / 0,
    lambda: 1 % 0,
    lambda: 1.0 / 0,
    lambda: 2 ** -1 // 0,
]
for fn in cases:
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
# ---
cases = [
    lambda: "a" + 1,
    lambda: 1 + "a",
    lambda: [1] + "a",
    lambda: "a" * "b",
    lambda: None + 1,
    lambda: -"a",
    lambda: ~1.5,
    lambda: "x" - "y",
    lambda: {} < {},
    lambda: [1] < (1,),
    lambda: 1 < None,
    lambda: abs("x"),
    lambda: len(3),
    lambda: int([1]),
    lambda: float({}),
    lambda: str.join(",", [1]),
    lambda: "x".join(["a", None]),
    lambda: sorted([1, "a"]),
    lambda: max(),
    lambda: min([]),
]
for fn in cases:
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
# ---
cases = [
    lambda: (1, 2).append(3),
    lambda: "abc".append("d"),
    lambda: {"a": 1}.a,
    lambda: [].nope,
    lambda: (5).real.foo,
    lambda: None.get("x"),
    lambda: "s".upper.lower,
    lambda: object().x,
]
for fn in cases:
    try:
        fn()
    except AttributeError as e:
        print(e)
# ---
cases = [
    lambda: "abc"[1] == "b" and "abc".__setitem__(0, "x"),
    lambda: (1, 2).__setitem__(0, 5),
    lambda: print(*5),
    lambda: dict([1, 2]),
    lambda: dict([(1, 2, 3)]),
    lambda: list(zip(1, 2)),
    lambda: enumerate(5),
    lambda: range(1.5),
    lambda: "a".split(1),
    lambda: "abc".startswith(["a"]),
    lambda: "{:d}".format("x"),
    lambda: "%d" % None,
    lambda: int("1.5"),
    lambda: int(""),
    lambda: float("1,5"),
    lambda: round("1.5"),
    lambda: chr(-1),
    lambda: ord("ab"),
    lambda: bytes("x"),
    lambda: "x".encode(5),
]
for fn in cases:
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
# ---
import json, math, datetime
cases = [
    lambda: json.loads(None),
    lambda: json.loads(b"\xff"),
    lambda: json.dumps(object),
    lambda: json.dumps({(1, 2): 3}),
    lambda: math.sqrt("4"),
    lambda: math.log(-1),
    lambda: math.pow(0, -1),
    lambda: datetime.date(2024, 0, 1),
    lambda: datetime.datetime(2024, 1, 1, 25),
    lambda: datetime.timedelta(days="1"),
    lambda: datetime.date.fromisoformat("2024/01/01"),
    lambda: datetime.datetime.fromisoformat(20240101),
    lambda: datetime.date(2024, 1, 1) + 1,
    lambda: datetime.datetime(2024, 1, 1) - datetime.date(2024, 1, 1),
]
for fn in cases:
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
# ---
import re, statistics, uuid, base64
cases = [
    lambda: re.compile("[a-"),
    lambda: re.compile("a{2,1}"),
    lambda: re.sub("(a)", r"\2", "a"),
    lambda: re.match(r"(a)", "a").group(3),
    lambda: re.match(r"(?P<x>a)", "a").group("y"),
    lambda: statistics.mode([]),
    lambda: statistics.stdev([1]),
    lambda: statistics.quantiles([1], n=4),
    lambda: uuid.UUID(int=-1),
    lambda: base64.b64decode("a"),
    lambda: base64.b64encode("str"),
]
for fn in cases:
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
# ---
def needs(a: int, b: int, *, c: int) -> int:
    return a + b + c
cases = [
    lambda: needs(1, 2),
    lambda: needs(1, 2, 3),
    lambda: needs(1, b=2, c=3, d=4),
    lambda: needs(),
    lambda: (lambda: 1)(2),
    lambda: len(),
    lambda: len([], []),
    lambda: "x".split(",", 1, 2),
    lambda: sorted([3, 1], lambda x: x),
    lambda: dict(1, 2),
    lambda: int(x=1),
]
for fn in cases:
    try:
        fn()
    except TypeError as e:
        print(str(e).replace("__snippet__.<locals>.", ""))
# ---
import asyncio
for coro_fn in [lambda: get_user("1"), lambda: fail(""), lambda: fetch_page(page=99)]:
    try:
        r = await coro_fn()
        print("ok", r)
    except Exception as e:
        print(f"{type(e).__name__}: {e!r}")
# ---
try:
    x = undefined_var + 1
except NameError as e:
    print(e, e.name if hasattr(e, "name") else "")
def g():
    print(local_before)
    local_before = 1
try:
    g()
except UnboundLocalError as e:
    print(type(e).__name__, isinstance(e, NameError), e)
# ---
import sys
def deep(n):
    return deep(n + 1)
try:
    deep(0)
except RecursionError as e:
    print(type(e).__name__, e)
# ---
try:
    raise ValueError("multi\nline message")
except ValueError as e:
    print(f"Error: {e}".splitlines()[0], str(e).count("\n"))
# ---
class E(Exception):
    def __str__(self):
        return f"custom[{self.args[0]}]"
try:
    raise E("x")
except E as e:
    print(e, repr(e).replace("__snippet__.<locals>.", ""), f"{e}", e.args)
# ---
try:
    raise KeyError(("a", 1))
except KeyError as e:
    print(e, repr(e))
try:
    raise KeyError("it's")
except KeyError as e:
    print(e)
try:
    raise KeyError()
except KeyError as e:
    print(repr(str(e)))
# ---
e = ValueError("a", "b")
print(str(e), repr(e), e.args, str(ValueError()), str(ValueError(None)), str(OSError(2, "No such file")))
# ---
try:
    int("  ")
except ValueError as e:
    print(e)
try:
    int("1e3")
except ValueError as e:
    print(e)
try:
    float("")
except ValueError as e:
    print(e)
