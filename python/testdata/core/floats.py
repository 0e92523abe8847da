print(0.1 + 0.2, 1.0, 1e16, 1e-5, 123456789.123, 1/3)
# ---
print(1e22, 1e21, 1e15, 12345678901234567.0, 0.0001, 0.00001)
# ---
print(-0.0, 0.0 == -0.0, float("inf"), float("-inf"), float("nan"))
# ---
nan = float("nan")
print(nan == nan, nan != nan, nan is nan, [nan] == [nan])
# ---
print(float("3.14"), float(" -2.5 "), float("1e3"), float(7), float("Infinity"), float("-inf"))
# ---
float("abc")
# raises: ValueError: could not convert string to float: 'abc'
# ---
print(2.5.is_integer(), 3.0.is_integer(), (7.5).as_integer_ratio())
# ---
print(round(3.14159, 2), round(2.675, 2), round(-1.5), round(0.5), round(1.5), round(2.5))
# ---
print(round(123.456, -1), round(5.0), type(round(5.0)).__name__, type(round(5.0, 1)).__name__)
# ---
print(7.0 // 2, 7.5 % 2, -7.5 % 2, -7.5 // 2, divmod(7.5, 2))
# ---
print(1.5 * 2, 3 * 0.1, 10 / 4, 2 ** 0.5, 4 ** 0.5)
# ---
1.0 / 0
# raises: ZeroDivisionError: float division by zero
# ---
1.0 // 0.0
# raises: ZeroDivisionError: float floor division by zero
# ---
print(int(2.999), int(-0.5), float(True), abs(-2.5))
# ---
int(float("inf"))
# raises: OverflowError: cannot convert float infinity to integer
# ---
int(float("nan"))
# raises: ValueError: cannot convert float NaN to integer
# ---
print(repr(1.0), str(2.50), repr(100.0), repr(1e100), repr(-1.5e-10))
# ---
print(0.1 * 3 == 0.3, abs(0.1 * 3 - 0.3) < 1e-9, 0.5 == 1 / 2)
# ---
import math
print(math.sqrt(16), math.floor(2.7), math.ceil(2.1), math.pi, math.isclose(0.1 + 0.2, 0.3))
# ---
import math
print(math.isnan(float("nan")), math.isinf(float("-inf")), math.inf > 10 ** 300, math.fabs(-3))
# ---
print(max(1.5, 2), min(-1, -1.5), sum([0.1] * 10), sum([1.5, 2.5]))
# ---
print(3.0 == 3, hash(3.0) == hash(3), {3: "a"}[3.0], 1 < 1.5 < 2)
# ---
print(float(10 ** 20), 1e308 * 10, -1e308 * 10)
# ---
print(f"{3.14159:.2f}", f"{2.5:.0f}", f"{1e-7:.3e}", f"{1234.5:g}", f"{0.000012345:g}")
# ---
x = 1.0
for _ in range(10):
    x /= 3
print(x)
# ---
print(str(1e-4), str(1e-3), str(123456789012.0), str(1.5e300 * 1e10))
# ---
print(float.fromhex("0x1.8p1"), (0.5).hex(), (1.0).hex())
# ---
print(2 ** 1023 * 2.0 < float("inf"), 5e-324 > 0, 5e-324 / 2)
# ---
print(-7 / 2, 7 / -2, -(7 / 2), 0.1 + 0.7, 1.1 * 1.1)
