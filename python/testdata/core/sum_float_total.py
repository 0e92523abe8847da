# sum() keeps a float total unboxed, adding floats and ints to it as
# CPython 3.11 does (f += item; an int that fits in a C long as (double)
# value; anything else through +): the same sums, rounding, signed zeros,
# infinities and NaNs, and the general path for big ints, bools, float
# subclasses, complex and other types.
print(sum([1, 2.5, 3, 0.1, 0.2, 10**20, 0.3]))
print(sum([0.1] * 10), sum([1e308, 1e308, -1e308]), sum([float('nan'), 1]), sum([float('inf'), -float('inf')]))
print(sum([1.5, True, False, 2]), sum([1, 2.5, 2**70, 1.5]), sum([2**63 - 1, 0.5, 2**63 - 1]))
print(sum((x * 0.1 for x in range(100)), 0.5), sum([], 1.0), sum([1.0, 1j, 2]), sum([0.5, 1, -0.0]))
print(sum([-0.0, -0.0]), sum([-0.0], -0.0), sum([0.0, -0.0]), sum([], -0.0), sum([-0.0, 0]))
print(repr(sum([1, 2.0])), repr(sum([2**53 + 1, 0.0])), repr(sum([0.0, 2**53 + 1])), repr(sum([0.5, -2**63])))
class F(float):
    def __add__(self, other):
        return F(float(self) + other)
    __radd__ = __add__
print(sum([1.0, F(2.0), 3]), type(sum([1.0, F(2.0), 3])).__name__, type(sum([1.5, 2], F(1.0))).__name__)
try:
    sum([1.0, "a"])
except TypeError as e:
    print(e)
try:
    sum([1.5, 10**400])
except OverflowError as e:
    print(e)
print(sum([0.5, [1]] if False else [0.5, 2, 3.25]))
