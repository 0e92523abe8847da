# math.comb of a megabit n grows the same way as perm.
import math
math.comb(2**1000000, 3000)
# limit: memory|steps|time
