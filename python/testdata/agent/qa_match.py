def handle(event):
    match event:
        case {"type": "click", "pos": [x, y]}:
            return f"click at {x},{y}"
        case {"type": "key", "key": str(k)} if len(k) == 1:
            return f"key {k}"
        case {"type": "key", "key": k}:
            return f"special key {k!r}"
        case {"type": "batch", "events": [*evs]}:
            return [handle(e) for e in evs]
        case {"type": t, **rest} if rest:
            return f"unknown {t} with {sorted(rest)}"
        case {"type": _}:
            return "bare"
        case _:
            return "invalid"
evs = [{"type": "click", "pos": [1, 2]}, {"type": "key", "key": "a"}, {"type": "key", "key": "Enter"}, {"type": "key", "key": 5},
       {"type": "batch", "events": [{"type": "click", "pos": (3, 4)}, {"type": "x"}]}, {"type": "zz", "a": 1, "b": 2}, [], "s", {"pos": 1}]
for e in evs:
    print(handle(e))
# ---
def classify(v):
    match v:
        case None:
            return "none"
        case True:
            return "true"
        case 0 | 0.0:
            return "zero"
        case int(n) if n < 0:
            return "neg int"
        case int() | float():
            return "number"
        case "" | []:
            return "empty"
        case str() as s:
            return f"str {s}"
        case [x]:
            return f"one {x}"
        case [x, y]:
            return f"two {x} {y}"
        case [x, *rest]:
            return f"many {x} +{len(rest)}"
        case {}:
            return "mapping"
        case _:
            return "other"
print([classify(v) for v in [None, True, False, 0, 0.0, -3, 2.5, "", [], "hi", [1], (1, 2), [1, 2, 3], {"a": 1}, {1, 2}, 1]])
# ---
from dataclasses import dataclass
@dataclass
class Point:
    x: int
    y: int
@dataclass
class Line:
    a: Point
    b: Point
def where(s):
    match s:
        case Point(0, 0):
            return "origin"
        case Point(x=0, y=y):
            return f"on y axis at {y}"
        case Point(x, 0):
            return f"on x axis at {x}"
        case Line(Point(x1, y1), Point(x2, y2)) if x1 == x2:
            return f"vertical line x={x1}"
        case Line(a=Point() as p, b=q):
            return f"line from {p.x},{p.y} to {q.x},{q.y}"
        case Point():
            return "somewhere"
    return "not a shape"
print([where(s) for s in [Point(0, 0), Point(0, 5), Point(3, 0), Point(1, 1), Line(Point(1, 2), Point(1, 9)), Line(Point(0, 1), Point(2, 3)), "x"]])
# ---
class Cmd:
    __match_args__ = ("name", "args")
    def __init__(self, name, args=()):
        self.name, self.args = name, list(args)
def run(c):
    match c:
        case Cmd("ls", []):
            return "list cwd"
        case Cmd("ls", [path]):
            return f"list {path}"
        case Cmd("cp", [src, dst]):
            return f"copy {src}->{dst}"
        case Cmd(name=n, args=[_, _, *more]):
            return f"{n} with {2 + len(more)} args"
        case Cmd(n):
            return f"unknown {n}"
print([run(c) for c in [Cmd("ls"), Cmd("ls", ["/tmp"]), Cmd("cp", "ab"), Cmd("rm", "abc"), Cmd("rm", "a")]])
# ---
def parse(tokens):
    match tokens:
        case ["go", ("north" | "south" | "east" | "west") as d]:
            return ("move", d)
        case ["take", *items] if items:
            return ("take", items)
        case ["quit" | "exit"]:
            return ("quit",)
        case [("look" | "l")]:
            return ("look",)
        case _:
            return ("?", tokens)
for line in ["go north", "go up", "take sword shield", "take", "exit", "l", ""]:
    print(parse(line.split()))
# ---
import re
def tokenize(s):
    out = []
    for m in re.finditer(r"\d+\.\d+|\d+|[A-Za-z_]\w*|\S", s):
        tok = m.group()
        match tok:
            case _ if tok.isdigit():
                out.append(("INT", int(tok)))
            case _ if "." in tok and tok[0].isdigit():
                out.append(("FLOAT", float(tok)))
            case "+" | "-" | "*" | "/":
                out.append(("OP", tok))
            case "(" | ")":
                out.append(("PAREN", tok))
            case name if name.isidentifier():
                out.append(("NAME", name))
            case other:
                out.append(("ERR", other))
    return out
print(tokenize("x1 = (3 + 4.5) * y / 2 $"))
# ---
def evaluate(node):
    match node:
        case int() | float() as n:
            return n
        case ("+", l, r):
            return evaluate(l) + evaluate(r)
        case ("*", l, r):
            return evaluate(l) * evaluate(r)
        case ("neg", x):
            return -evaluate(x)
        case ("sum", *xs):
            return sum(evaluate(x) for x in xs)
        case _:
            raise ValueError(f"bad node {node!r}")
print(evaluate(("+", 1, ("*", 2, ("neg", 3)))), evaluate(("sum", 1, 2, ("sum",), 4.5)))
try:
    evaluate(("/", 1, 2))
except ValueError as e:
    print(e)
# ---
def status(resp):
    match resp:
        case {"status": 200 | 201 as code, "data": {"items": [first, *_]}}:
            return f"{code} first={first}"
        case {"status": 200, "data": {"items": []}}:
            return "empty"
        case {"status": code} if 400 <= code < 500:
            return f"client error {code}"
        case {"status": code, "error": {"message": msg}}:
            return f"{code}: {msg}"
        case {"status": code}:
            return f"other {code}"
        case _:
            return "no status"
for r in [{"status": 201, "data": {"items": ["a", "b"]}}, {"status": 200, "data": {"items": []}}, {"status": 404},
          {"status": 500, "error": {"message": "boom"}}, {"status": 302, "error": "x"}, {}]:
    print(status(r))
# ---
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
def warm(c):
    match c:
        case Color.RED:
            return "warm"
        case Color.GREEN | Color.BLUE:
            return "cool"
print([warm(c) for c in Color])
# ---
def kind(x):
    match x:
        case bool():
            return "bool"
        case int():
            return "int"
        case str() | bytes():
            return "text"
        case list() | tuple():
            return "seq"
        case dict():
            return "map"
        case set() | frozenset():
            return "set"
    return type(x).__name__
print([kind(v) for v in [True, 1, "s", b"b", [1], (1,), {}, {1}, frozenset(), 1.5, None]])
# ---
def m(v):
    match v:
        case "abc":
            return "exact str"
        case [a, b, c]:
            return f"seq3 {a}{b}{c}"
        case _:
            return "no"
print(m("abc"), m("xyz"), m(b"xyz"), m(range(3)), m(iter([1, 2, 3])))
# ---
def f(d):
    match d:
        case {"a": 1, **rest}:
            return rest
        case {"b": None}:
            return "b none"
    return "miss"
from collections import defaultdict, OrderedDict
dd = defaultdict(int, {"a": 1})
print(f({"a": 1, "c": 2, "d": 3}), f({"b": None, "z": 1}), f({"b": 0}), f(dd), f(OrderedDict(a=1, x=9)), dict(dd))
# ---
def g(x):
    match x:
        case (1, 2) | [3, 4]:
            return "pair"
        case (a, b) if a == b:
            return f"twin {a}"
        case (a, (b, c)):
            return f"nested {a}{b}{c}"
        case 1.0:
            return "one float"
        case -1:
            return "minus one"
    return None
print([g(v) for v in [(1, 2), [1, 2], (3, 4), (5, 5), (1, (2, 3)), 1, 1.0, True, -1, "ab"]])
# ---
x = 5
match x:
    case 1:
        print("one")
    case n if n > 3:
        print("big", n)
print(n)
# ---
match {"user": {"name": "ada", "roles": ["admin", "dev"]}}:
    case {"user": {"name": str(name), "roles": [*roles]}} if "admin" in roles:
        print(f"{name} is admin among {roles}")
    case _:
        print("nobody")
# ---
def describe(p):
    match p:
        case {"kind": "circle", "r": float(r) | int(r)}:
            return round(3.14159 * r * r, 2)
        case {"kind": "rect", "w": w, "h": h}:
            return w * h
        case {"kind": k}:
            raise ValueError(f"unsupported kind {k}")
shapes = [{"kind": "circle", "r": 1}, {"kind": "circle", "r": 2.0}, {"kind": "rect", "w": 2, "h": 3}, {"kind": "tri"}, {"kind": "circle", "r": "1"}]
for s in shapes:
    try:
        print(describe(s))
    except ValueError as e:
        print("error:", e)
# ---
class Foo:
    __match_args__ = ("a",)
    def __init__(self, a, b=0):
        self.a, self.b = a, b
match Foo(1, 2):
    case Foo(1, 2):
        print("two positional")
# raises: TypeError: Foo() accepts 1 positional sub-pattern (2 given)
# ---
def h(v):
    match v:
        case str(x) if x.startswith("#"):
            return ("comment", x[1:].strip())
        case str(x) if "=" in x:
            k, _, val = x.partition("=")
            return ("kv", k.strip(), val.strip())
        case str(x) if not x.strip():
            return ("blank",)
        case str(x):
            return ("raw", x)
print([h(l) for l in "# cfg\nname = ada\n\n  age=3\nplain".split("\n")])
