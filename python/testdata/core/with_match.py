class CM:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None)
        return False
with CM("a") as v:
    print("body", v)
# ---
class CM:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        print("suppressing", et.__name__, ev)
        return True
with CM():
    raise ValueError("boom")
print("after")
# ---
class CM:
    def __init__(self, n):
        self.n = n
    def __enter__(self):
        print("in", self.n)
        return self.n
    def __exit__(self, *a):
        print("out", self.n)
with CM(1) as a, CM(2) as b:
    print(a + b)
# ---
class CM:
    def __enter__(self):
        return 1
    def __exit__(self, et, ev, tb):
        print("exit sees", et.__name__)
with CM():
    {}["missing"]
# raises: KeyError: 'missing'
# ---
class CM:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        print("cleanup")
def f():
    with CM():
        return "returned"
print(f())
# ---
class CM:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        print("exit")
for i in range(3):
    with CM():
        if i == 1:
            break
        print("iter", i)
# ---
def classify(v):
    match v:
        case 0:
            return "zero"
        case 1 | 2:
            return "small"
        case int(n) if n < 0:
            return "negative"
        case str():
            return "string"
        case _:
            return "other"
print([classify(x) for x in [0, 2, -4, "s", 9.5]])
# ---
def shape(p):
    match p:
        case (0, 0):
            return "origin"
        case (x, 0):
            return f"x-axis {x}"
        case [x, y]:
            return f"point {x},{y}"
        case [x, y, *rest]:
            return f"long {len(rest)}"
    return "none"
print(shape((0, 0)), shape((3, 0)), shape([1, 2]), shape([1, 2, 3, 4]), shape("ab"))
# ---
def handle(msg):
    match msg:
        case {"type": "call", "name": name, **rest}:
            return f"call {name} {sorted(rest)}"
        case {"type": "error", "code": 404 | 410 as code}:
            return f"gone {code}"
        case {"type": t}:
            return f"unknown {t}"
        case _:
            return "bad"
print(handle({"type": "call", "name": "f", "a": 1}), handle({"type": "error", "code": 410}), handle({"type": "x"}), handle(3))
# ---
class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
def where(p):
    match p:
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y):
            return f"y={y}"
        case Point(x, y) if x == y:
            return "diag"
        case Point():
            return "somewhere"
print(where(Point(0, 0)), where(Point(0, 5)), where(Point(2, 2)), where(Point(1, 3)))
# ---
x = 5
match x:
    case 1:
        print("one")
print("no case matched")
# ---
import math
print(math.floor(3.5))
from math import sqrt, pi as PI
print(sqrt(9), round(PI, 3))
# ---
import json
print(json.dumps({"a": [1, 2.5, None, True], "b": "x"}), json.loads('{"k": [1, {"n": null}]}'))
# ---
import json
print(json.dumps({"b": 1, "a": 2}, sort_keys=True), json.dumps([1, 2], indent=2), json.dumps("é"), json.dumps("é", ensure_ascii=False))
