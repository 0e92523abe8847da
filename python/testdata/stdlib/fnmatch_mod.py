# fnmatch.translate gives CPython's exact regular expression text; matching follows it
import fnmatch
pats = ["*.py", "a*b*c", "*", "**", "?x", "[abc]", "[!abc]", "[a-c]", "[]]", "[!]]", "[", "[a-", "[z-a]", "[a-c-e]",
        "x[\\]y", "[!]", "a[^b]", "[[]", "a&&b", "[a&&b]", "[a~~b]", "[a||b]", "*a*", "a**b", "[-a]", "[a-]", "[\\-x]",
        "[b-a-c]", "[a-z-b-c]", "[!-]", "[!a-]", "*.[ch]", "**.txt", "a*", "[x-x]", "[0-9][0-9]?"]
for p in pats:
    print(repr(p), fnmatch.translate(p))
names = ["main.py", "abc", "axxbyyc", "a-b", "-", "]", "!", "x\\y", "^", "[", "a\nb", "report.c", "99x", "9"]
for p in pats:
    print(repr(p), fnmatch.filter(names, p))
print(fnmatch.fnmatch("A.PY", "*.py"), fnmatch.fnmatchcase("a.py", "*.py"), fnmatch.fnmatchcase(b"data.bin", b"*.bin"), fnmatch.filter([b"a1", b"b2"], b"a?"))
# ---
import fnmatch, random, hashlib
r = random.Random(7)
h = hashlib.sha256()
for case in range(400):
    p = "".join(r.choice("ab-!^[]\\*?&~|.z") for _ in range(r.randrange(0, 12)))
    names = ["".join(r.choice("ab-!^[]\\.z&\n") for _ in range(r.randrange(0, 8))) for _ in range(4)]
    h.update(repr((p, fnmatch.translate(p), fnmatch.filter(names, p))).encode())
print(h.hexdigest())
