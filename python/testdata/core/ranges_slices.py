print(list(range(5)), list(range(2, 8)), list(range(10, 0, -3)), list(range(0)), list(range(5, 2)))
# ---
r = range(0, 20, 5)
print(r, len(r), r[1], r[-1], r[1:3], 15 in r, 16 in r, r.index(10), r.count(5))
# ---
print(range(3) == range(0, 3), range(0) == range(5, 2), repr(range(1, 5, 2)), range(4)[::-1])
# ---
range(1, 5, 0)
# raises: ValueError: range() arg 3 must not be zero
# ---
range(3)[5]
# raises: IndexError: range object index out of range
# ---
range(1.5)
# raises: TypeError: 'float' object cannot be interpreted as an integer
# ---
print(len(range(10 ** 12)), range(10 ** 12)[-1], 10 ** 11 in range(10 ** 12))
# ---
s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step, list(range(20))[s], slice(3), slice(None, None, -1))
# ---
print(slice(1, 5).indices(3), slice(None, None, -1).indices(4), slice(-3, None).indices(10))
# ---
a = "abcdefgh"
print(a[1:-1], a[-1:1:-1], a[:0], a[::100], a[-100::3], a[7:100:-1])
# ---
a = list(range(8))
print(a[::-1][::2], a[2:6][::-1], a[slice(2, None)])
# ---
[1, 2, 3][::0]
# raises: ValueError: slice step cannot be zero
# ---
for i in range(3):
    pass
print(i)
# ---
total = 0
for i in range(1, 100, 7):
    total += i
print(total, sum(range(1, 100, 7)), list(range(-5, 5, 4)))
# ---
r = range(5)
it = iter(r)
print(next(it), next(it), list(it), list(r))
# ---
print(type(range(1)).__name__, isinstance(range(1), range), bool(range(0)), bool(range(1)))
# ---
print(min(range(5, 10)), max(range(5, 10)), sorted(range(3), reverse=True), tuple(range(2)))
# ---
print(list(reversed(range(1, 4))), list(enumerate(range(10, 13))), range(2, 10, 3)[1:])
