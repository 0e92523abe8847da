# The int functions still answer ordinary and large-but-fine questions.
import math
assert math.perm(20, 5) == 1860480
assert math.comb(52, 5) == 2598960
assert math.comb(10**6, 3) == 166666166667000000
assert math.perm(5) == 120 and math.perm(5, 0) == 1 and math.comb(5, 0) == 1
assert math.comb(10**30, 3) == 10**30 * (10**30 - 1) * (10**30 - 2) // 6
assert math.perm(3000, 1500) % 7 == 0
assert math.gcd(2**20000 * 3, 2**10000 * 9) == 2**10000 * 3
assert math.lcm(*range(1, 200)) % 199 == 0
assert pow(3, -1, 2**521 - 1) * 3 % (2**521 - 1) == 1
# completes
