# math.perm of a megabit n: each factor made the product a megabit longer,
# unbounded and never polled; it once ran twenty minutes past a 2s limit.
import math
math.perm(2**1000000, 3000)
# limit: memory|steps|time
