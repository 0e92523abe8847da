import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan != math.nan)
# ---
import math
print(math.sqrt(16), math.sqrt(2), math.isqrt(17), math.isqrt(10**40), math.cbrt(-8) < 0)
# ---
import math
math.sqrt(-1)
# raises: ValueError: math domain error
# ---
import math
print(math.floor(2.7), math.floor(-2.5), math.ceil(2.1), math.ceil(-2.9), math.trunc(-3.9), math.floor(5), type(math.floor(2.5)).__name__)
# ---
import math
print(math.floor(1e20), math.ceil(-1e300) == int(-1e300))
# ---
import math
math.floor(float("inf"))
# raises: OverflowError: cannot convert float infinity to integer
# ---
import math
math.ceil(float("nan"))
# raises: ValueError: cannot convert float NaN to integer
# ---
import math
print(math.log(math.e), math.log(8, 2), math.log(100, 10), math.log2(1024), math.log10(0.001), math.log1p(0))
# ---
import math
math.log(0)
# raises: ValueError: math domain error
# ---
import math
math.log(-5, 2)
# raises: ValueError: math domain error
# ---
import math
print(math.log(10**400) > 920, round(math.log2(2**1000)), round(math.log10(10**500)))
# ---
import math
print(math.exp(0), math.exp(1), math.expm1(1e-10), math.pow(2, 10), math.pow(2, 0.5), math.pow(-8, 2))
# ---
import math
math.exp(1000)
# raises: OverflowError: math range error
# ---
import math
math.pow(0, -1)
# raises: ValueError: math domain error
# ---
import math
math.pow(-8, 1/3)
# raises: ValueError: math domain error
# ---
import math
print(math.factorial(0), math.factorial(5), math.factorial(30))
# ---
import math
math.factorial(-1)
# raises: ValueError: factorial() not defined for negative values
# ---
import math
math.factorial(2.5)
# raises: TypeError: 'float' object cannot be interpreted as an integer
# ---
import math
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(), math.gcd(12, 18, 27), math.gcd(-4, 6), math.lcm(4, 6), math.lcm(2, 3, 4), math.lcm())
# ---
import math
print(math.comb(5, 2), math.comb(10, 0), math.comb(3, 5), math.perm(5, 2), math.perm(5), math.comb(100, 50))
# ---
import math
math.comb(-1, 2)
# raises: ValueError: n must be a non-negative integer
# ---
import math
print(math.sin(0), math.cos(0), math.tan(0), round(math.sin(math.pi / 2), 10), math.atan2(1, 1), math.degrees(math.pi), math.radians(180))
# ---
import math
print(math.asin(1), math.acos(1), math.atan(1), math.sinh(1), math.cosh(0), math.tanh(0.5), math.asinh(1), math.acosh(1), math.atanh(0.5))
# ---
import math
math.acos(2)
# raises: ValueError: math domain error
# ---
import math
print(math.hypot(3, 4), math.hypot(1, 2, 2), math.hypot(), math.dist((0, 0), (3, 4)), math.dist([1, 1, 1], [2, 2, 2]))
# ---
import math
print(math.fabs(-3), math.copysign(3, -0.0), math.fmod(7, 3), math.fmod(-7, 3), math.remainder(7, 3), math.modf(3.5), math.modf(-2.25), math.frexp(8), math.ldexp(0.5, 4))
# ---
import math
print(math.isfinite(1.0), math.isfinite(math.inf), math.isinf(-math.inf), math.isnan(math.nan), math.isnan(1))
# ---
import math
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1), math.isclose(0, 1e-12, abs_tol=1e-9))
# ---
import math
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100]), math.fsum([]))
# ---
import math
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod([2, 0.5]), math.prod([1, 2], start=10), math.prod(range(1, 21)))
# ---
import math
print(math.erf(0), math.erfc(0), math.gamma(5), math.lgamma(1), round(math.gamma(0.5) ** 2, 12))
# ---
import math
math.gamma(0)
# raises: ValueError: math domain error
# ---
import math
print(math.exp2(10), math.nextafter(1.0, 2.0), math.ulp(1.0))
# ---
import math
math.sqrt("4")
# raises: TypeError: must be real number, not str
# ---
import math
math.sqrt()
# raises: TypeError: math.sqrt() takes exactly one argument (0 given)
# ---
import math
math.log(1, 2, 3)
# raises: TypeError: math.log requires 1 to 2 arguments
# ---
import math
from math import pi, sqrt, floor
print(f"{pi:.3f}", round(sqrt(2), 4), floor(-0.5))
# ---
import math
vals = [3.7, -1.2, 0.0, 10.5]
print([math.floor(v) for v in vals], [math.ceil(v) for v in vals], sum(math.sqrt(abs(v)) for v in vals) > 5)
# ---
import math
print(math.factorial(25) // math.factorial(23), math.isqrt(0), math.isqrt(1), math.gcd(2**100, 2**50 * 3))
# ---
import math
math.isqrt(-1)
# raises: ValueError: isqrt() argument must be nonnegative
# ---
import math
print(math.trunc(7), math.floor(True), math.ceil(False), math.sqrt(True), math.log(2**1100) > 700)
# ---
import math
print(math.cos(math.pi), math.sin(math.pi) < 1e-15, math.atan(math.inf), math.exp(-math.inf), math.sqrt(math.inf))
# ---
import math
print(math.pow(2, -1), math.pow(1, math.nan), math.pow(math.nan, 0), math.pow(0.0, 0.0))
