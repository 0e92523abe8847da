print("%s is %d years" % ("Ada", 36), "%r" % "x", "%s" % [1, 2], "%s" % (1,), "%%")
# ---
print("%5d|%-5d|%05d|%+d|% d" % (42, 42, 42, 42, 42))
# ---
print("%.2f|%8.3f|%-8.1f|%e|%.3E|%g|%G" % (3.14159, 2.71828, 1.5, 12345.678, 0.000123, 1e-10, 1e20))
# ---
print("%x|%X|%#x|%o|%#o|%c|%c" % (255, 255, 255, 8, 8, 65, "z"))
# ---
print("%(name)s has %(n)03d" % {"name": "bob", "n": 7}, "%s" % {"a": 1})
# ---
print("%*d|%-*s|%.*f" % (5, 1, 4, "ab", 2, 3.14159))
# ---
"%d" % "x"
# raises: TypeError: %d format: a real number is required, not str
# ---
"%s %s" % ("a",)
# raises: TypeError: not enough arguments for format string
# ---
"%s" % ("a", "b")
# raises: TypeError: not all arguments converted during string formatting
# ---
print("%d" % 3.99, "%i" % -2, "%s" % 3.0, "%r" % 1e100, "%.0f" % 0.5, "%.0f" % 1.5)
# ---
print("{} {}".format(1, "a"), "{1} {0}".format("a", "b"), "{x}-{y}".format(x=1, y=2), "{0[1]} {1[k]}".format([5, 6], {"k": "v"}))
# ---
class O:
    attr = "val"
print("{0.attr} {o.attr}".format(O(), o=O()), "{!r} {!s}".format("q", "q"), "{:>6}|{:<4}|".format("ab", 1))
# ---
print("{:,}".format(10 ** 7), "{:.3}".format(3.14159), "{:08.2f}".format(-3.14159), "{:^7}".format("mid"))
# ---
print("{{}} {}".format("x"), "{:{w}.{p}f}".format(3.14159, w=9, p=2), "{0:{1}}".format("pad", 6) + "|")
# ---
"{} {}".format(1)
# raises: IndexError: Replacement index 1 out of range for positional args tuple
# ---
"{name}".format(nm=1)
# raises: KeyError: 'name'
# ---
"{0} {}".format(1, 2)
# raises: ValueError: cannot switch from manual field specification to automatic field numbering
# ---
print(format(3.14159, ".2f"), format(42, "05d"), format("s", ">4"), format(255, "x"), format(1234.5, ","), format(0.5, "%"))
# ---
print(format(123), format(1.5), format([1]), format(None), format(True), format("x"))
# ---
print(format(12, "+"), format(-12, "+"), format(12, " "), format(12, "="), format(-12, "=8"), format(-12, "08"))
# ---
print(format(1e6, "g"), format(1e16, "g"), format(123456, "g"), format(1234567, "g"), format(0.0001, "g"), format(0.00001, "g"))
# ---
print(format(1.0, ""), format(1e16, ""), format(2.5, ".0f"), format(3.5, ".0f"), format(-0.0, ".1f"), format(1 / 3, ".17g"))
# ---
print(format(1234567.125, ",.2f"), format(1234567, "_"), format(0xDEADBEEF, "_x"), format(255, "#06x"), format(-255, "#x"))
# ---
print(format("text", "*^11"), format("text", ".2"), format("text", "<8.3") + "|", format(7, "c"))
# ---
print(format(12.5, "e"), format(12.5, "E"), format(12.5, ".0e"), format(0.0, "e"), format(-1.5e-7, ".2e"))
# ---
print(format(0.1234, ".1%"), format(1, "%"), format(2, ".2f"), format(7, "x"), format(True, "d"), format(False, ".1f"))
# ---
format(1, "q")
# raises: ValueError: Unknown format code 'q' for object of type 'int'
# ---
format("a", "=5")
# raises: ValueError: '=' alignment not allowed in string format specifier
# ---
format(1.5, "x")
# raises: ValueError: Unknown format code 'x' for object of type 'float'
# ---
format(10, ",s")
# raises: ValueError: Cannot specify ',' with 's'.
# ---
rows = [("id", "name", "score"), (1, "ada", 93.5), (22, "bob", 8.25)]
for r in rows:
    print("{:>3} {:<6} {:>7}".format(*r))
# ---
print("%-6s|%6s|" % ("ab", "cd"), "%3s|" % "toolong", "%.2s|" % "abcdef", "%5.1s|" % "xyz")
# ---
print("%s and %r" % ("é", "é"), "%a" % "é", "%c" % 9731, "%5.2f%%" % 99.567)
# ---
print("{:b} {:o} {:#b} {:e} {:.2%}".format(10, 10, 10, 1234.5, 0.256))
# ---
print("{0!r:^10}|{0:^10}|".format("x"), "{:*>+8.2f}".format(3.14159), "{:<+5d}|".format(3))
# ---
print("{:,.2f}".format(-1234.5), "{:_d}".format(10 ** 9), "{:10,}".format(12345) + "|")
# ---
print("{} {}".format(1.0, 1e20), "{}".format(1e-5), "{}".format(123456789.0), str(1e16), "{:.1f}".format(0.05), "{:.1f}".format(0.15), "{:.1f}".format(0.25))
