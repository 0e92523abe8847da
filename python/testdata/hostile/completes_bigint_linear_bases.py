# Power-of-two bases parse in linear time (math/big's parser is quadratic
# in bases 8 and 32: 1.3M octal digits took 10 s), as CPython's do.
x = int("7" * 1300000, 8)
assert x == (1 << 3900000) - 1
y = int("v" * 50000, 32)
assert y == (1 << 250000) - 1
assert int("-0o17", 0) == -15 and int("1_0", 2) == 2
assert hex(x)[:6] == "0xffff" and oct(y)[-3:] == "777"
# completes
