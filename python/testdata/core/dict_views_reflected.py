# Keys and items views as the right operand of |, &, -, ^ and of
# comparisons with sets; str() decoding a bytearray (outside corpus R7).
d = {1: "a", 2: "b", 3: "c"}
print({} | {}.keys(), sorted([4, 1] | d.keys()), sorted((5, 1) - d.keys()), sorted([1, 9] ^ d.keys()))
print(sorted({2: 0, 7: 0} & d.keys()), sorted(d.keys() & [3, 3, 8]), sorted(d.keys() & {2: 0}))
print(sorted({(1, "a"): 0} | d.items()), sorted([(2, "b"), (2, "x")] & d.items()))
print({1, 2, 3} == d.keys(), d.keys() == {1, 2, 3}, {1} != d.keys(), frozenset([1, 2, 3]) == d.keys())
print({1, 2} < d.keys(), {1, 2, 3, 4} > d.keys(), d.keys() <= {1, 2, 3}, d.keys() >= d.keys(), {(1, "a")} <= d.items())
try:
    1 | d.keys()
except TypeError as e:
    print("TypeError", e)
try:
    d.keys() & 1
except TypeError as e:
    print("TypeError", e)
try:
    d.keys() < [1]
except TypeError as e:
    print("TypeError", e)
try:
    d.values() | {1}
except TypeError as e:
    print("TypeError", e)
class K:
    def __ror__(self, other):
        return "K.__ror__"
    def __or__(self, other):
        return "K.__or__"
print(K() | d.keys(), d.keys() | [K()] != set())
# ---
print(str(bytearray(b"abc"), "ascii"), str(bytearray(b"a\xffb"), "utf-8", "replace"), str(bytearray(b"xy"), encoding="utf-8"))
class BA(bytearray):
    pass
class B(bytes):
    pass
print(str(BA(b"sub"), "utf-8"), str(B(b"bsub"), "ascii"))
try:
    str(bytearray(b"ab\xc0a"), "utf8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
try:
    str([1], "utf-8")
except TypeError as e:
    print("TypeError", e)
