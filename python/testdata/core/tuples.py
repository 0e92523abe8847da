t = (1, 2, 3)
print(t, t[0], t[-1], t[1:], len(t), t + (4,), t * 2, 2 in t)
# ---
print((), (1,), tuple(), tuple([1, 2]), tuple("ab"), type(()).__name__, repr((1,)))
# ---
t = (1, 2)
t[0] = 5
# raises: TypeError: 'tuple' object does not support item assignment
# ---
a, b = 1, 2
a, b = b, a
print(a, b)
# ---
t = 1, 2, 3
x, y, z = t
print(x + y + z, t.count(2), t.index(3))
# ---
a, b = (1, 2, 3)
# raises: ValueError: too many values to unpack (expected 2)
# ---
a, b, c = (1, 2)
# raises: ValueError: not enough values to unpack (expected 3, got 2)
# ---
(a, (b, c)), d = (1, (2, 3)), 4
print(a, b, c, d)
# ---
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, "a") == (1, "a"))
# ---
print(hash((1, 2)) == hash((1, 2)), {(1, 2): "pt"}[(1, 2)], (1, [2]) != (1, [3]))
# ---
hash((1, [2]))
# raises: TypeError: unhashable type: 'list'
# ---
t = ([1],)
t[0].append(2)
print(t)
# ---
first, *middle, last = range(6)
print(first, middle, last)
# ---
for a, b in [(1, "x"), (2, "y")]:
    print(a, b)
# ---
def mm(seq):
    return min(seq), max(seq)
lo, hi = mm([4, 9, 1])
print(lo, hi, mm("hello"))
# ---
(1, 2).index(5)
# raises: ValueError: tuple.index(x): x not in tuple
# ---
print(tuple(x * x for x in range(4)), sorted((3, 1, 2)), tuple(reversed((1, 2, 3))))
# ---
print(((1, 2), (3, 4))[1][0], [(i, c) for i, c in enumerate("ab")], dict([(1, 2), (3, 4)]))
# ---
t = (1, 2, 3)
print(t[::-1], t[5:], t[-2], t.__len__(), (1, 2, 3) is not t or True)
# ---
print(str((1, "a", None)), repr(((),)), ((1,),), (1, (2, (3, ()))))
