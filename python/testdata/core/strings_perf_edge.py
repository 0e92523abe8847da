# Edges of the string fast paths: ASCII and non-ASCII text through the same
# methods, start/end given as code point indices, results that are the
# receiver itself.
s = "héllo wörld ünïcode"
print(s[0], s[1], s[-1], s[-7], s[4:9], s[::-1], s[1:-1:3], len(s))
# ---
s = "héllo wörld ünïcode"
print(s.find("o"), s.find("o", 5), s.find("o", 5, 8), s.find("ö", -10), s.find("ü", 3, -2), s.find("", 19), s.find("", 20))
# ---
s = "αβγαβγ"
print(s.rfind("β"), s.rfind("β", 0, 4), s.index("γ", 3), s.rindex("α", -6, -1), s.count("β", 2), s.count("", 2, 4))
# ---
s = "naïve café naïve"
print(s.startswith("café", 6), s.startswith("naïve", -5), s.endswith("café", 0, 10), s.endswith(("x", "ïve")), s.startswith("", 17), s.startswith("", 16))
# ---
s = "abcabc"
print(s.find("c", -100), s.find("c", 100), s.count("c", -2), s.count("", 7), s.count("", 6), s.index("b", -5, -3))
# ---
try:
    "αβγ".index("γ", 0, 2)
except ValueError as e:
    print("ValueError", e)
# ---
print(repr("  \t x y \n ".strip()), repr("\u3000 wide \u2003".strip()), repr("\x1c\x1dx\x1e\x1f".strip()), repr("xx".strip()), repr("".strip()))
# ---
print("  a  b\tc\n\nd ".split(), "a\u2003b\u3000c".split(), "".split(), "   ".split(), "a,b,,c".split(","), "a,b,,c".split(",", 1), ",".split(","))
# ---
print("a::b::c".split("::"), "a::b::c".split("::", 0), "a::b::c".rsplit("::", 1), "ü-ö-ä".split("-"), "abc".split("abc"), "x".split("y"))
# ---
print("ab".partition("b"), "ab".partition("z"), "aba".rpartition("a"), "xyz".rpartition("q"), "é=1".partition("="))
# ---
t = "Mixed CASE ß İ"
print(t.lower(), t.upper(), "plain".lower(), "PLAIN".upper(), "ΣΑΣ".lower(), "x".upper() is not None)
# ---
print("aaa".replace("a", "b", 2), "aaa".replace("x", "y"), "aaa".replace("", "-"), "aaa".replace("a", "a"), "äöü".replace("ö", "o"), "abc".replace("b", ""))
# ---
print("²".isdigit(), "²".isdecimal(), "①".isdigit(), "⑴".isdigit(), "٣".isdigit(), "½".isdigit(), "Ⅷ".isdigit(), "12".isdigit(), "".isdigit())
# ---
print(f"{'é':>4}|{'é':*^5}|{'ab':é<4}|{5:é>3}|{-5:0=5}|{-5:05}|{2**70:x}|{-(2**70):,}|{True:d}|{-9223372036854775808:x}")
# ---
print("%d %i %x %X %o" % (-9223372036854775808, 2**70, -255, 255, -8), "%5.1f|%-6d|%+d|% d|%#x|%#o" % (3.14159, 42, 7, 7, 255, 8))
# ---
print("%d %d %x" % (3.99, -0.5, True), "%s" % "solo", "%r" % ("q",), "%c%c" % (65, "é"), "%.2s|%5s|%-5s|" % ("héllo", "é", "é"))
# ---
print("{0}-{1:>5}-{2!r}".format(1, 2, "x"), "{}{}".format("a", "b"), "{x}{0}".format(1, x=2), "{0[0]}{0[1]}".format("hé"))
# ---
try:
    "{name}".format(1)
except KeyError as e:
    print("KeyError", e)
# ---
try:
    "x".__format__(None)
except TypeError as e:
    print("TypeError", e)
# ---
print("x".__format__(""), "x".__format__(">3"), "é".__format__("^5"), format("ab", "é>4"))
# ---
try:
    format("x", "é>4x")
except ValueError as e:
    print("ValueError", e)
# ---
try:
    format(3, "é")
except ValueError as e:
    print("ValueError", e)
# ---
words = ["alpha", "béta", "", "γ"]
print("".join(words), "-".join(words), ", ".join(w.upper() for w in words), len("é".join(["ab"] * 3)))
# ---
for v, spec in [(5, "z"), (5, "zc"), ("a", "z"), ("a", "+z"), (-0.0, "z.1E"), (-0.0, "z013E"), (1e20, "#"), (1e20, " = #8,"), (5.0, "#"), (2**70, "c"), (2**70, "_x"), (-5, "0=+8d"), (255, "#010X"), (3.5, "0^9.2f"), (-1.5, "é=+9.3%")]:
    try:
        print(repr(format(v, spec)))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
# ---
print("%5d|%-5d|%05d|%+.3d|%x|%#X|%.0f|%10.3e|%-8.2f|%08.2f|%.3s" % (42, 42, -42, 7, 3054, 3054, 2.5, 12345.678, -1.5, -1.5, "abcdef"))
# ---
t = {ord("a"): "xy", ord("b"): None, ord("c"): 66}
print("abcd".translate(t), repr("abab".translate({97: True})), "héllo".translate({233: "e"}), "héllo".translate(str.maketrans("lo", "01", "h")), "abc".translate([None] * 200), "abc".translate("zz"))
# ---
class Shift:
    def __getitem__(self, k):
        if k == 98:
            raise KeyError(k)
        return k + 1
print("abcabc".translate(Shift()))
# ---
for table in [{97: 1.5}, {97: 0x110000}, {97: -1}]:
    try:
        "abc".translate(table)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
# ---
print("a b\u3000c\u2003 d  ".rsplit(None, 2), "a\u3000b".rsplit(maxsplit=1), "x\u2003\u2003y".rsplit(None, 1), " a b ".rsplit(None, 5), "a,b,c".rsplit(",", 1), "a,b,c".rsplit(",", 0), "abc".rsplit("x", 3), "a,b,,c".rsplit(",", 2))
# ---
for f in [lambda: "aaa".replace("a", "b", count=1), lambda: "aaa".find(sub="a"), lambda: "aaa".count("a", start=1), lambda: "aaa".startswith(prefix="a"),
          lambda: "aaa".strip(chars="a"), lambda: "ab".center(width=5), lambda: "aaa".replace("a"), lambda: "aaa".find(), lambda: "aaa".find("a", 1, 2, 3),
          lambda: "aaa".strip("a", "b"), lambda: "aaa".rsplit(",", 1, 2), lambda: "aaa".startswith(), lambda: "ab".ljust(), lambda: "ab".rjust(1, 2, 3),
          lambda: "ab".partition(), lambda: "ab".zfill(), lambda: "ab".removeprefix(), lambda: "ab".replace("a", "b", 1, 2), lambda: "ab".index()]:
    try:
        print(repr(f()))
    except TypeError as e:
        print("TypeError", e)
# ---
print("a b".split(sep=" "), "a b c".rsplit(maxsplit=1), "a\nb".splitlines(keepends=True), "ab".expandtabs(tabsize=4), "aXbXc".replace("X", "--"), "aXbXc".replace("X", "", 1), "abc".replace("", "-", 2))
# ---
class S(str):
    pass
s = S("  Hello World  ")
print(repr(s.strip()), type(s.strip()).__name__, type(s.upper()).__name__, s.split(), s.find("o"), type(s.replace("x", "y")).__name__, type(s.lower()).__name__)
print(s.partition("W"), "-".join([S("a"), "b"]), str.upper(s), f"{s:>20}|", "%s|" % s, type("abc".partition(S("b"))[1]).__name__)
print("abc".startswith(S("a")), "abc".endswith((S("c"),)), "abc".find(S("b")), "abc".count(S("b")), "abc".replace(S("b"), S("x")), "a,b".split(S(",")), "abc".strip(S("ac")))
print(sorted(["b", "A", "c"], key=str.lower), list(map(str.strip, [" a ", "b "])))
# ---
class P:
    def __repr__(self):
        return "P!"
    def __str__(self):
        return "p"
    def __format__(self, spec):
        return "F" + spec
class I(int):
    pass
class F(float):
    def __repr__(self):
        return "FF"
class T(str):
    def __str__(self):
        return "TT"
print("{0}-{1:>5}-{2!r}-{3}-{4!s}-{5!r}-{6}-{7!r}-{8}-{9!a}-{10:x}".format(1, 2, "x", 1.5, P(), P(), P(), 2.5, True, "é", P()))
print("{}|{!r}|{}|{!s}".format(None, None, -7, "q"), "{x}{y!r}".format(x=1, y="z"), "{0:}|{1!r:>4}".format("a", "b"))
print("{} {!r} {} {!r} {} {!s}".format(I(5), I(6), F(1.5), F(2.5), T("a"), T("b")), f"{F(3.5)}|{T('c')}|{I(8):04}|{F(1.25):.1f}|{[1, 'a']}")
# ---
for f in [lambda: (5).__format__(), lambda: (5).__format__(None), lambda: (2.5).__format__(1), lambda: True.__format__("d"), lambda: True.__format__(""), lambda: (2.5).__format__(".1f"),
          lambda: (5).__format__("x"), lambda: int.__format__(7, "03"), lambda: (5).__format__(spec="x"), lambda: (5).__format__("q"), lambda: (2**70).__format__(",")]:
    try:
        print(repr(f()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
# ---
class Money(float):
    def __format__(self, spec):
        return "$" + super().__format__(spec)
class Hex(int):
    def __format__(self, spec):
        return "0x" + super().__format__(spec or "x")
print(f"{Money(2.5):.2f} {Hex(255)} {Hex(255):X} {format(Money(1), '')}")
# ---
for c in ["", "a", "a\n", "a\nb", "a\r\nb\rc\n\n", "\n", "\r\n", "\r", "x\vy\fz\x1cq\x1dw\x1ee\x1fr", "é\x85ü\u2028ö\u2029ä", "a\n\r", "tail\r\n\r\n", "\u2029"]:
    print(c.splitlines(), c.splitlines(True), c.splitlines(keepends=True) == c.splitlines(1))
# ---
import re
text = "id=12 name=ab id=7 name=é id=99"
p = re.compile(r"id=(\d+)(?: name=(\w+))?")
print([(m.group(), m.group(1), m.group(2), m.groups(), m.span(1), m.start(2)) for m in p.finditer(text)])
ascii_text = "k1=v1;k2=v2;k3"
print([m.group(0, 1) for m in re.finditer(r"(k\d)(=v\d)?", ascii_text)], [m.groupdict() for m in re.finditer(r"(?P<k>k\d)(?:=(?P<v>v\d))?", ascii_text)])
def cb(m):
    inner = re.search(r"é+", "xééy")
    return m.group(1).upper() + inner.group()
print(re.sub(r"(k\d)", cb, ascii_text), re.sub(r"(v\d)", lambda m: m.group(1) * 2, ascii_text))
m = re.match(r"(a)(b)?", "ac")
print(m.group(2), m.group(1, 2), m[0], m[1])
# ---
import re
t = "id=12 x id=7 y id= z id=999"
print(re.findall(r"id=(\d*)", t), re.findall(r"id=\d+", t), re.findall(r"(id)=(\d+)?", t), re.findall(r"(\w)(\d)?", "a1b"), re.compile(r"\d+").findall(t, 5, 20))
u = "é=1 ü=22"
print(re.findall(r"(\w)=(\d+)", u), re.findall(r"\d+", u), re.findall(rb"\d+", b"a12b3"))
# ---
"abc".translate()
# raises: TypeError: str.translate() takes exactly one argument (0 given)
