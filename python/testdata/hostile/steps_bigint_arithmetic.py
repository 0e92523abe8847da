# Each multiplication of 2M-bit ints is one bytecode instruction but tens of
# milliseconds of work: it counts against the step budget by its size.
a = (1 << 2000000) - 1
while True:
    b = a * a
# limit: steps
# ---
a = (1 << 4000000) - 1
b = (1 << 2000000) - 3
while True:
    q = a // b
# limit: steps
# ---
import math
n = (1 << 4000000) - 1
while True:
    math.isqrt(n)
# limit: steps
