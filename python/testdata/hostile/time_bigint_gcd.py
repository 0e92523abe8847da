# math/big's gcd is quadratic and uninterruptible: two 2M-bit ints took 6 s.
import math
a = (1 << 2000000) - 1
b = 3**1300000
math.gcd(a, b)
# limit: time
# ---
import math
a = (1 << 2000000) - 1
b = 3**1260000
math.lcm(a, b)
# limit: time
# ---
# True division reduced the fraction by a gcd first.
a = (1 << 4000000) - 1
b = (1 << 3999999) - 3
for i in range(1000):
    a / b
# limit: time
