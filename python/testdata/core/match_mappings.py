def route(req):
    match req:
        case {"method": "GET", "path": path}:
            return f"get {path}"
        case {"method": "POST", "path": path, "body": {"id": int(ident)}}:
            return f"post {path} id={ident}"
        case {"method": method, **rest} if rest:
            return f"{method} with {sorted(rest.items())}"
        case {"method": method}:
            return f"bare {method}"
        case {}:
            return "some mapping"
    return "not a mapping"
print(route({"method": "GET", "path": "/a", "extra": 1}))
print(route({"method": "POST", "path": "/b", "body": {"id": 7, "x": 0}}))
print(route({"method": "POST", "path": "/b", "body": {"id": "7"}}))
print(route({"method": "PUT"}))
print(route({"x": 1}))
print(route([("method", "GET")]))
# ---
# **rest is a new dict without the matched keys; the subject is untouched.
d = {"a": 1, "b": 2, "c": 3}
match d:
    case {"b": 2, **rest}:
        rest["z"] = 26
        print(rest, d, type(rest).__name__)
match {}:
    case {**empty}:
        print("empty rest", empty)
# ---
# Keys are looked up with get(): a defaultdict does not grow.
import collections
dd = collections.defaultdict(list, {"a": [1]})
match dd:
    case {"missing": _}:
        print("no")
    case {"a": [x]}:
        print("found", x, sorted(dd))
c = collections.Counter("hello")
match c:
    case {"l": 2, "h": n}:
        print("counter", n)
od = collections.OrderedDict(x=1)
match od:
    case {"x": 1, **rest}:
        print("ordered", rest)
# ---
class Keys:
    A = "a"
    ONE = 1
def look(m):
    match m:
        case {Keys.A: v, Keys.ONE: w}:
            return (v, w)
        case {1.0: v}:
            return ("float key", v)
        case {None: v, True: w}:
            return ("none/true", v, w)
    return None
print(look({"a": "x", 1: "y"}), look({1: "z"}), look({None: 0, True: 1}), look({None: 0, 1: 2}))
# ---
# A mapping pattern needs at least as many keys as it names.
def small(m):
    match m:
        case {"a": _, "b": _}:
            return "both"
        case {"a": _}:
            return "a only"
    return "none"
print(small({"a": 1}), small({"a": 1, "b": 2, "c": 3}), small({"b": 1}))
# ---
# Two dotted-name keys with the same value: CPython checks at run time.
class K:
    x = "k"
    y = "k"
match {"k": 1, "j": 2}:
    case {K.x: 1, K.y: 1}:
        print("no")
# raises: ValueError: mapping pattern checks duplicate key ('k')
# ---
class M(dict):
    pass
m = M(a=1, b=2)
match m:
    case {"a": 1, **others}:
        print(type(others).__name__, others)
# ---
payloads = [
    {"type": "text", "text": "hi"},
    {"type": "image", "size": [640, 480]},
    {"type": "image", "size": [0, 5]},
    {"type": "audio"},
]
for p in payloads:
    match p:
        case {"type": "text", "text": str() as t}:
            print("text", t)
        case {"type": "image", "size": [w, h]} if w > 0:
            print("image", w * h)
        case {"type": kind}:
            print("unhandled", kind)
