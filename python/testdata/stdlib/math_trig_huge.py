# sin, cos and tan of arguments beyond 2^20 reduce by pi/2 exactly, as the C
# library does (and so do complex powers and cmath, which use them).
import math
for x in [2.0**20, 1e6 + 0.5, 1e22, 1e300, -1.7e308, 2.0**1023]:
    print(x, math.sin(x), math.cos(x), math.tan(x))
print(1j ** 1e300, 1j ** 1e20, 2 ** (1e300j))
