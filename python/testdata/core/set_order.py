# Set iteration order follows CPython through copies, constructors and dict-view operations.
a = {16, 83, 36, 200, 90, 27}
b = {1, 2, 3, 100, 64}
print(set(a), a.copy(), frozenset(a), a | set(), a ^ {1}, set(a) - {16})
d1 = {k: 1 for k in a}
d2 = {27: 0}
print(d1.keys() - d2.keys(), set(b), b | a, a & b, {x * 7 for x in range(20)})
s = set(range(50))
for i in range(45): s.discard(i)
print(s, set(s), s.copy())
k1 = {"a": 1, "b": 2, "c": 3, "zz": 0, "q": 5}
k2 = {"b": 0, "x": 1, "y": 2}
print(sorted(k1.keys() - k2.keys()), k1.keys() | k2.keys() == set(k1) | set(k2), sorted(k1.keys() ^ k2.keys()), k1.keys() & k2.keys())
print({10, 20, 30}.keys() if False else "", {1: 2}.items() | {(3, 4)}, {7: 1, 70: 2, 700: 3}.keys() - {70}, {8: 0, 16: 0, 24: 0, 1: 0}.keys() ^ {2, 16})
try:
    {}.keys() | 5
except TypeError as e:
    print(e)
old = {k: i for i, k in enumerate([30, 1, 17, 200, 5, 64, 9])}
new = {5: 0, 64: 1, 8: 2}
print("removed", old.keys() - new.keys(), "added", new.keys() - old.keys(), "all", old.keys() | new.keys())
# ---
a = set(range(0, 200, 7))
b = {14, 15, 16, 700, 21}
print(a - b, b - a, a & b, b & a, a ^ b, b ^ a, a | b)
c = {x * 13 % 101 for x in range(60)}
print(c - {1, 2, 3}, c & set(range(30)), frozenset(c) ^ frozenset({5, 500}))
