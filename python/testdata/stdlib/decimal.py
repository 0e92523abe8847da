from decimal import Decimal
a = Decimal("1.10")
b = Decimal("2.205")
print(a + b, a - b, a * b, b / a, repr(a + b), a + 1, 2 * b, 1 - a)
print(Decimal("0.1") + Decimal("0.2") == Decimal("0.3"), Decimal(1) / Decimal(3), Decimal(2) / Decimal(3), Decimal(1) / Decimal(8))
print(Decimal("10") / Decimal("4"), Decimal("1.00") / Decimal("2"), Decimal("100") / Decimal("10"), Decimal("-7") / Decimal("2"))
# ---
from decimal import Decimal
print(Decimal("3.14159"), Decimal(42), Decimal(-0), Decimal("-0.00"), Decimal("1e3"), Decimal("1E-7"), Decimal("  12.5 "), Decimal("1_000.5"))
print(Decimal(0.1), Decimal(2.5), Decimal(-1.25), Decimal((0, (1, 4, 1), -2)), Decimal((1, (5,), 3)), Decimal("123456789e20"), Decimal(".5"), Decimal("5."))
print(Decimal("Infinity"), Decimal("-inf"), Decimal("NaN"), Decimal("0E-10"), Decimal("0.000001"), Decimal("0.0000001"), Decimal("1E+2") + 0)
# ---
from decimal import Decimal, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_05UP
cents = Decimal("0.01")
for v in ["2.675", "2.665", "-2.675", "1.005", "0.125", "0.135", "7", "-0.004"]:
    d = Decimal(v)
    print(v, d.quantize(cents, rounding=ROUND_HALF_UP), d.quantize(cents), d.quantize(cents, ROUND_DOWN), d.quantize(cents, ROUND_UP),
          d.quantize(cents, ROUND_CEILING), d.quantize(cents, ROUND_FLOOR), d.quantize(cents, ROUND_HALF_DOWN), d.quantize(cents, ROUND_05UP))
print(Decimal("1234.5678").quantize(Decimal("1")), Decimal("1234.5").quantize(Decimal("1E1")), Decimal("1.2").quantize(Decimal("0.0001")))
# ---
from decimal import Decimal, getcontext, localcontext
print(getcontext().prec, getcontext().rounding)
getcontext().prec = 6
print(Decimal(1) / Decimal(7), Decimal("123456789") + 0, Decimal("1.23456789") * 1, +Decimal("9.9999999"))
with localcontext() as ctx:
    ctx.prec = 3
    print(Decimal(2) / Decimal(3), Decimal("12345") * 1)
print(Decimal(2) / Decimal(3))
getcontext().prec = 28
# ---
from decimal import Decimal
print(Decimal("1.5") < Decimal("2"), Decimal("2.0") == Decimal("2"), Decimal("2") == 2, Decimal("0.5") == 0.5, Decimal("0.1") == 0.1, Decimal(3) > 2.5, Decimal("-1") < 0)
print(sorted([Decimal("3"), Decimal("1.5"), Decimal("-2"), Decimal("1.50")]), max(Decimal("1"), Decimal("1.0")), min([Decimal("0.3"), Decimal("0.25")]))
print(hash(Decimal("2.0")) == hash(2), hash(Decimal("0.5")) == hash(0.5), len({Decimal("1"), Decimal("1.0"), 1}), Decimal("0.1") in {Decimal("0.10")})
# ---
from decimal import Decimal
d = Decimal("-7.5")
print(int(d), float(d), round(d), round(Decimal("2.5")), round(Decimal("3.5")), round(Decimal("3.14159"), 2), round(Decimal("-0.5")))
print(abs(d), -d, +d, d // 2, d % 2, divmod(Decimal("7"), Decimal("-2")), Decimal("7.5") // Decimal("2"), Decimal("7.5") % Decimal("2"))
import math
print(math.floor(Decimal("-1.5")), math.ceil(Decimal("-1.5")), math.trunc(Decimal("-1.5")), bool(Decimal("0.0")), bool(Decimal("0.01")))
# ---
from decimal import Decimal
print(Decimal(2) ** 10, Decimal("1.1") ** 2, Decimal("0.5") ** 3, Decimal(2) ** -2, Decimal(3) ** -1, Decimal("-2") ** 3, Decimal(7) ** 0)
print(Decimal(2).sqrt(), Decimal(16).sqrt(), Decimal("0.25").sqrt(), Decimal("1.44").sqrt(), Decimal(0).sqrt(), Decimal("100").sqrt(), Decimal("2E-7").sqrt())
# ---
from decimal import Decimal
d = Decimal("123.4500")
print(d.normalize(), Decimal("100").normalize(), Decimal("0.00").normalize(), d.as_tuple(), d.adjusted(), Decimal("-0.001").as_tuple())
print(d.as_integer_ratio(), Decimal("-0.75").as_integer_ratio(), Decimal("5E+3").as_integer_ratio(), d.to_integral_value(), Decimal("2.5").to_integral_value(), Decimal("1E+2").to_eng_string(), Decimal("123E+4").to_eng_string())
print(d.is_zero(), Decimal(0).is_zero(), Decimal("-1").is_signed(), Decimal("NaN").is_nan(), Decimal("inf").is_infinite(), d.is_finite(), d.copy_negate(), d.copy_abs(), Decimal(5).copy_sign(Decimal(-1)))
print(Decimal("1.0").compare(Decimal("2")), Decimal("3").compare(Decimal("3.00")), Decimal("1.00").same_quantum(Decimal("9.99")), Decimal("5").max(Decimal("7")), Decimal("5").min(Decimal("7")))
# ---
from decimal import Decimal
x = Decimal("1234567.891")
print(f"{x:.2f}", f"{x:,.2f}", f"{x:15.3f}|", f"{x:<15.1f}|", f"{x:^15.0f}|", f"{x:e}", f"{x:.3e}", f"{x:.4g}", f"{x:.10g}", f"{x}")
print(f"{Decimal('0.125'):.2f}", f"{Decimal('0.135'):.2f}", f"{Decimal('-0.5'):.0f}", f"{Decimal('0.256'):.1%}", f"{Decimal('5'):+.2f}", f"{Decimal('42'):08.2f}", format(Decimal("1E-10"), "f"), format(Decimal("1E+5"), ""), format(Decimal("0.000001234"), "g"))
# ---
from decimal import Decimal
Decimal("abc")
# raises: InvalidOperation: [<class 'decimal.ConversionSyntax'>]
# ---
from decimal import Decimal
Decimal(1) / Decimal(0)
# raises: DivisionByZero: [<class 'decimal.DivisionByZero'>]
# ---
from decimal import Decimal
Decimal(0) / 0
# raises: InvalidOperation: [<class 'decimal.DivisionUndefined'>]
# ---
from decimal import Decimal, localcontext
with localcontext() as ctx:
    ctx.prec = 5
    Decimal("123456.7").quantize(Decimal("0.01"))
# raises: InvalidOperation: [<class 'decimal.InvalidOperation'>]
# ---
import decimal
try:
    decimal.Decimal("1") / 0
except ZeroDivisionError as e:
    print(type(e).__name__, isinstance(e, decimal.DecimalException), isinstance(e, ArithmeticError))
try:
    decimal.Decimal("x1")
except decimal.InvalidOperation as e:
    print("bad literal", e)
try:
    decimal.Decimal(-1).sqrt()
except decimal.InvalidOperation:
    print("negative sqrt")
print(decimal.ROUND_HALF_UP, decimal.Decimal.from_float(0.25), decimal.Decimal("1.30") + decimal.Decimal("2.70"))
# ---
from decimal import Decimal, ROUND_HALF_UP
prices = [Decimal("19.99"), Decimal("5.01"), Decimal("0.333")]
subtotal = sum(prices, Decimal("0"))
tax = (subtotal * Decimal("0.0825")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
print(subtotal, tax, subtotal + tax, f"${subtotal + tax:,.2f}", sum(prices) / len(prices))
# ---
from decimal import Decimal
for op in (lambda: Decimal("1.5") + 1.5, lambda: 2.0 * Decimal(1), lambda: Decimal(1) + "1"):
    try:
        op()
    except TypeError:
        print("TypeError")
# ---
from decimal import Decimal, getcontext, ROUND_DOWN, Context, setcontext
ctx = getcontext()
ctx.rounding = ROUND_DOWN
print(Decimal(2) / Decimal(3), Decimal("-2") / Decimal(3), +Decimal("1.99999999999999999999999999999"))
ctx.rounding = "ROUND_HALF_EVEN"
setcontext(Context(prec=4))
print(Decimal(10) / 3, getcontext().prec)
setcontext(Context())
print(Decimal(10) / 3)
# ---
from decimal import Decimal
total = Decimal(0)
for line in ["12.30", "4.05", "0.65", "100"]:
    total += Decimal(line)
avg = total / 4
print(total, avg, avg.quantize(Decimal("0.01")), str(total * 100), total.quantize(Decimal(1)), "%s" % total, "{}".format(avg))
# ---
from decimal import Decimal
print(Decimal("1e50") + Decimal("1e-50"), Decimal("1") + Decimal("1e-40"), Decimal("1") - Decimal("1e-40"), Decimal("1e-40") - Decimal("1"), Decimal("0E-50") + Decimal("1.23"), Decimal("0E+9") + 1, Decimal("0.00") + Decimal("0E-5"), Decimal("-0") - Decimal("0"))
print(Decimal("1e999999") + Decimal("1e-999999"), Decimal("12345678901234567890123456789") + Decimal("0.5"), Decimal("9" * 28) + 1, Decimal("5e-30") + Decimal("1e-2"))
# ---
from decimal import Decimal
Decimal(10) ** 2000000
# raises: Overflow: [<class 'decimal.Overflow'>]
# ---
from decimal import Decimal
Decimal("9e999999") * 10
# raises: Overflow: [<class 'decimal.Overflow'>]
# ---
from decimal import Decimal, getcontext
print(Decimal(2) ** 20000, Decimal(3) ** 9999, Decimal("1.5") ** 5000, Decimal(7) ** -3000, Decimal("0.9") ** 10000, Decimal(10) ** 5000, Decimal(2) ** 9965)
# ---
from decimal import Decimal as D
print(D(4) ** D('0.5'), D('1.05') ** D('2.5'), D(8) ** D('1.5'), D(2) ** D('-0.5'), D('0.5') ** D('0.5'), D(10) ** D('0.1'), D('1.0001') ** D('10000.5'))
print(D(2).ln(), D(10).ln(), D(1).ln(), D('0.001').ln(), D('1e10').ln(), D('0.5').ln(), D('123.456').ln(), D('1e-20').ln())
print(D(100).log10(), D(2).log10(), D('0.001').log10(), D('1E+7').log10(), D('5').log10(), D('31.6227766').log10())
print(D(1).exp(), D(0).exp(), D('-1.5').exp(), D(123456).exp(), D('0.0001').exp(), D('-100').exp(), D(10).exp(), D('2.302585092994045684017991455').exp())
# ---
from decimal import Decimal, localcontext, ROUND_DOWN
with localcontext() as c:
    c.prec = 10
    print(Decimal(2).ln(), Decimal(3).exp(), Decimal(2) ** Decimal("0.5"), Decimal(7).log10())
    c.rounding = ROUND_DOWN
    print(Decimal(2) ** Decimal("0.5"), Decimal(3).exp())
principal = Decimal("1000")
rate = Decimal("0.05")
print((principal * (1 + rate / 12) ** (12 * Decimal("2.5"))).quantize(Decimal("0.01")))
# ---
from decimal import Decimal
Decimal(-1).ln()
# raises: InvalidOperation: [<class 'decimal.InvalidOperation'>]
# ---
import decimal
decimal.setcontext("x")
# raises: TypeError: argument must be a context
