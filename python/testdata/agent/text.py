s = "  Hello, World!  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), s.strip().lower())
# ---
line = "key=value=more"
k, sep, v = line.partition("=")
print(k, sep, v, line.rpartition("="))
# ---
path = "/usr/local/bin/python3"
print(path.split("/"), path.rsplit("/", 1), path.split("/", 2))
# ---
text = "alpha beta\tgamma\n\ndelta  "
print(text.split(), text.splitlines(), text.split(" "))
# ---
names = ["ada", "bob", "cy"]
print(", ".join(names), " | ".join(n.upper() for n in names), "".join(reversed(names)))
# ---
rows = [("Name", "Count"), ("apples", 3), ("kiwis", 12)]
for name, count in rows:
    print(f"{name:<10}{count:>6}")
# ---
rows = [("apples", 3.5), ("kiwis", 12.25)]
for name, val in rows:
    print(name.ljust(10, ".") + str(val).rjust(8))
print("end".center(20, "*"))
# ---
print(f"{3.14159:.2f} {1234567.891:,.2f} {0.25:.1%} {42:05d} {255:#x} {255:08b} {1e6:.2e}")
# ---
print(f"{'left':<8}|{'right':>8}|{'mid':^8}|")
print(f"{'x':*^9}", f"{7:+d}", f"{-7: d}", f"{12345:_}")
# ---
value = None
name = "widget"
print(f"{name!r} -> {value!r} / {name!s} / {name!a}")
# ---
print(f"{'héllo'!a}", ascii("naïve ☃"))
# ---
width = 12
prec = 3
print(f"{3.14159265:{width}.{prec}f}|", f"{'x':>{width}}|")
# ---
print("snake_case_name".replace("_", " ").title(), "MixedCase".swapcase(), "hello world".capitalize())
# ---
s = "The quick brown fox"
print(s.startswith("The"), s.endswith(("fox", "dog")), s.find("quick"), s.find("zzz"), s.count("o"))
# ---
s = "abc"
try:
    s.index("z")
except ValueError as e:
    print(e)
# ---
print("42".zfill(5), "-42".zfill(5), "3.5".isdigit(), "35".isdigit(), "abc".isalpha(), " ".isspace())
# ---
slug = "  My Post: Title (draft)!  "
import re
out = re.sub(r"[^a-z0-9]+", "-", slug.strip().lower()).strip("-")
out
# ---
msg = "prefix_payload"
print(msg.removeprefix("prefix_"), msg.removesuffix("_payload"), msg.removeprefix("zzz"))
# ---
words = "the cat and the hat and the bat".split()
from collections import Counter
c = Counter(words)
print(c.most_common(2), c["the"], c["dog"])
# ---
text = "Line one\nLine two\nLine three"
for i, line in enumerate(text.splitlines(), start=1):
    print(f"{i:>3}: {line}")
# ---
import textwrap
s = "The quick brown fox jumps over the lazy dog and keeps running far away"
print(textwrap.shorten(s, width=30))
print(textwrap.shorten(s, width=30, placeholder="..."))
# ---
import textwrap
print(textwrap.fill("word " * 15, width=24))
# ---
import textwrap
print(textwrap.wrap("a b c d e f g h i j k l m n o p", width=7))
# ---
import textwrap
code = """
    def f():
        return 1
"""
print(textwrap.dedent(code))
print(textwrap.indent("a\nb\n", "> "))
# ---
import textwrap
print(repr(textwrap.shorten("short", width=20)), repr(textwrap.shorten("   lots   of   space   ", width=40)))
# ---
def truncate(s: str, n: int = 10) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"
print([truncate(x) for x in ["short", "a much longer string here"]])
# ---
s = "Hello"
print(s[::-1], s[1:3], s[-1], s[:-2], s * 2, "l" in s)
# ---
print("%s has %d items costing %.2f (%r)" % ("cart", 3, 9.5, "x"))
print("%-6s|%6s|%05.1f" % ("a", "b", 3.14159))
# ---
print("{} and {}".format("a", "b"), "{0}{1}{0}".format("x", "y"), "{name}:{val:>5}".format(name="k", val=3))
# ---
d = {"user": "ada", "n": 3}
print("{user} has {n} items".format(**d), "{0[user]}".format(d))
# ---
print(str.maketrans("abc", "xyz") == {97: 120, 98: 121, 99: 122}, "aabbcc".translate(str.maketrans("abc", "xyz")))
# ---
s = "a,b,,c,"
print(s.split(","), [p for p in s.split(",") if p], s.strip(",").split(","))
# ---
print("Ünïcödé".lower(), "straße".upper(), len("héllo"), "héllo".encode("utf-8"))
# ---
print("tab\tsep".expandtabs(4), repr("x\ty".expandtabs()))
# ---
print(f"{'Total:':<10}{1234.5:>12,.2f}")
print(f"{-1234.5:>12,.2f}", f"{0.000123:.3g}", f"{123456789:.3g}", f"{1.0:g}")
# ---
print(f"{10:>5}%", f"{0.5:>7.2%}", f"{3:<4d}|", f"{True}", f"{None}")
# ---
print(format(1234.5678, ",.1f"), format(0.1234, ".0%"), format("x", "^5"), format(42, "x"))
