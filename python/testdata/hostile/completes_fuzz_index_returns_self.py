# Found by FuzzPrograms (seed 976): the library's integer and float
# argument conversion converted what __index__ returned once more, so an
# __index__ returning self recursed in Go after each call had returned
# (no depth limit saw it) until Go's stack overflowed and killed the
# process. __index__ must return an int, as in CPython.
import math, operator
class A:
    def __index__(self):
        return self
class B:
    def __index__(self):
        return A()
class I(int):
    pass
class C:
    def __index__(self):
        return I(5)
msgs = []
for f in [lambda: math.factorial(A()), lambda: math.isqrt(B()), lambda: math.comb(A(), 1), lambda: math.sqrt(A()),
          lambda: math.floor(A()), lambda: math.gcd(A(), 2), lambda: operator.index(A()), lambda: [1][A()], lambda: range(A())]:
    try:
        f()
        raise AssertionError("no error")
    except TypeError as e:
        msgs.append(str(e))
assert msgs == ["__index__ returned non-int (type A)"] * 9, msgs
assert math.factorial(C()) == 120 and math.sqrt(C()) == math.sqrt(5)
# completes
