# Subclasses of builtins and the collections types.
class T(tuple):
    pass
match T((1, 2)):
    case [a, b]:
        print("tuple subclass", a, b)
    case _:
        print("not matched")
# ---
class S(str):
    pass
match S("ab"):
    case [a, b]:
        print("str seq?!")
    case S(x):
        print("str self", x, type(x).__name__)
# ---
# A dict subclass's own get() is used to look keys up.
class D(dict):
    def get(self, k, default=None):
        print("custom get", k)
        return super().get(k, default)
match D(a=1):
    case {"a": v}:
        print("v", v)
# ---
import collections
match collections.ChainMap({"a": 1}, {"b": 2}):
    case {"b": b, **rest}:
        print("chain", b, rest)
match collections.UserList([1, 2]):
    case [x, *_]:
        print("userlist", x)
match collections.UserDict(k=3):
    case {"k": k}:
        print("userdict", k)
