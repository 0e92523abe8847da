def lit(v):
    match v:
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 2.5:
            return "two and a half"
        case "hi" "!":
            return "greeting"
        case b"raw":
            return "bytes"
        case None:
            return "none"
        case True:
            return "true"
        case False:
            return "false"
        case _:
            return "other " + repr(v)
for v in [0, -1, 2.5, "hi!", b"raw", None, True, False, 0.0, 1, "hi", 3]:
    print(repr(v), lit(v))
# ---
# 1 == True, so a literal 1 matches True; the singletons match by identity.
def f(v):
    match v:
        case 1:
            return "one"
        case 0:
            return "zero"
    return "no"
def g(v):
    match v:
        case True:
            return "True"
        case False:
            return "False"
    return "no"
print(f(True), f(False), f(1.0), g(1), g(0), g(True), g(False))
# ---
class Color:
    RED = "red"
    GREEN = "green"
class Palette:
    primary = Color
import math
def name(c):
    match c:
        case Color.RED:
            return "R"
        case Palette.primary.GREEN:
            return "G"
        case math.pi:
            return "pi"
    return "?"
print(name("red"), name("green"), name(math.pi), name("blue"))
# ---
class Eq:
    def __init__(self, tag):
        self.tag = tag
        self.calls = 0
    def __eq__(self, other):
        self.calls += 1
        print("eq", self.tag, other)
        return other == self.tag
e = Eq("x")
match e:
    case 1:
        print("one")
    case "x":
        print("matched x")
print(e.calls)
# ---
# Equality raising inside a literal pattern propagates.
class Bad:
    def __eq__(self, other):
        raise ValueError("no comparing")
match Bad():
    case 1:
        print("one")
# raises: ValueError: no comparing
# ---
import enum
class Shape(enum.Enum):
    CIRCLE = 1
    SQUARE = 2
def area(s, size):
    match s:
        case Shape.CIRCLE:
            return round(3.14159 * size * size, 2)
        case Shape.SQUARE:
            return size * size
print(area(Shape.CIRCLE, 2), area(Shape.SQUARE, 3), area(1, 3))
# ---
def sign(n):
    match n:
        case 0 | 0.0:
            return 0
        case -1 | -2 | -3:
            return "small negative"
        case _ if n < 0:
            return -1
        case _:
            return 1
print(sign(0), sign(-0.0), sign(-2), sign(-10), sign(7))
