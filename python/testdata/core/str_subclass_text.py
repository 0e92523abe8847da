# A str subclass is text wherever CPython takes text: re, json, builtins
# (int, float, complex, ord, getattr), set membership, and the library.
import re, json
class Text(str):
    def words(self):
        return self.split()

t = Text("alpha beta 42")
m = re.search(r"(\w+) (?P<n>\d+)", t)
print(m.group(), type(m.group()).__name__, type(m.string).__name__, m.string.words(), m["n"], m.span(), m.expand(r"\2-\1"))
print(re.findall(r"\d+", t), re.sub(r"a", "A", t), bool(re.match(r"\w+", t)), re.split(r"\s", t), re.subn("a", Text("o"), t))
print([x.group() for x in re.finditer(r"\w+", t)], re.fullmatch(r".*", t).end(), re.compile(Text(r"\d")).findall(t))
print(re.sub(Text("a"), lambda m: m.group().upper(), t), re.escape(Text("a.b")))
print(re.compile(r"\w+").match(t, 6).group(), re.search("x", t))
print(json.loads(Text('{"k": [1, "v"]}')), json.loads(bytearray(b'{"a": 2}')))
d = json.JSONDecoder().decode(Text('[true]'))
print(d)
# ---
import json, re, string, textwrap, datetime, decimal, fractions, base64, hashlib, unicodedata, html, urllib.parse, csv, io, collections
class Text(str):
    pass
t = Text("a,b")
n = Text("42")
def tr(f):
    try:
        r = f()
        print(repr(r) if not isinstance(r, float) else r)
    except Exception as e:
        print(type(e).__name__, e)
tr(lambda: json.dumps([Text("x"), {Text("k"): Text("v")}]))
tr(lambda: json.dumps(Text("é"), ensure_ascii=False))
tr(lambda: "-".join([t, Text("c")]))
tr(lambda: (int(n), float(n), complex(n), decimal.Decimal(n), fractions.Fraction(n)))
tr(lambda: {"a,b": 1}[t])
tr(lambda: t in {"a,b"})
tr(lambda: "%s|%r" % (t, t))
tr(lambda: f"{t!r:>6}")
tr(lambda: format(t, ">5"))
tr(lambda: t.split(","))
tr(lambda: "xa,by".split(t))
tr(lambda: "a,b".replace(t, Text("z")))
tr(lambda: t + "c")
tr(lambda: t * 2)
tr(lambda: string.Template(Text("$x")).substitute(x=1))
tr(lambda: textwrap.wrap(Text("aa bb cc"), 3))
tr(lambda: datetime.datetime.strptime(Text("2024-01-02"), "%Y-%m-%d"))
tr(lambda: datetime.date.fromisoformat(Text("2024-01-02")))
tr(lambda: base64.b64encode(Text("abc").encode()))
tr(lambda: hashlib.sha256(Text("abc").encode()).hexdigest()[:8])
tr(lambda: unicodedata.normalize(Text("NFC"), Text("é")))
tr(lambda: html.escape(Text("<a>")))
tr(lambda: urllib.parse.quote(Text("a b")))
tr(lambda: list(csv.reader([Text("a,b")])))
tr(lambda: io.StringIO(Text("x\ny")).readlines())
tr(lambda: collections.Counter(Text("aab")))
tr(lambda: sorted([Text("b"), "a"]))
tr(lambda: ord(Text("a")))
tr(lambda: getattr(t, Text("upper"))())
tr(lambda: dict.fromkeys([Text("a")]))
tr(lambda: str(t) == t and type(str(t)).__name__)
tr(lambda: re.compile(Text("a")).pattern)
tr(lambda: (t.startswith(Text("a")), t.strip(Text("a")), t.partition(Text(",")), t.encode(Text("utf-8"))))
tr(lambda: int(Text("ff"), 16))
tr(lambda: "{x}".format_map({Text("x"): 1}))
tr(lambda: str.maketrans({Text("a"): "b"}))
tr(lambda: isinstance(t, str) and issubclass(Text, str))
tr(lambda: hash(t) == hash("a,b"))
tr(lambda: datetime.datetime(2024,1,2).strftime(Text("%Y")))
tr(lambda: (t.isdigit(), n.isdigit(), len(t), t[0], t[::-1], list(t)))
