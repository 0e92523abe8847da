import heapq
h = []
for i, w in enumerate(["pear", "fig", "apple", "kiwi", "banana"]):
    heapq.heappush(h, (len(w), i, w))
print(h, heapq.heappop(h), heapq.nsmallest(2, h), heapq.nlargest(2, ["b", "a", "c"]))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])), list(heapq.merge()), list(heapq.merge([], [1])))
# ---
import heapq
heapq.heappush((1, 2), 3)
# raises: TypeError: heappush() argument 1 must be list, not tuple
# ---
import bisect
a = [10, 20, 30]
print(bisect.bisect(a, 20, 1, 2), bisect.bisect_left(a, 25, hi=1), bisect.bisect_right([], 5))
bisect.insort(a, 15, 0, 1)
print(a)
# ---
import statistics
print(statistics.mean([0.5, 0.25, 0.75]), statistics.median(["b", "a", "c"]), statistics.mode([1.5, 1.5, 2]), statistics.multimode(["x", "y", "x", "y"]))
print(statistics.variance([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), statistics.pvariance([1, 2, 3, 4, 5, 6, 7, 8]), statistics.stdev([10 ** 10, 10 ** 10 + 1]))
# ---
import statistics
statistics.mean(["a", "b"])
# raises: TypeError: can't convert type 'str' to numerator/denominator
# ---
import statistics
statistics.median_low([])
# raises: StatisticsError: no median for empty data
# ---
import statistics
statistics.covariance([1, 2], [1])
# raises: StatisticsError: covariance requires that both inputs have same number of data points
# ---
import random
random.seed(3)
print([random.random() for _ in range(3)], random.getrandbits(32), random.getrandbits(1), random.randbytes(4))
random.seed(3)
print(random.random())
# ---
import random
random.seed("agent-run-17")
print(random.sample(["ada", "bob", "cy", "dee", "eve"], 3), random.choice(range(1000)), round(random.uniform(-1, 1), 15))
# ---
import random
r1 = random.Random(10)
r2 = random.Random()
r2.setstate(r1.getstate())
print(r1.randint(0, 10 ** 9) == r2.randint(0, 10 ** 9), r1.choices("abc", k=6), r2.choices("abc", k=6))
# ---
import random
random.seed(123)
lst = list(range(20))
random.shuffle(lst)
print(lst, random.sample(lst, k=0), random.randrange(1, 10 ** 30), random.randrange(0, 10, 3), random.triangular())
# ---
import random
try:
    random.Random().seed([1, 2])
except TypeError as e:
    print(repr(str(e)))
# ---
import random
random.randrange(1, 10, 0)
# raises: ValueError: zero step for randrange()
# ---
import random
random.choices(["a"], weights=[0])
# raises: ValueError: Total of weights must be greater than zero
# ---
from fractions import Fraction
print(Fraction(7, 3) // 2, Fraction(-7, 3) % 2, Fraction(1, 3) < 0.34, 0.3 < Fraction(1, 3), Fraction(3) == 3.0, Fraction(1, 3) != Fraction(2, 6))
print(Fraction(2, 3) ** Fraction(2), Fraction(4) ** 0.5, 2 ** Fraction(3), 2 ** Fraction(1, 2), 1.5 + Fraction(1, 2), Fraction(9, 4).limit_denominator(1))
# ---
from fractions import Fraction
Fraction(1.5, 2)
# raises: TypeError: both arguments should be Rational instances
# ---
import io
s = io.StringIO("line1\nline2\nline3\n")
print(s.readline(), end="")
print(s.readlines(5), s.tell(), s.read(100), repr(s.read()))
for i, line in enumerate(io.StringIO("x\ny")):
    print(i, repr(line))
# ---
import io
io.StringIO(5)
# raises: TypeError: initial_value must be str or None, not int
# ---
import csv, io
f = io.StringIO("a;b\n1;2\n")
print(list(csv.reader(f, delimiter=";")), list(csv.reader([])), list(csv.reader(["", "x"])), list(csv.reader(['""'])), list(csv.reader([','])))
# ---
import csv, io
out = io.StringIO()
w = csv.writer(out, lineterminator="\n")
for row in [[1.0, 2.25, -3], ["a b", " lead", "trail "], ["x\ty"], [None, "", 0]]:
    w.writerow(row)
print(out.getvalue(), end="")
# ---
import csv
csv.writer(None)
# raises: TypeError: argument 1 must have a "write" method
# ---
import csv, io
csv.writer(io.StringIO()).writerow(5)
# raises: Error: iterable expected, not int
# ---
import urllib.parse
print(urllib.parse.quote("/path with spaces/ü?x=1&y=2"), urllib.parse.quote("a+b", safe="+"), urllib.parse.quote_plus("a&b=c d"), urllib.parse.unquote("%7E%2f%2F"))
print(urllib.parse.urlsplit("HTTP://Host.COM/A?B#C").scheme, urllib.parse.urlparse("//cdn.example.com/lib.js"), urllib.parse.urlparse("file:///etc/hosts").path)
# ---
import urllib.parse
for base, ref in [("http://x.io/a/b/", "../c"), ("http://x.io/a/b", "?q=1"), ("http://x.io/a/b#f", "#g"), ("https://x.io", "y"), ("http://x.io/a", "https://y.io/b"), ("http://x.io/a/", "./")]:
    print(urllib.parse.urljoin(base, ref))
# ---
import urllib.parse
u = urllib.parse.urlsplit("https://user@[2001:db8::1]:8080/p")
print(u.hostname, u.port, u.username, u.password, u.netloc)
print(urllib.parse.urlunsplit(urllib.parse.urlsplit("http://a.b/c?d=e#f")), urllib.parse.parse_qs("k=1&k=2&j=%20")["k"], urllib.parse.parse_qsl("a=%E2%82%AC"))
# ---
import urllib.parse
urllib.parse.urlparse("http://h:70000/").port
# raises: ValueError: Port out of range 0-65535
# ---
import html
print(html.escape('"quoted" & <tagged>'), html.unescape("&#x1F600; &gt;&lt; &AMP; &Amp; &quot;&apos;"), html.unescape("a&b&c"))
# ---
import base64
data = bytes(range(256))
enc = base64.b64encode(data)
print(len(enc), base64.b64decode(enc) == data, base64.b32decode(base64.b32encode(data)) == data, base64.b16decode(base64.b16encode(data)) == data, enc[:20])
# ---
import hashlib
h = hashlib.md5()
for chunk in [b"a", b"b", b"c"]:
    h.update(chunk)
print(h.hexdigest(), hashlib.sha256(b"abc").digest()[:4], hashlib.new("sha512", b"abc").hexdigest()[:16], hashlib.sha1().hexdigest())
# ---
import pprint
print(pprint.pformat({"a": [1, 2, {"b": (3, 4)}], "c": "d"}, width=10))
print(pprint.pformat([1, [2, [3, [4, [5]]]]], width=8))
print(pprint.pformat({"x": set()}, width=5), pprint.pformat(("a" * 30, "b" * 30), width=40))
# ---
import pprint
class P:
    def __repr__(self):
        return "P()"
pprint.pprint({"obj": P(), "objs": [P()] * 3, "n": None, "f": 1.5, "b": b"bytes", "t": True}, width=30)
# ---
from decimal import Decimal
print(Decimal("1.30") * Decimal("3"), Decimal("100") * Decimal("0.15"), Decimal("9.99") - Decimal("10"), Decimal("1e-3") + Decimal("1e3"), Decimal("-0") + Decimal("0"))
print(Decimal(10) ** 30, Decimal("1e30") * 10, Decimal("0.1") * 3, Decimal(1) - Decimal("0.9999999999999999999999999999"), Decimal(7) / 7, Decimal(22) / Decimal(7))
# ---
from decimal import Decimal, ROUND_HALF_UP
amounts = ["10.005", "10.015", "2.345", "-1.005"]
print([str(Decimal(a).quantize(Decimal("0.01"), ROUND_HALF_UP)) for a in amounts], [round(Decimal(a), 2) for a in amounts], [float(Decimal(a)) for a in amounts])
# ---
from decimal import Decimal
print([f"{Decimal(v):.3g}" for v in ["0.0001234", "123456", "1.5", "0"]], f"{Decimal('1234.5'):,}", f"{Decimal('-0.001'):.2e}", f"{Decimal('12.5'):>10}|", f"{Decimal('3.14159'):.0%}")
# ---
import sys
print(repr(sys.version_info)[:34], sys.float_info.radix, sys.int_info.bits_per_digit, isinstance(sys.maxsize, int), sys.stdout.write(""))
# ---
import __future__ as f
print(f.all_feature_names, f.__all__)
for name in f.all_feature_names:
    feat = getattr(f, name)
    print(name, feat, feat.getOptionalRelease(), feat.getMandatoryRelease(), hex(feat.compiler_flag), feat.optional is feat.getOptionalRelease())
print(f.CO_NESTED, f.CO_FUTURE_ANNOTATIONS, f.CO_GENERATOR_ALLOWED, type(f.division).__name__, f._Feature((1,), None, 0))
