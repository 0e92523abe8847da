s = {3, 1, 2, 3}
print(sorted(s), len(s), 2 in s, 5 not in s)
# ---
a, b = {1, 2, 3}, {2, 3, 4}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
# ---
a, b = {1, 2, 3}, {2, 3, 4}
print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)), sorted(a.symmetric_difference(b)))
# ---
print({1, 2} <= {1, 2, 3}, {1, 2} < {1, 2}, {1, 2, 3} >= {3}, {1}.issubset([1, 2]), {1, 2}.isdisjoint({3}))
# ---
s = set()
s.add(1); s.add(2); s.add(1)
s.discard(5); s.discard(2)
print(s, len(s))
# ---
set().remove(1)
# raises: KeyError: 1
# ---
set().pop()
# raises: KeyError: 'pop from an empty set'
# ---
print(set(), repr(set()), {1}, repr({"a"}), frozenset(), frozenset([2]))
# ---
f = frozenset([1, 2, 3])
print(sorted(f), 2 in f, hash(f) == hash(frozenset([3, 2, 1])), {f: "ok"}[frozenset({1, 2, 3})])
# ---
f = frozenset([1])
f.add(2)
# raises: AttributeError: 'frozenset' object has no attribute 'add'
# ---
{[1]}
# raises: TypeError: unhashable type: 'list'
# ---
{{1}}
# raises: TypeError: unhashable type: 'set'
# ---
print({1, 2} == {2, 1}, {1, 2} == frozenset({1, 2}), set([1, 1, 2]) == {1, 2}, {1} != {2})
# ---
s = {1, 2, 3}
s |= {4}
s &= {1, 2, 4}
s -= {1}
s ^= {9, 2}
print(sorted(s))
# ---
s = {1, 2, 3}
s.update([4, 5], {6})
s.difference_update({1})
s.intersection_update(range(4, 10))
print(sorted(s))
# ---
print(sorted({x % 3 for x in range(10)}), sorted(set("hello")), len({1, True, 1.0}))
# ---
words = ["b", "a", "b", "c", "a"]
print(sorted(set(words)), len(set(words)), sorted(set(words), key=words.index))
# ---
s = {5}
print(s.pop(), s, s.copy() == s, type(frozenset() | {1}).__name__, type({1} | frozenset()).__name__)
# ---
s = {1, 2}
for x in s:
    s.add(x + 10)
# raises: RuntimeError: Set changed size during iteration
# ---
print(sorted({(1, 2), (1, 2), (2, 1)}), sorted(frozenset("aab")), sorted(set(range(3)) - {0}))
# ---
print(max({3, 7, 1}), min(frozenset([4, 2])), sum({1, 2, 3}), sorted([1, -1, 2], key=abs))
# ---
a = {1, 2}
b = a
b.add(3)
print(sorted(a), a is b, set(a) is a)
