# math.cbrt is the C library's cbrt, which is not correctly rounded
# (cbrt(27.0) is 3.0000000000000004 under glibc): the digits must be its.
import math
print(math.cbrt(27), math.cbrt(-27), math.cbrt(8), math.cbrt(1000), math.cbrt(2), math.cbrt(0.001))
print(math.cbrt(0.0), math.cbrt(-0.0), math.cbrt(math.inf), math.cbrt(-math.inf), math.cbrt(math.nan))
print(math.cbrt(5e-324), math.cbrt(2.2250738585072014e-308), math.cbrt(1.7976931348623157e308), math.cbrt(10**300))
print([math.cbrt(float(i)) for i in range(1, 200)])
print([math.cbrt(float(i) ** 3) for i in range(1, 200)])
# ---
import math
out = []
x = 0.7071
for i in range(1500):
    x = (x * 3.7 + 0.1234567) % 1.0
    e = (i * 37) % 2000 - 1040
    v = math.ldexp(x + 0.5, e)
    out.append(math.cbrt(v if i % 3 else -v).hex())
print(" ".join(out))
