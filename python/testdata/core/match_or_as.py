def kind(v):
    match v:
        case "a" | "e" | "i" | "o" | "u":
            return "vowel"
        case str(c) if len(c) == 1:
            return "consonant"
        case [x] | (x, None) | {"only": x}:
            return f"wrapped {x!r}"
        case (int() | float()) as n:
            return f"number {n}"
    return "?"
print([kind(v) for v in ["a", "b", ["z"], (5, None), {"only": 1}, 3, 2.5, (1, 2), "xy"]])
# ---
# Alternatives may bind the same names in a different order.
def swap(v):
    match v:
        case (a, b, "ab") | (b, a, "ba"):
            return a, b
print(swap((1, 2, "ab")), swap((1, 2, "ba")), swap((1, 2, "x")))
# ---
def nest(v):
    match v:
        case [1 | 2 as small, (3 | 4) as mid] as whole:
            return small, mid, whole
        case {"k": [*xs] as lst} as m:
            return xs, lst is m["k"]
    return None
print(nest([2, 4]), nest([1, 5]), nest({"k": [1, 2]}))
# ---
# A failed pattern binds nothing, even when part of it matched.
x = "before"
match (1, 2):
    case (x, 3):
        print("no")
    case _:
        print("x is", x)
# ---
# A guard runs after the names are bound; when it fails they stay bound.
def g(v):
    print("guard sees", v)
    return False
match [5, 6]:
    case [a, b] if g(a + b):
        print("no")
    case _:
        print("bound anyway", a, b)
# ---
# Guards run in order, only for cases whose pattern matched.
log = []
def check(name, result):
    log.append(name)
    return result
match 3:
    case 1 if check("one", True):
        pass
    case int() if check("int", False):
        pass
    case 3 if check("three", True):
        log.append("body")
    case _ if check("default", True):
        pass
print(log)
# ---
def default_guard(v):
    match v:
        case 0:
            return "zero"
        case _ if v > 0:
            return "positive"
    return "negative"
print(default_guard(0), default_guard(3), default_guard(-3))
# ---
# A capture pattern is fine when it is last or guarded.
def f(v):
    match v:
        case int(n) if n > 10:
            return "big"
        case [n]:
            return "list"
        case n:
            return f"caught {n}"
print(f(11), f([1]), f(3))
# ---
# Patterns in nested functions bind locals; closures see them.
def outer(v):
    match v:
        case {"f": fn, "arg": arg}:
            return lambda: fn(arg)
    return None
print(outer({"f": str.upper, "arg": "shout"})())
# ---
def gen(items):
    for item in items:
        match item:
            case ("skip", *_):
                continue
            case ("stop",):
                break
            case ("emit", value):
                yield value
            case ("emit2", a, b):
                yield a
                yield b
print(list(gen([("emit", 1), ("skip", 9), ("emit2", 2, 3), ("stop",), ("emit", 4)])))
# ---
# An exception raised after a capture leaves the capture unbound.
NotAType = "a string, not a class"
def probe(v):
    try:
        match v:
            case [x, NotAType(y)]:
                pass
    except TypeError as e:
        print("raised", e)
    try:
        return x
    except NameError as e:
        return "unbound: " + str(e)
print(probe([1, 2]))
print(probe((1,)))
# ---
# Captures made before a failing test are not bound, at any depth.
def attempt(v):
    got = []
    match v:
        case {"a": [first, *_], "b": 2}:
            got.append(first)
        case _:
            pass
    return got, "first" in dir()
print(attempt({"a": [1, 2], "b": 3}), attempt({"a": [1], "b": 2}))
