a = [3, 1, 2]
a.append(5); a.insert(0, 9); a.extend([7, 7])
print(a, len(a), a.count(7), a.index(2))
# ---
a = [1, 2, 3, 4, 5]
print(a.pop(), a.pop(0), a, a.remove(3), a)
# ---
a = [5, 2, 8, 1]
a.sort()
b = sorted([5, 2, 8, 1], reverse=True)
a.reverse()
print(a, b)
# ---
a = list(range(10))
print(a[2:5], a[::3], a[-2:], a[:-7], a[::-1][:3], a[8:2:-2])
# ---
a = list(range(6))
a[1:3] = ["x", "y", "z"]
print(a)
a[::2] = [0, 0, 0, 0]
print(a)
del a[1:3]
print(a)
# ---
a = [0, 1, 2, 3]
a[::2] = [9]
# raises: ValueError: attempt to assign sequence of size 1 to extended slice of size 2
# ---
[].pop()
# raises: IndexError: pop from empty list
# ---
[1, 2].remove(3)
# raises: ValueError: list.remove(x): x not in list
# ---
[1, 2].index(3)
# raises: ValueError: 3 is not in list
# ---
[1, 2, 3][3]
# raises: IndexError: list index out of range
# ---
a = [1]
a[5] = 2
# raises: IndexError: list assignment index out of range
# ---
a = [[0] * 3 for _ in range(2)]
b = [[0] * 3] * 2
a[0][0] = 1
b[0][0] = 1
print(a, b)
# ---
a = [1, 2]
b = a
b.append(3)
c = a[:]
c.append(4)
print(a, b, c, a is b, a is c, a == c[:3])
# ---
print([1, 2] + [3], [0] * 4, [1, [2, 3]] == [1, [2, 3]], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [] < [0])
# ---
a = [3, 1, 2]
print(sorted(a), a, min(a), max(a), sum(a), 2 in a, 5 not in a)
# ---
pairs = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(pairs, key=lambda p: p[1]), sorted(pairs, key=lambda p: (-p[1], p[0])))
# ---
a = [1, 2, 3]
a.clear()
print(a, len(a))
a += [4, 5]
a *= 2
print(a)
# ---
a = [1, 2, 3]
b = a.copy()
b[0] = 99
print(a, b, list(a) is a)
# ---
print([x * 2 for x in range(5) if x % 2 == 0], [[i, j] for i in range(2) for j in range(2)])
# ---
a = [1, 2, 3]
a.append(a)
print(a, len(a))
# ---
print(repr([1, "two", 3.0, None, True, [4], (5,), {"6": 6}]))
# ---
a = ["b", "A", "c"]
a.sort(key=str.lower)
print(a)
a.sort(key=str.lower, reverse=True)
print(a)
# ---
[3, "a"].sort()
# raises: TypeError: '<' not supported between instances of 'str' and 'int'
# ---
a = [1, 2, 3, 4]
del a[0]
del a[-1]
print(a)
# ---
a = list(range(5))
print(a.pop(-2), a, a.insert(100, "end"), a, a.insert(-100, "start"), a)
# ---
print(list(), list((1, 2)), list({"a": 1, "b": 2}), list(range(3, 0, -1)), list("ab"))
# ---
stack = []
for ch in "(()())":
    if ch == "(":
        stack.append(ch)
    else:
        stack.pop()
print(stack == [], len(stack))
# ---
records = [{"n": "x", "v": 3}, {"n": "y", "v": 1}, {"n": "z", "v": 2}]
records.sort(key=lambda r: r["v"])
print([r["n"] for r in records])
# ---
data = [5, 3, 5, 1, 3]
seen, uniq = set(), []
for d in data:
    if d not in seen:
        seen.add(d)
        uniq.append(d)
print(uniq)
# ---
a = [1, 2, 3]
x, *rest = a
*init, y = a
print(x, rest, init, y)
# ---
print([1, 2, 3].__getitem__(1), [1] * 0, [None] * 2, len([[]] * 3))
# ---
m = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*m)], [row[1] for row in m], sum(sum(r) for r in m))
# ---
a = [4, 1, 3]
r = a.sort()
print(r, a)
# ---
a = [1, 2, 3]
for i, v in enumerate(a):
    a[i] = v * 10
print(a)
# ---
print(sorted([3, 1, 2], key=None), sorted([[2, 1], [1, 2], [1, 1]]), sorted(["b", "a"], reverse=True))
# ---
print(list.__name__, type([]).__name__, isinstance([], list), [].__class__ is list)
