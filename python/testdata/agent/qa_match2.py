def probe(subject):
    x = y = "unset"
    match subject:
        case [x, 2]:
            r = "A"
        case {"a": x, "b": 2}:
            r = "B"
        case [[x], 2]:
            r = "C"
        case (x, 1) | (1, x) if x == "never":
            r = "D"
        case [y, *_] if False:
            r = "E"
        case _:
            r = "none"
    return r, x, y
print([probe(s) for s in ([1, 3], {"a": 5, "b": 3}, [[7], 9], (9, 1), [4, 5], [1, 2], {"a": 0, "b": 2})])
# ---
from dataclasses import dataclass
@dataclass
class P:
    x: int
    y: int
def f(s):
    a = b = None
    match s:
        case P(x=a, y=0):
            return "on x", a, b
        case P(a, b) if a == b:
            return "diag", a, b
        case P():
            return "other", a, b
print([f(P(1, 0)), f(P(2, 2)), f(P(3, 4))])
# ---
def g(v):
    match v:
        case int(n) | float(n) if n < 0:
            return f"neg {n}"
        case dict(d) if "k" in d:
            return f"dict with k={d['k']}"
        case list(l) | tuple(l):
            return f"seq len {len(l)}"
        case str(s) if s.isdigit():
            return int(s)
        case bytes(b):
            return b.decode()
        case bool(b):
            return f"bool {b}"
        case _:
            return "?"
print([g(x) for x in [-1, -2.5, 3, {"k": 1}, {"j": 1}, [1, 2], (1,), "42", "x", b"hi", True, False]])
# ---
import math
from enum import Enum
class Color(Enum):
    RED = "r"
    BLUE = "b"
def h(v):
    match v:
        case {1: x}:
            return f"int key {x}"
        case {Color.RED: x}:
            return f"enum key {x}"
        case math.pi:
            return "pi"
        case Color.BLUE:
            return "blue"
        case {**rest} if not rest:
            return "empty mapping"
        case {**rest}:
            return f"mapping {sorted(rest, key=str)}"
print([h(v) for v in [{1: "a", 2: "b"}, {Color.RED: 5}, math.pi, Color.BLUE, {}, {"z": 1, "y": 2}, "b"]])
# ---
def seq(v):
    match v:
        case []:
            return "empty"
        case [_]:
            return "one"
        case [_, _, *rest] if len(rest) > 2:
            return f"long {len(rest)}"
        case [first, *middle, last]:
            return f"{first}..{last} ({len(middle)})"
        case _:
            return "not seq"
print([seq(v) for v in [[], (), [1], "ab", b"ab", {"a": 1}, [1, 2], (1, 2, 3), list(range(7)), range(3), bytearray(b"xy")]])
# ---
def cmd(line):
    match line.split():
        case ["get", key]:
            return ("get", key)
        case ["set", key, value] if value.isdigit():
            return ("set", key, int(value))
        case ["set", key, *values]:
            return ("set", key, " ".join(values))
        case ["del", *keys] if keys:
            return ("del", tuple(keys))
        case [verb, *_]:
            return ("unknown", verb)
        case []:
            return ("empty",)
print([cmd(l) for l in ["get a", "set b 12", "set c hello world", "del x y", "del", "ping", ""]])
# ---
results = []
for item in [{"kind": "user", "id": 1}, {"kind": "group", "members": [{"kind": "user", "id": 2}, {"kind": "user", "id": 3}]}, {"kind": "bot"}]:
    match item:
        case {"kind": "user", "id": int(uid)}:
            results.append(uid)
        case {"kind": "group", "members": [*members]}:
            for m in members:
                match m:
                    case {"id": uid}:
                        results.append(uid * 10)
        case other:
            results.append(other.get("kind"))
print(results)
# ---
class Shape:
    __match_args__ = ("kind",)
    def __init__(self, kind, **attrs):
        self.kind = kind
        self.__dict__.update(attrs)
def area(s):
    match s:
        case Shape("circle", r=r):
            return round(3.14159 * r * r, 3)
        case Shape("rect", w=w, h=h):
            return w * h
        case Shape(kind=k):
            return f"unknown {k}"
print([area(s) for s in [Shape("circle", r=2), Shape("rect", w=2, h=5), Shape("rect", w=1), Shape("tri")]])
# ---
def f(x):
    match x:
        case 1 | 2 | 3 as small:
            return f"small {small}"
        case [1 | 2 as a, (3 | 4) as b]:
            return f"pair {a} {b}"
        case str() as s if len(s) > 3:
            return "long str"
        case (str() | bytes()) as t:
            return f"short {type(t).__name__}"
    return "no"
print([f(v) for v in [2, [1, 4], [2, 5], "hello", "hi", b"x", 9]])
# ---
import re
def route(path):
    match path.strip("/").split("/"):
        case ["users"]:
            return "list users"
        case ["users", uid] if uid.isdigit():
            return f"user {int(uid)}"
        case ["users", uid, "posts", *rest]:
            return f"posts of {uid} {rest}"
        case ["static", *parts] if parts and re.fullmatch(r"[\w.]+", parts[-1]):
            return "/".join(parts)
        case _:
            return "404"
print([route(p) for p in ["/users", "/users/42", "/users/x", "/users/7/posts/3/edit", "/static/css/a.css", "/static/", "/nope"]])
# ---
x = 0
match x:
    case 0:
        pass
    case _:
        pass
match (1, 2):
    case (a, b):
        print(a + b)
match {"k": [1, {"n": None}]}:
    case {"k": [_, {"n": None as nothing}]}:
        print("found none", nothing)
# ---
def m(v):
    match v:
        case True:
            return "True"
        case 1:
            return "one"
        case 1.0:
            return "float one"
        case False:
            return "False"
        case 0:
            return "zero"
    return "?"
print([m(v) for v in [True, 1, 1.0, False, 0, 0.0, None]])
