print("a", 1, None, sep="|", end="!\n")
print()
print("x", end="")
print("y")
print(*[], sep="-")
print("multi", "args", sep="")
# ---
print(len("abc"), len([1, 2]), len({"a": 1}), len(range(5)), len(b"xy"), len({1, 2, 2}), len((1,)))
# ---
print(list(enumerate("ab")), list(enumerate("ab", start=1)), dict(enumerate("xy", 10)))
# ---
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1], [2], [3])), dict(zip("ab", [1, 2])))
# ---
zip([1, 2], [1], strict=True)
list(zip([1, 2], [1], strict=True))
# raises: ValueError: zip() argument 2 is shorter than argument 1
# ---
print(list(map(str, [1, 2])), list(map(lambda a, b: a * b, [1, 2], [3, 4, 5])), list(map(len, ["ab", ""])))
# ---
print(list(filter(None, [0, 1, "", "a", None, []])), list(filter(lambda x: x > 1, [1, 2, 3])), list(filter(str.isdigit, "a1b2")))
# ---
print(sorted([3, 1, 2]), sorted("bca"), sorted({"b": 1, "a": 2}), sorted([-3, 2, -1], key=abs), sorted([1, 2], reverse=True))
# ---
data = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(data, key=lambda t: t[1]), sorted(data, key=lambda t: t[1], reverse=True))
# ---
print(list(reversed([1, 2, 3])), "".join(reversed("abc")), list(reversed(range(3))), list(reversed((1, 2))))
# ---
reversed({1, 2})
# raises: TypeError: 'set' object is not reversible
# ---
print(min(3, 1, 2), max("apple", "fig", key=len), min([], default="empty"), max([4, 9], default=0), min("bca"), max([[1, 2], [1, 3]]))
# ---
print(max([("a", 3), ("b", 5)], key=lambda t: t[1]), min({"x": 3, "y": 1}.items(), key=lambda kv: kv[1]))
# ---
print(max([1, 3, 3], key=lambda x: x), max(["b", "a", "b"], key=lambda s: 0), min([2, 1, 1]))
# ---
print(sum([1, 2, 3]), sum([1, 2], 10), sum([0.1, 0.2]), sum([[1], [2]], []), sum(()), sum([True, True]))
# ---
print(any([]), all([]), any([0, "", 1]), all([1, "a", [0]]), any(x > 2 for x in [1, 2]), all(x for x in [1, 0]))
# ---
print(abs(-3), abs(-2.5), abs(True), abs(-10 ** 20))
# ---
print(round(2.567, 1), round(-0.5), round(1.45, 1), round(10 ** 20 + 0.0), round(15, -1), round(25, -1))
# ---
print(divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), divmod(-7.5, 2))
# ---
print(pow(2, 10), pow(2.0, 3), pow(2, -2), pow(5, 3, 7), pow(0, 0))
# ---
print(int("7"), int(7.9), int("-0"), int(" 12 "), int("1010", 2), int("Z", 36), int())
# ---
print(float("1.5"), float(2), float(), float("  -1e-3 "), float("nan") != float("nan"))
# ---
print(str(5), str(), str(b"x"), str([None]), str(1.0), str("s"), str(object) == "<class 'object'>")
# ---
print(bool(), bool("x"), bool(0.0), bool([[]]))
# ---
print(bytes(2), bytes([104, 105]), bytes("hé", "utf-8"), bytes(b"a"), bytes())
# ---
print(list(), list("ab"), list((1, 2)), list({1: 2}), list(range(2)), list(x for x in "z"))
# ---
print(tuple(), tuple([1]), tuple("ab"), tuple({"k": 1}))
# ---
print(dict(), dict(a=1), dict([("a", 1)]), dict({"a": 1}, b=2), dict(zip("ab", "xy")))
# ---
print(sorted(set("hello")), set(), sorted(set([3, 1, 3])), sorted(frozenset("aba")), frozenset())
# ---
print(type(1), type("s"), type([]), type(None), type(type), type(1.5).__name__, type(print).__name__)
# ---
print(isinstance(1, int), isinstance("s", (int, str)), isinstance(True, int), isinstance(1, float), isinstance([], (tuple, list)), isinstance(None, type(None)))
# ---
print(issubclass(bool, int), issubclass(int, object), issubclass(list, (str, list)), issubclass(dict, list))
# ---
class A:
    x = 1
    def m(self):
        pass
a = A()
print(hasattr(a, "x"), hasattr(a, "m"), hasattr(a, "y"), getattr(a, "x"), getattr(a, "y", None))
setattr(a, "y", 5)
print(a.y, getattr(A, "x"), callable(getattr(a, "m")))
# ---
print(callable(len), callable(lambda: 0), callable(int), callable("s"), callable(None))
# ---
it = iter([1, 2])
print(next(it), next(it), next(it, "default"))
it2 = iter("ab")
print(list(it2), list(it2))
# ---
print(repr("a"), repr(1), repr([1, "a"]), repr(None), repr(1.0), repr({"k": (1,)}), repr(b"b"), repr("q'\"q"))
# ---
print(ascii("é"), ascii("abc"), ascii(["ü", 1]), ascii("☃"), ascii("😀"))
# ---
print(chr(97), chr(8364), ord("a"), ord("€"), ord("\n"), [chr(c) for c in range(65, 70)])
# ---
print(hex(0), hex(10), hex(-1), oct(64), bin(-5), bin(255))
# ---
print(format(1.2345, ".2f"), format(42), format("s", "^5"), format(10, "b"))
# ---
print(hash(1) == hash(1), hash("s") == hash("s"), hash(None) == hash(None), hash(1.5) == hash(1.5))
# ---
class C:
    def __init__(self):
        self.a = 1
        self.b = 2
print(vars(C()), sorted(k for k in vars(C) if not k.startswith("__")))
# ---
class C:
    z = 1
    def method(self):
        pass
names = dir(C())
print("z" in names, "method" in names, "__init__" in names, names == sorted(names))
# ---
print(type(object()).__name__, isinstance(object(), object), object.__name__)
# ---
s = slice(1, 5, 2)
print(s.start, s.stop, s.step, "abcdefg"[s], [0, 1, 2, 3, 4, 5][slice(2)])
# ---
print(id(1) == id(1), type(id([])).__name__)
# ---
class A:
    pass
a = A()
b = a
print(id(a) == id(b), id(a) == id(A()), id(a) > 0)
# ---
print(list(map(int, "123")), list(map(str.upper, ["a", "b"])), list(zip(*zip([1, 2], [3, 4]))))
# ---
print(sorted(["b10", "a2", "b9"], key=lambda s: (s[0], int(s[1:]))), sorted([3.5, 1, 2.25]))
# ---
print(list(enumerate([])), next(enumerate("x")), type(enumerate([])).__name__, type(zip()).__name__, type(map(str, [])).__name__)
# ---
print(min(1, 2, key=lambda x: -x), max(range(10), key=lambda x: x % 4), min("aBc", key=str.lower))
# ---
print(sum(range(10), start=5), round(0.125, 2), round(0.375, 2), abs(-0.0))
# ---
print(isinstance(int, type), isinstance(type, type), type(int) is type, issubclass(type, object))
# ---
print(str.__name__, int.__name__, len.__name__, type(len).__name__, print.__name__)
# ---
print(all(isinstance(x, int) for x in [1, 2, True]), any(isinstance(x, str) for x in [1, None]))
# ---
sorted([1, 2], key=lambda: 0)
# raises: TypeError: <lambda>() takes 0 positional arguments but 1 was given
# ---
print(getattr([], "append").__name__, getattr("", "upper")(), getattr({}, "get")("k", "fallback"))
# ---
print(type("X", (), {"a": 1}).a, type("Y", (object,), {})().__class__.__name__)
# ---
class Parent:
    pass
class Child(Parent):
    pass
print(issubclass(Child, Parent), isinstance(Child(), Parent), Child.__bases__ == (Parent,), type(Child()) is Child)
# ---
it = iter(range(3))
print(next(it), list(zip(it, it)))
# ---
print(int(True) + int("3") + int(2.9) + int(-2.9), float("  .5"), float("5."), float("1_0.5"))
# ---
print(max(1, 2.5), min(-1, -1.0), max([1, 1.0]), type(max(1, 1.0)).__name__)
