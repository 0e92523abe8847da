# sum() keeps an int total unboxed while it fits in int64: the total must
# become a big int exactly where it overflows, come back to the general
# path for floats, bools and other types, and keep CPython's errors.
assert sum([1, 2, 3]) == 6
assert sum([2**62, 2**62, 2**62, -2**63]) == 2**62
assert sum([-2**63, -1, 1]) == -2**63
assert sum([2**63 - 1, 1]) == 2**63
assert sum([-2**63, -1]) == -2**63 - 1
assert sum([True, True, 3]) == 5
assert type(sum([True, False])) is int
assert sum([1, 2.5, 3]) == 6.5
assert sum([1.5, 2, 3], 10) == 16.5
assert sum([], 7) == 7
assert sum([], 2**70) == 2**70
assert sum([1, 2], 2**70) == 2**70 + 3
assert sum([[1], [2]], []) == [1, 2]
assert sum(x for x in range(10**5)) == 4999950000
assert sum([1, 2**64, -2**64, 5]) == 6
assert type(sum([1, 2**64, -2**64, 5])) is int
assert sum(range(-5, 5), start=3) == -2
try:
    sum([1, "a"])
except TypeError as e:
    assert str(e) == "unsupported operand type(s) for +: 'int' and 'str'", e
else:
    raise AssertionError("no TypeError")
