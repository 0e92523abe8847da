s = "  Hello, World  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr("xxhixx".strip("x")), repr("abcba".strip("ab")))
# ---
print("a,b,,c".split(","), "a b  c".split(), " a b ".split(" "), "a,b,c".split(",", 1), "a,b,c".rsplit(",", 1))
# ---
print("".split(), "".split(","), "abc".split("b"), "a\nb\r\nc".splitlines(), "a\nb\n".splitlines(True))
# ---
"abc".split("")
# raises: ValueError: empty separator
# ---
print("hello".replace("l", "L"), "hello".replace("l", "L", 1), "aaa".replace("a", "bb"), "abc".replace("", "-"))
# ---
print("hello".find("l"), "hello".rfind("l"), "hello".find("z"), "hello".find("l", 3), "hello".count("l"), "aaaa".count("aa"))
# ---
"hello".index("z")
# raises: ValueError: substring not found
# ---
print("hello".startswith("he"), "hello".endswith("lo"), "hello".startswith(("x", "h")), "hello".endswith("l", 0, 4))
# ---
print("Hello World".upper(), "Hello World".lower(), "hello world".title(), "hello world".capitalize(), "Hello".swapcase())
# ---
print("abc".isalpha(), "123".isdigit(), "12a".isalnum(), "   ".isspace(), "Abc".istitle(), "ABC".isupper(), "abc".islower(), "".isalpha())
# ---
print("42".isdecimal(), "４２".isdigit(), "x1".isidentifier(), "1x".isidentifier(), "½".isnumeric(), "abc".isascii(), "é".isascii())
# ---
print("a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"), "abc".rpartition("x"))
# ---
print("[" + "hi".center(8) + "]", "[" + "hi".ljust(6, ".") + "]", "[" + "hi".rjust(6) + "]", "42".zfill(5), "-42".zfill(6), "+7".zfill(4))
# ---
print("a\tb\tc".expandtabs(4), repr("x\ty".expandtabs()))
# ---
print("Hello".casefold(), "ß".lower(), "straße".upper(), "ǆ".title())
# ---
print("prefix_body".removeprefix("prefix_"), "body.py".removesuffix(".py"), "x".removeprefix("y"))
# ---
print(",".join(["a", "b"]), "".join([]), "ab".join("xyz"))
# ---
t = str.maketrans("abc", "xyz", "d")
print("abcd-abcd".translate(t), "hello".translate({ord("l"): None, ord("h"): "J"}))
# ---
print("{} and {}".format("a", "b"), "{0}{1}{0}".format("x", "y"), "{name}!".format(name="hi"))
# ---
print("abc".encode(), "é".encode("utf-8"), "é".encode("latin-1"), b"caf\xc3\xa9".decode("utf-8"))
# ---
print("one two three".split(maxsplit=1), " x ".strip() or "empty", "A-B_C".lower().replace("_", "-").split("-"))
# ---
s = "The quick brown fox"
print(s.lower().count("o"), [w[0] for w in s.split()], s.split()[::-1], len(s.split()))
# ---
print("a b".split(" "), "a  b".split(" "), "  a  ".split(), "1,2,3".split(",")[-1])
# ---
print("ab" in "xaby", "xyz".find(""), "abc".rindex("c"), "abcabc".rfind("abc"))
# ---
print("Ab1 ".isprintable(), "\n".isprintable(), "abc".zfill(2), "%".join("ab"))
# ---
print(str.upper("x"), str.join("-", ["a", "b"]), str.strip("  s "), str.lower("ABC"))
# ---
"abc".upper(1)
# raises: TypeError: str.upper() takes no arguments (1 given)
# ---
print("hello world".split("o"), "mississippi".split("ss"), "a|b|c".split("|", maxsplit=-1))
# ---
print("xAx".lstrip("x"), "xAx".rstrip("x"), "  \t\n x \n".strip(), "www.example.com".strip("cmowz."))
# ---
print("%-10s|" % "left", "%10.3f|" % 3.14159, "%+d %+d" % (5, -5), "%05d" % 42, "%x %X %o" % (255, 255, 8))
