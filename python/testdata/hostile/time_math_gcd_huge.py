# gcd of ints of two and three megabits is quadratic in math/big (27s here) and
# cannot be interrupted: it must be refused before it starts.
import math
a = 3**1300000
b = (1 << 3000000) - 1
math.gcd(a, b)
# limit: steps|time
