print('{:#g}'.format(1.0), '{:.0e}'.format(12345), '%#x' % 255, '{:+#.3g}'.format(2.0), '{:#.0f}'.format(3), (0.75).as_integer_ratio(), (1.5).hex(), float.fromhex('0x1.8p1'), (3.0).is_integer(), round(25, -1), round(35, -1), round(-25, -1))
# ---
print((5).to_bytes(), (300).to_bytes(2), int.from_bytes(b'\x01\x02'), format(2 ** 40, '_x'), format(10 ** 9, '_'), '%*d|%-*s|' % (5, 3, 4, 'a'), f"{'x'=!r:>10}")
try:
    format(1234, ',x')
except ValueError as e:
    print(e)
# ---
import math
try:
    s = str(math.factorial(2000))
    print(len(s))
except ValueError as e:
    print(e)
print(len(str(10 ** 4000)), math.factorial(25), math.comb(50, 25), math.perm(5, 2), math.gcd(12, 18, 27), math.lcm(4, 6), math.isqrt(10 ** 20 + 1), math.prod([1.5, 2, 3]), math.dist((0, 0), (3, 4)), math.hypot(3, 4, 12))
# ---
x = 10 ** 5000
try:
    print(x)
except ValueError as e:
    print(e)
print(f"{x % 1000}", x.bit_length(), hex(x)[:6])
# ---
print(sorted([(1, 'a'), (1, 'b'), (0, 'c')], key=lambda t: t[0], reverse=True))
try:
    sorted([(1, None), (1, 2)])
except TypeError as e:
    print(e)
# ---
from collections import OrderedDict, defaultdict, Counter, deque
print({"a": 1, "b": 2} == {"b": 2, "a": 1}, OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {"b": 2, "a": 1})
print(defaultdict(list, {"a": [1]}), defaultdict(int), Counter({"a": -1, "b": 3, "c": 0}), deque([1, 2], maxlen=5), deque(), OrderedDict(a=1), OrderedDict())
c = Counter(a=2, b=-1)
print(+c, -c, c.most_common(), sum(c.values()), Counter("aab") == Counter("aba"), Counter(a=1) == Counter(a=1, b=0))
# ---
a = [1, 2]
a.append(a)
d = {"k": 1}
d["self"] = d
print(a, d, repr(a))
# ---
print(len('👍🏽'), 'e\u0301' == 'é', '\u00df'.casefold(), 'ǆ'.title(), '\x1c'.isspace(), 'a\x0bb\x1cc'.splitlines(), 'a\u2003b'.split(), 'ΣΑΣ'.lower(), 'ﬀ'.upper(), 'i̇'.upper())
# ---
import textwrap
s = "The quick brown fox jumps over the lazy dog and keeps running far away into the distance."
print(textwrap.wrap(s, 20))
print(textwrap.fill(s, 30, initial_indent="> ", subsequent_indent="  "))
print(textwrap.shorten(s, 30), textwrap.shorten("Hello  world!", width=12, placeholder="…"))
print(textwrap.dedent("""
    a
      b
    c
"""), textwrap.indent("x\ny\n", "  "))
# ---
import html, urllib.parse as up
print(html.escape('<a href="x">&\'</a>'), html.unescape('&lt;&amp;&#39;&eacute;&nbsp;x'))
print(up.quote("a b/c?d=é"), up.quote_plus("a b&c"), up.urlencode({"q": "a b", "n": [1, 2]}, doseq=True), up.unquote("%C3%A9%20x"))
u = up.urlparse("https://user:pw@host.com:8080/p/a?x=1&y=2&x=3#frag")
print(u.scheme, u.netloc, u.hostname, u.port, u.path, u.query, u.fragment, up.parse_qs(u.query), up.parse_qsl(u.query), up.urljoin("https://a.com/b/c", "../d"))
# ---
import base64, hashlib, binascii
print(base64.b64encode(b"hello world"), base64.urlsafe_b64encode(b"\xff\xfe\xfd"), base64.b64decode("aGk="), base64.b32encode(b"ab"), hashlib.sha256(b"abc").hexdigest()[:16], hashlib.md5(b"").hexdigest(), binascii.hexlify(b"ab"))
# ---
import random
random.seed(42)
print(random.random(), random.randint(1, 100), random.choice("abcdef"), random.sample(range(100), 5), random.uniform(1, 2))
xs = list(range(10))
random.shuffle(xs)
print(xs, random.choices("abc", weights=[1, 2, 7], k=5), random.randrange(0, 100, 5), random.getrandbits(20), random.gauss(0, 1))
# ---
import random
r = random.Random("seed-string")
print(r.randint(0, 10 ** 12), r.random())
r2 = random.Random(12345)
print([r2.randint(1, 6) for _ in range(10)], r2.normalvariate(10, 2), r2.expovariate(1.5), r2.triangular(0, 1))
# ---
import shlex, csv, io
print(shlex.split('cmd --name "a b" \'c d\' e\\ f'), shlex.quote("it's"), shlex.join(["a b", "c"]))
buf = io.StringIO('name,age,note\nada,36,"likes, commas"\nbob,25,"say ""hi"""\n')
rows = list(csv.DictReader(buf))
print(rows)
out = io.StringIO()
w = csv.writer(out)
w.writerow(["a,b", 'q"t', 3, None, 1.5])
w.writerows([[1, 2], ["x\ny", ""]])
print(repr(out.getvalue()))
# ---
import pprint
data = {"users": [{"id": i, "name": f"user{i}", "roles": ["admin", "dev", "ops"][: i % 3 + 1], "meta": {"created": "2024-01-0%d" % (i + 1), "active": bool(i % 2)}} for i in range(3)], "total": 3, "next": None}
pprint.pprint(data)
print(pprint.pformat(data, width=120, sort_dicts=False)[:200])
pprint.pprint(list(range(40)), compact=True)
pprint.pprint({"z": 1, "a": [1] * 30, "m": ("t",) * 3})
# ---
import statistics
print(statistics.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n=4), statistics.pvariance([1, 2, 3, 4]), statistics.fmean([1, 2, 3]), statistics.geometric_mean([1, 4]), statistics.harmonic_mean([1, 2, 4]), statistics.multimode("aabbc"))
# ---
from decimal import Decimal, ROUND_HALF_UP, ROUND_DOWN, getcontext
print(Decimal("2.675").quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), Decimal("2.5").quantize(Decimal("1")), Decimal("-1.99").quantize(Decimal("0.1"), rounding=ROUND_DOWN), Decimal(0.1), Decimal("1") / Decimal("3"), Decimal("1.50").normalize(), Decimal("1e3") + 1, round(Decimal("2.345"), 2), sum([Decimal("0.1")] * 3), Decimal("3.14159").as_tuple())
print(repr(Decimal("1.0")), str(Decimal("1E+2")), Decimal("0.000001"), Decimal("0.0000001"), f"{Decimal('1234.5'):,.2f}", Decimal(5) ** 2, Decimal("10").sqrt(), int(Decimal("7.9")), float(Decimal("0.1")), Decimal("1.1") > 1)
# ---
import uuid, fnmatch, calendar
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u, u.hex, u.version, repr(u), uuid.uuid5(uuid.NAMESPACE_DNS, "example.com"), uuid.uuid3(uuid.NAMESPACE_URL, "x"))
print(fnmatch.fnmatch("a.py", "*.py"), fnmatch.filter(["a.py", "b.txt", "c.PY"], "*.py"), calendar.monthrange(2024, 2), calendar.isleap(2100), calendar.day_name[0])
# ---
import time
print(time.strftime("%Y-%m-%d", time.gmtime(0)), time.gmtime(86400 * 365).tm_year, time.mktime(time.localtime(1000)) == 1000.0 if False else "")
# ---
import string
print(string.ascii_letters, string.digits, string.punctuation, string.hexdigits, string.whitespace == " \t\n\r\x0b\x0c", string.printable[-6:] == string.whitespace)
# ---
import operator as op
print(op.add(1, 2), op.neg(3), op.contains([1], 1), op.getitem("ab", 1), op.methodcaller("upper")("x"), op.truediv(7, 2), op.floordiv(7, 2), op.mod(-7, 3), op.pow(2, 8), op.not_(0), op.is_(None, None), op.index(5), op.concat([1], [2]), sorted(["bb", "a"], key=op.length_hint if False else len))
# ---
print((5).as_integer_ratio(), (-6).as_integer_ratio(), True.as_integer_ratio())
# ---
print(hasattr(5, "is_integer"))
# ---
import unicodedata
print(unicodedata.normalize("NFC", "e\u0301") == "\u00e9", unicodedata.name("\u00e9"), unicodedata.category("A"))
