from fractions import Fraction
a = Fraction(3, 4)
b = Fraction("1/3")
print(a + b, a - b, a * b, a / b, repr(a + b))
print(a + 1, 1 + a, a * 2, 2 / a, a - 1, 1 - a)
print(a + 0.25, 0.5 * b, a // b, a % b, divmod(a, b))
print(-a, abs(Fraction(-5, 10)), +a, a ** 2, a ** -2, Fraction(-2, 3) ** -3)
# ---
from fractions import Fraction
print(Fraction(10, -4), Fraction(0, 5), Fraction(7), Fraction(" -3/9 "), Fraction("1.25"), Fraction("2e-3"), Fraction("-.5"))
print(Fraction(0.1), Fraction(2.5), Fraction(Fraction(1, 2), Fraction(3, 4)), Fraction(1_000, 3))
print(Fraction(1, 3).numerator, Fraction(2, 6).denominator, Fraction(6, 4).as_integer_ratio())
# ---
from fractions import Fraction
x = Fraction(7, 2)
print(int(x), float(x), round(x), round(Fraction(5, 2)), round(Fraction(-7, 2)), round(Fraction(22, 7), 2))
print(Fraction(-7, 2).__floor__(), Fraction(-7, 2).__ceil__(), Fraction(-7, 2).__trunc__())
# ---
from fractions import Fraction
print(Fraction(3.141592653589793).limit_denominator(1000), Fraction("3.14159").limit_denominator(100))
print(Fraction(0.1).limit_denominator(), Fraction(1, 3).limit_denominator(2), Fraction(-11, 7).limit_denominator(3))
# ---
from fractions import Fraction
h = Fraction(1, 2)
print(h == 0.5, h == Fraction(2, 4), Fraction(2, 1) == 2, h < 1, h > 0.25, h <= Fraction(1, 2), h >= 1)
print(hash(h) == hash(0.5), hash(Fraction(3)) == hash(3), {h: "half"}[0.5], sorted([Fraction(2, 3), 0.5, 1, Fraction(1, 3)]))
print(bool(Fraction(0)), bool(h), sum([Fraction(1, n) for n in range(1, 6)]))
# ---
from fractions import Fraction
Fraction(1, 0)
# raises: ZeroDivisionError: Fraction(1, 0)
# ---
from fractions import Fraction
Fraction("abc")
# raises: ValueError: Invalid literal for Fraction: 'abc'
# ---
from fractions import Fraction
Fraction(1, 2) / 0
# raises: ZeroDivisionError: Fraction(1, 0)
# ---
from fractions import Fraction
print(Fraction.from_float(0.75), Fraction(3, 8) * 8, type(Fraction(3, 8) * 8).__name__, f"{Fraction(5, 3)}", str(Fraction(-6, 3)))
print([str(Fraction(n, 6)) for n in range(-3, 4)])
# ---
from fractions import Fraction
f = Fraction(3, 4)
print("%s and %r" % (f, f), "%s" % f, "{} {!r}".format(f, f))
