calls = []
def check(x):
    calls.append(x)
    return x > 2
print(any(check(x) for x in [1, 3, 5]), calls)
calls.clear()
print(all(check(x) for x in [3, 1, 5]), calls)
# ---
it = iter([1, 2, 3, 0, 4])
print(list(iter(lambda: next(it), 0)))
# ---
print(list(map(pow, [2, 3], [3, 2])), list(map(lambda *a: sum(a), [1, 2], [10, 20], [100, 200])))
# ---
print(list(zip("abc", range(10), [True, False])), list(zip(*["ab", "cd", "ef"])))
# ---
print(sorted([("a", 2), ("b", 1), ("c", 2), ("d", 1)], key=lambda t: t[1], reverse=True))
# ---
print(min([3, 1, 2], key=lambda x: -x), max([], key=len, default=None), min((4, 5), (4, 3)), max("a", "B", key=str.upper))
# ---
print(round(-2.5), round(-3.5), round(2.675, 2), round(-0.125, 2), round(1e20), round(12345.6789, -2), round(-17, -1))
# ---
print(divmod(-7.5, 2), divmod(7, -2.5), divmod(0, 3), divmod(10 ** 20, 7))
# ---
print(pow(3, -1, 7), pow(-2, 3, 5), pow(2, 0.5), pow(-8, 1 / 3) if False else "skip", pow(0.0, 0))
# ---
print(abs(True), abs(-0.0), abs(-(2 ** 70)), abs(float("-inf")))
# ---
print(hex(-(2 ** 64)), oct(2 ** 65), bin(-(2 ** 40)), hex(True), bin(False))
# ---
print([ord(c) for c in "aé€😀"], "".join(chr(c) for c in [72, 105, 0x1F600]), chr(0), repr(chr(127)), repr(chr(160)))
# ---
print(isinstance(True, (str, (list, (bool,)))), isinstance(1.0, (int, float)), issubclass(bool, (str, int)))
# ---
class A:
    @property
    def boom(self):
        raise ValueError("not swallowed")
try:
    hasattr(A(), "boom")
except ValueError as e:
    print("hasattr propagated", e)
# ---
class A:
    @property
    def missing(self):
        raise AttributeError("gone")
print(hasattr(A(), "missing"), getattr(A(), "missing", "default"))
# ---
print(list(reversed({"a": 1, "b": 2})), list(reversed({"a": 1, "b": 2}.items())), list(reversed(range(0, 10, 3))))
# ---
print(sum([0.1] * 10) == 1.0, sum([1, 2.5]), sum([[1], [2, 3]], []), sum(range(5), -10))
# ---
print(str(1e16), str(1.0e-4), repr(0.1 + 0.2), repr(1 / 3), float("1e500"), float("-1e500"), str(-0.0))
# ---
print("%.1f %.1f %.1f %.2f" % (0.25, 0.35, 0.05, 2.675), round(0.25, 1), round(0.35, 1))
# ---
print(int("0x1f", 16), int("1_000", 0), int("0b11", 0), int(" -0o17 ", 0), int("Z", 36), int(b"42"))
# ---
int("010", 0)
# raises: ValueError: invalid literal for int() with base 0: '010'
# ---
print(float(" 1_000.5 "), float("-.5e1"), float("+inf"), float("NaN") != 0, float(b"2.5"))
# ---
print(enumerate("ab").__next__(), next(zip("a", "b")), next(map(str.upper, "q")), next(filter(None, [0, 7])))
# ---
print(type(iter([])).__name__, type(iter(())).__name__, type(iter("")).__name__, type(iter({})).__name__, type(reversed([])).__name__)
# ---
print(callable(print), callable(str.upper), callable([].append), callable(object), callable(object()))
# ---
print(slice(1, 2) == slice(1, 2), repr(slice(None)), slice(0, 10, 2).indices(5), "abcdef"[slice(-2, None)])
# ---
r = range(10, 0, -2)
print(list(r), 4 in r, 5 in r, r.index(6), r[1:3], len(r), r[-1], reversed(r).__next__())
# ---
d = {"a": [1, 2]}
d["self"] = d
print(d)
l = [1]
l.append([l])
print(l)
# ---
print(ascii("naïve ☃"), ascii(b"\xff"), ascii(["é"]), repr("\u200b"), repr("\U0001f600"))
# ---
print(format(1234567.891, ",.2f"), format(-0.5, "+.0f"), format(1e-10, ".2%"), format(123, "=+10"), format(42, "^+9d"))
# ---
print(format(3, "b"), format(-3, "#b"), format(255, "X"), format(255, "#o"), format(65, "c"), format(1.5, "e"))
# ---
print(bool(float("nan")), bool(-0.0), bool(range(1, 1)), bool(b"\x00"), bool(" ".strip()))
# ---
print(list(filter(lambda s: s.strip(), ["a", " ", "", "b "])), list(map(str.strip, [" a ", "b "])))
# ---
print(dict(sorted({"b": 1, "a": 2}.items())), sorted({3: "c", 1: "a"}.items()), sorted([[2, "b"], [1, "z"], [2, "a"]]))
# ---
nums = [5, 3, 8, 1]
print(sorted(nums)[len(nums) // 2], sum(nums) / len(nums), max(nums) - min(nums), sorted(nums, reverse=True)[:2])
# ---
print(max(1, 2, 3, key=lambda x: x % 3), min("ccc", "a", "bb", key=len), max([1, 2], [1, 2, 0]), min([(1, "b"), (1, "a")]))
# ---
print(type(None)(), type(0)(), type("")(), type([])(), type(())(), type({})(), type(0.0)(), type(False)())
# ---
zip([1], [2], strict=True)
print(list(zip([1, 2], [3, 4], strict=True)))
list(zip([1], [2, 3], strict=True))
# raises: ValueError: zip() argument 2 is longer than argument 1
# ---
next(iter([]))
# raises: StopIteration
# ---
print(next(iter([]), None), next(iter("a")), next(reversed([1, 2])))
# ---
getattr(object(), "x")
# raises: AttributeError: 'object' object has no attribute 'x'
# ---
object().x = 1
# raises: AttributeError: 'object' object has no attribute 'x'
# ---
setattr(1, "x", 2)
# raises: AttributeError: 'int' object has no attribute 'x'
# ---
chr(1114112)
# raises: ValueError: chr() arg not in range(0x110000)
# ---
chr("a")
# raises: TypeError: 'str' object cannot be interpreted as an integer
# ---
sorted([1, 2], reverse=None)
# raises: TypeError: 'NoneType' object cannot be interpreted as an integer
# ---
min()
# raises: TypeError: min expected at least 1 argument, got 0
# ---
enumerate(5)
# raises: TypeError: 'int' object is not iterable
