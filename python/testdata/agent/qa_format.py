rows = [("alpha", 3, 0.5), ("beta-long-name", 12345, 12.3456), ("g", -7, -0.001)]
for name, n, ratio in rows:
    print(f"{name:<10.10}|{n:>8,}|{ratio:>+9.2%}|{n:#06x}|{ratio:e}")
# ---
print(f"{3.14159:.3f} {2.5:.0f} {3.5:.0f} {-0.0:.1f} {1e21:.2f} {1/3:.15g} {123456789:_} {0.000012345:.3g}")
# ---
print(f"{'x':*^9}|{'abc':>{5}}|{42:{'0'}{6}d}|{'left':<{8}}|")
w, p = 10, 3
print(f"[{3.14159265:{w}.{p}f}] [{'s':^{w}}] [{-42:0{w}d}] [{42:+}] [{42: }]")
# ---
x, items = 5, ["a", "b"]
print(f"{x=}, {items=}, {x * 2 = }, {items[0]!r:>5}, {len(items)=:03d}")
# ---
print("%s|%r|%5d|%-5d|%05.1f|%x|%X|%o|%e|%g|%%|%c" % ("s", "r", 42, 42, 3.14159, 255, 255, 8, 12345.678, 0.0001, 65))
# ---
print("%(a)s-%(b)05.2f" % {"a": "k", "b": 2.5}, "%s" % [1, 2], "%s %s" % ("x", None), "%d%%" % 50.9)
print("%.3s|%10.2s|%-6s|" % ("abcdef", "xyz", "ab"))
# ---
"%d items" % "3"
# raises: TypeError: %d format: a real number is required, not str
# ---
"%s and %s" % ("a",)
# raises: TypeError: not enough arguments for format string
# ---
"%s" % ("a", "b")
# raises: TypeError: not all arguments converted during string formatting
# ---
print("{} {} {}".format(1, "a", None), "{1}{0}{1}".format("a", "b"), "{name}:{0}".format(7, name="n"))
print("{0[x]} {0[1]} {1.real}".format({"x": "dx", 1: "one"}, 3), "{:>{w}}".format("r", w=4), "{{literal}} {}".format(1))
# ---
"{} {}".format(1)
# raises: IndexError: Replacement index 1 out of range for positional args tuple
# ---
"{missing}".format(x=1)
# raises: KeyError: 'missing'
# ---
print(format(1234567.891, ",.2f"), format(0.5, "%"), format(10, "b"), format(255, "#o"), format(-3, "08b"), format(3, "c"))
print(format(12345.6789, "_.1f"), format(1e-7, "g"), format(1e16, "g"), format(123.0, "g"), format(float("nan"), "f"), format(float("-inf"), ">6"))
# ---
vals = [0.1 + 0.2, 1.0, 1e16, 1.5e-5, 100.0, 2.0 ** 60, -0.0, 1e300 * 10, 123456789.123]
print([str(v) for v in vals])
print([repr(round(v, 2)) for v in vals[:5]])
# ---
print(round(2.5), round(3.5), round(-2.5), round(0.125, 2), round(2.675, 2), round(1234, -2), round(1250, -2), round(-1.5))
print(type(round(2.5)).__name__, type(round(2.5, 0)).__name__, round(5, 1))
# ---
import math
print(math.floor(-2.5), math.ceil(-2.5), int(-2.9), int("  -12 "), -7 // 2, -7 % 2, 7 // -2, 7 % -2, divmod(-7, 2), divmod(7.5, 2))
print(math.isclose(0.1 + 0.2, 0.3), 0.1 + 0.2 == 0.3, math.fsum([0.1] * 10), sum([0.1] * 10))
# ---
print(2 ** 100, 2 ** 100 // 3, -(2 ** 64) % 7, (2 ** 64) * (2 ** 64), 10 ** 20 + 1, int("9" * 30) + 1)
print(pow(3, 200, 1000), pow(2, -1), (2 ** 200).bit_length(), str(-(10 ** 25))[:5], hex(2 ** 70), abs(-(2 ** 70)))
# ---
big = 12345678901234567890123
print(big // 10 ** 10, big % 10 ** 10, big * -1, -big // 7, -big % 7, float(big), big == float(big), big > 1e22)
print(f"{big:,}", f"{big:e}", f"{big:>30}", f"{big:x}", big.to_bytes(10, "big").hex())
# ---
print(1 / 3, 2 / 2, 7 / 2, 1e308 * 10, -1e308 * 10, float("1_000.5"), 0.1 * 3, 1 - 0.9, 3 * 1.1)
# ---
print(1 / 0)
# raises: ZeroDivisionError: division by zero
# ---
print(10 % 0)
# raises: ZeroDivisionError: integer modulo by zero
# ---
print(1.0 // 0)
# raises: ZeroDivisionError: float floor division by zero
# ---
int("12.5")
# raises: ValueError: invalid literal for int() with base 10: '12.5'
# ---
float("abc")
# raises: ValueError: could not convert string to float: 'abc'
# ---
print(int(True) + True, True * 3, False - 1, 3 + 0.0, 7 // 2.0, 2 ** -1, 2 ** 0.5, 100 ** 0.5, 1.1 ** 10)
print(0.1 + 0.7, 1e-5, 1e-4, 123e18, 1.0e16, 9007199254740993, float(9007199254740993))
# ---
import decimal
from decimal import Decimal
print(Decimal("0.1") + Decimal("0.2"), Decimal("1.10") * 3, Decimal("10") / Decimal("4"), Decimal("2.675").quantize(Decimal("0.01")))
# ---
from fractions import Fraction
print(Fraction(1, 3) + Fraction(1, 6), Fraction("0.75"), Fraction(3, 4) * 2, float(Fraction(1, 8)))
# ---
print("ab" * 3, "-" * 0, [0] * 3, "abc"[::-1], "hello"[1:-1], "hello"[10:], "x".center(7, "."), "42".zfill(6), "-42".zfill(6))
print("a,b,,c".split(","), "a b  c ".split(), "a=b=c".split("=", 1), "a=b=c".rsplit("=", 1), "  pad ".strip(), "xxhixx".strip("x"))
# ---
s = "Hello, World"
print(s.lower(), s.upper(), s.swapcase(), s.title(), s.find("o"), s.rfind("o"), s.index("W"), s.count("l"), s.startswith(("He", "x")), s.endswith("ld"))
print(s.replace("l", "L", 2), s.partition(", "), s.rpartition("o"), s.removeprefix("Hello"), s.removesuffix("x"), s.isalpha(), "abc123".isalnum())
# ---
"abc".index("z")
# raises: ValueError: substring not found
# ---
print("tab\there".expandtabs(4), repr("quote'\"\n\\"), ascii("café"), "ß".upper(), "İ".lower().encode(), len("naïve"), "naïve"[2])
# ---
template = "Dear {name},\nYour order #{order_id:05d} totals {total:,.2f} {cur}.\n"
orders = [{"name": "Ada", "order_id": 42, "total": 1234.5, "cur": "EUR"}, {"name": "Bob", "order_id": 7, "total": 0.456, "cur": "USD"}]
print("".join(template.format(**o) for o in orders), end="")
print("{name!r:>8}|{total!s:<8}|".format(**orders[0]))
# ---
table = [["id", "name", "score"], [1, "ada", 93.5], [22, "bob", 8.25], [333, "cy", 100]]
widths = [max(len(str(r[i])) for r in table) for i in range(3)]
for r in table:
    print(" | ".join(str(c).ljust(w) if isinstance(c, str) else str(c).rjust(w) for c, w in zip(r, widths)))
# ---
from string import Template
t = Template("$who likes ${what}s; $$5")
print(t.substitute(who="ada", what="cake"), t.safe_substitute(who="bob"))
# ---
print(str(b"abc"), bytes("hé", "utf-8"), "hé".encode("latin-1"), b"h\xc3\xa9".decode(), b"x\xff".decode("utf-8", "replace"), bytes([65, 66]), b"%d-%s" % (5, b"x"))
# ---
b"\xff".decode()
# raises: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
# ---
print(f"{'nested ' + f'{1 + 1}'}", f"{'a' if True else 'b'}", f"{[1, 2][-1]}", f"{ {'k': 1}['k'] }", f"{(lambda x: x * 2)(3)}")
# ---
import datetime
d = datetime.datetime(2024, 3, 5, 14, 7, 9, 120000)
print(f"{d:%Y-%m-%d %H:%M:%S}", f"{d:%a %b %d %I:%M %p}", d.isoformat(), f"{d.date()}", "{:%j}".format(d), f"{d:%y%m%d}|{d:%f}")
# ---
print(f"{1234.5:10.1f}|{1234.5:<10,.1f}|{-1234.5:=+12,.2f}|{0.5:^9.0%}|{255:#b}|{255:08X}")
print(f"{True}|{True:d}|{None!s:>5}|{3:>3}|{'é':>3}|{12:,}|{1234:,d}|{-0.0:+.1f}")
# ---
print(f"{1.0:g} {10.0:g} {1e6:g} {1e-5:g} {123456789.0:g} {0.0001:g} {1.5:.0g} {2.5:.0e}")
print(f"{1.0:.2g} {100:.2g} {1e100:.3} {0.1:.20f} {1/7:.3} {22/7:10.4} {1e-10:.1e}")
# ---
f"{12:s}"
# raises: ValueError: Unknown format code 's' for object of type 'int'
# ---
f"{'x':d}"
# raises: ValueError: Unknown format code 'd' for object of type 'str'
# ---
print(int.from_bytes(b"\xff\xfe", "big", signed=True), (255).to_bytes(2, "little"), (-1).to_bytes(2, "big", signed=True), int("z", 36), int("-0b11", 0), int("1_000"), 0o17, 0b1010_1010)
# ---
print(8 ** (1 / 3), 1.5 ** 2.5, 7.0 ** 0.25, (1 + 0.05 / 12) ** 120)
# ---
import math
print(math.exp(1.5), math.cbrt(27), math.pow(8, 1 / 3))
