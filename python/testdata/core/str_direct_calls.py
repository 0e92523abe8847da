# str methods' direct bodies (str_fast.go's strDirect): the common calls on a
# plain str take a short path; every other form of the call (arguments,
# keywords, counts, subclasses, unbound calls, long or non-ASCII receivers)
# must still be the general method's, with CPython's values and errors.
class S(str):
    pass
out = []
for s in ["  a b  ", "\u3000x\u3000", "", "xyx", S("  sub  "), "\t\n a;b ;c\x1c"]:
    out.append((s.strip(), s.lstrip(), s.rstrip(), s.strip("x"), s.strip(None), s.rstrip(" ;c")))
    out.append((s.split(), s.split(";"), s.split(";", 1), s.split(None, 1), s.split(sep=";"), s.split(maxsplit=0)))
    out.append((s.startswith(" "), s.endswith(" "), s.startswith(("x", " ")), s.endswith("", 1), s.startswith("a", 2, 3)))
    out.append((s.upper(), s.lower(), s.isspace(), s.title()))
    out.append((s.replace(" ", "_"), s.replace("", "."), s.replace(" ", "", 1), s.replace(S("x"), S("yy")), s.replace("q", "r")))
assert out[0] == ("a b", "a b  ", "  a b", "  a b  ", "a b", "  a b"), out[0]
assert out[4] == ("__a_b__", ". . .a. .b. . .", " a b  ", "  a b  ", "  a b  "), out[4]
assert out[5] == ("x", "x\u3000", "\u3000x", "\u3000x\u3000", "x", "\u3000x\u3000"), out[5]
assert out[6] == (["x"], ["\u3000x\u3000"], ["\u3000x\u3000"], ["x"], ["\u3000x\u3000"], ["x\u3000"]), out[6]
assert type(S("  sub  ").strip()) is str and type(S("a;b").split(";")[0]) is str
long = "ab;" * 2000
assert len(long.split(";")) == 2001 and len(long.split()) == 1
assert str.strip("  q ") == "q" and str.split("a b") == ["a", "b"] and str.endswith("ab", "b")
errors = []
for call in [lambda: "a".strip(1), lambda: "a".strip(" ", " "), lambda: "a".strip(chars=" "),
             lambda: "a".split(""), lambda: "a".split(1), lambda: "a".split(";", 1, 2),
             lambda: "a".startswith(1), lambda: "a".endswith(), lambda: "a".endswith(("b", 1)),
             lambda: "a".startswith("a", "x"), lambda: "a".upper(1), lambda: "a".lower(x=1),
             lambda: str.strip(1), lambda: str.split(), lambda: "a".replace("a", 1), lambda: "a".replace(1, "a"),
             lambda: "a".replace("a"), lambda: "a".replace("a", "b", "c"), lambda: "a".replace(old="a", new="b")]:
    try:
        call()
        errors.append(None)
    except Exception as e:
        errors.append((type(e).__name__, str(e)))
print(errors)
assert errors[0] == ("TypeError", "strip arg must be None or str"), errors[0]
assert errors[3] == ("ValueError", "empty separator"), errors[3]
assert errors[8] == ("TypeError", "tuple for endswith must only contain str, not int"), errors[8]
