print("a b  c ".split(None, 1), " a b c".rsplit(None, 1), "a,b,c".rsplit(",", 5), "  ".split(" "), "x".split("x"))
# ---
print("a\nb\r\nc\rd\x0be\x0cf\x1cg\u2028h".splitlines())
# ---
print("they're bill's friends".title(), "hELLO wORLD".capitalize(), "123abc".title())
# ---
print(repr("ab".center(5)), repr("ab".center(6)), repr("abc".center(6, "*")), repr("a".ljust(3, "-")), repr("".center(3)))
# ---
print("aXbXc".count("X", 2), "aXbXc".count("X", 0, 2), "hello".index("l", 3), "hello".find("l", -2), "hello".rfind("l", 0, 3))
# ---
print("hello".startswith("ll", 2), "hello".startswith(("a", "he"), 0, 1), "hello".endswith(("lo", "x")), "".startswith(""))
# ---
print("{0}{1}{0}".format("ab", "cd"), "{:>{}}".format("x", 4), "{!r:^9}".format("q"), "{a[0]}-{b.real}".format(a=[9], b=3))
# ---
print("{0:{1}{2}}".format(3.14159, ".", "2f"), "{:{fill}{align}{width}}".format("z", fill="#", align="<", width=4))
# ---
print("%s|%r|%a" % ("ü", "ü", "ü"), "%(a)s-%(a)r" % {"a": "x"}, "%c%c" % ("a", 98), "%.3s" % "abcdef", "%-4d|" % 7)
# ---
print("%5.1f|%-8.3e|%+.2g|%#o|%#X" % (2.25, 12345.6789, 0.000123456, 8, 255))
# ---
print("%d %i %u" % (3.7, -2.5, 10), "%s" % True, "%d" % True, "%r" % None, "%.0f %.0f %.0f" % (0.5, 1.5, 2.5))
# ---
s = "abc"
print(s * 0 == "", s[::-1][::-1] == s, s[-1:-4:-1], s[5:0:-1], s[0:0], s[-10:10])
# ---
print("".join(sorted("hello", reverse=True)), "-".join(map(str, range(3))), ", ".join(["a"]), "".join(("x", "y")))
# ---
print("Hello World".swapcase(), "  x  ".lstrip() + "|", "xyxzy".strip("xy"), "aaa".lstrip("a") == "")
# ---
print("1,234".replace(",", ""), "a.b.c".replace(".", "", 1), "aaaa".replace("aa", "b"), "abc".replace("abc", ""))
# ---
print(str(3) + str(4.0) + str(True) + str(None) + str([1]) + str((2,)) + str({3: 4}))
# ---
print("tab\tsep".expandtabs(), "a\tbb\tccc".expandtabs(3), "no tabs".expandtabs(2))
# ---
print("abc".encode("utf-8"), "€".encode("utf-8"), "é".encode("latin-1"), b"\xe2\x82\xac".decode(), "x".encode("ascii"))
# ---
print("é".encode("ascii", "replace"), "é".encode("ascii", "ignore"), b"\xff".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"))
# ---
print("ABC".lower().islower(), "aBc".isupper(), "123".isnumeric(), "1.5".isdecimal(), "-1".isdigit(), "Ⅻ".isnumeric(), "a1".isalnum())
# ---
print(max("hello"), min("hello"), sorted("BaC"), sorted("BaC", key=str.lower), "b" > "B", "a" * 3 < "b")
# ---
print("x=%s" % [1, 2], "x=%s" % ((1, 2),), "%s%%" % 50, "%%s" % (), "{{x}}".format())
# ---
print("%s" % "%d", "{}".format("{}"), f"{'{}'}", "%(x)s" % {"x": "%(y)s"})
# ---
print(str(12).zfill(5), "-3.5".zfill(7), "abc".zfill(5), "+".zfill(3), "".zfill(2))
# ---
print("ab cd ef".split(" ", 1), "a  b".split(" ", 1), " a".split(" "), "a b ".rsplit(" ", 1))
# ---
text = "one two three two one"
print(text.count("two"), text.index("two"), text.rindex("two"), text.replace("two", "2", 1), text.split("two"))
# ---
print("%3d|%-3d|%03d|% 3d" % (-5, -5, -5, -5), "%x|%o" % (-255, -8), "%e" % 0, "%g|%g" % (100000, 1000000))
# ---
print("{:}".format(1.0), "{:n}".format(1234), "{:.0%}".format(0.5), "{:.2}".format(1234.5), "{:.3g}".format(0.0001234), "{:10.4}|".format("truncate"))
# ---
"a".center(5, "ab")
# raises: TypeError: The fill character must be exactly one character long
# ---
"%s %s" % {"a": 1}
# raises: TypeError: not enough arguments for format string
# ---
"%(a)s %s" % {"a": 1}
# raises: TypeError: not enough arguments for format string
# ---
"abc".startswith(["a"])
# raises: TypeError: startswith first arg must be str or a tuple of str, not list
# ---
"a".replace(1, "b")
# raises: TypeError: replace() argument 1 must be str, not int
# ---
"x".join("a", "b")
# raises: TypeError: str.join() takes exactly one argument (2 given)
# ---
"{0:d}".format(1.5)
# raises: ValueError: Unknown format code 'd' for object of type 'float'
# ---
"{:>>}".format("x")
print("{:>>3}".format("x"))
