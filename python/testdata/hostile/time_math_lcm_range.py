# lcm of two hundred thousand ints: a gcd and a product per argument.
import math
math.lcm(*range(1, 200000))
# limit: memory|steps|time
