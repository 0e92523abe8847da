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
