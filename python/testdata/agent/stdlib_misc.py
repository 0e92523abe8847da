from urllib.parse import urlparse, parse_qs, urlencode, quote, unquote
u = urlparse("https://api.example.com:8443/v1/items?page=2&tag=a&tag=b#frag")
print(u.scheme, u.netloc, u.hostname, u.port, u.path, u.query, u.fragment)
print(parse_qs(u.query))
# ---
from urllib.parse import urlencode, quote, unquote, quote_plus
print(urlencode({"q": "hello world", "n": 5, "tags": "a&b"}), quote("a b/c?"), quote("a b/c", safe=""), quote_plus("a b+c"))
print(unquote("caf%C3%A9%20x"))
# ---
from urllib.parse import urljoin, urlunparse, parse_qsl, urlsplit
print(urljoin("https://x.com/a/b/", "../c"), urljoin("https://x.com/a/b", "/root"), parse_qsl("a=1&b=&c=3", keep_blank_values=True))
print(urlsplit("http://user:pw@host/p").username, urlunparse(("https", "h.io", "/p", "", "q=1", "")))
# ---
from urllib.parse import urlparse
u = urlparse("https://github.com/toolplane/toolplane/pull/12")
owner, repo, kind, num = u.path.strip("/").split("/")
print(owner, repo, kind, int(num), u._replace(path="/").geturl())
# ---
import base64
raw = "hello agent ✓".encode()
enc = base64.b64encode(raw)
print(enc, enc.decode(), base64.b64decode(enc).decode())
print(base64.urlsafe_b64encode(b"\xfb\xff\xfe"), base64.b16encode(b"hi"))
# ---
import base64, json
token = base64.urlsafe_b64encode(json.dumps({"sub": "ada"}).encode()).decode().rstrip("=")
padded = token + "=" * (-len(token) % 4)
print(token, json.loads(base64.urlsafe_b64decode(padded)))
# ---
import base64
import binascii
try:
    base64.b64decode("abc")
except binascii.Error as e:
    print(type(e).__name__, e)
# ---
import hashlib
print(hashlib.sha256(b"hello").hexdigest())
print(hashlib.md5("hello".encode()).hexdigest(), hashlib.sha1(b"").hexdigest())
# ---
import hashlib
h = hashlib.sha256()
for chunk in [b"a", b"b", b"c"]:
    h.update(chunk)
print(h.hexdigest()[:16], h.digest_size, len(h.digest()), h.name)
# ---
import hashlib, json
def fingerprint(obj) -> str:
    return hashlib.sha1(json.dumps(obj, sort_keys=True).encode("utf-8")).hexdigest()[:10]
print(fingerprint({"b": 1, "a": [1, 2]}), fingerprint({"a": [1, 2], "b": 1}))
# ---
import hmac, hashlib
sig = hmac.new(b"secret", b"payload", hashlib.sha256).hexdigest()
print(sig, hmac.compare_digest(sig, sig))
# ---
import uuid
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u, u.hex, u.version, repr(u), str(u).upper())
# ---
import uuid
u = uuid.UUID("{12345678-1234-5678-1234-567812345678}")
print(u == uuid.UUID("12345678123456781234567812345678"), uuid.uuid5(uuid.NAMESPACE_DNS, "example.com"))
try:
    uuid.UUID("not-a-uuid")
except ValueError as e:
    print(e)
# ---
import uuid
u = uuid.uuid4()
print(len(str(u)), u.version, str(u).count("-"), isinstance(u.int, int))
# ---
import csv, io
data = "name,age,city\nada,36,London\nbob,25,\"New York, NY\"\n"
rows = list(csv.DictReader(io.StringIO(data)))
print(rows)
print([r["city"] for r in rows])
# ---
import csv, io
buf = io.StringIO()
w = csv.writer(buf)
w.writerow(["id", "note"])
w.writerow([1, 'says "hi", ok'])
w.writerow([2, None])
print(repr(buf.getvalue()))
# ---
import csv, io
buf = io.StringIO()
w = csv.DictWriter(buf, fieldnames=["a", "b"], extrasaction="ignore")
w.writeheader()
w.writerows([{"a": 1, "b": 2, "c": 3}, {"a": "x"}])
print(buf.getvalue(), end="")
# ---
import csv, io
rows = list(csv.reader(io.StringIO("a\tb\n1\t2\n"), delimiter="\t"))
print(rows, list(csv.reader(["x,'y,z'"], quotechar="'")))
# ---
import csv, io
buf = io.StringIO()
csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL).writerow(["a", 1, 2.5])
print(buf.getvalue(), end="")
# ---
import statistics as st
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(st.mean(data), st.median(data), st.mode(data), st.pstdev(data), round(st.stdev(data), 4))
# ---
import statistics
lat = [120.5, 98.2, 143.9, 101.1, 99.7, 250.0]
print(f"mean={statistics.mean(lat):.1f} median={statistics.median(lat):.1f} p-stdev={statistics.pstdev(lat):.2f}")
print(statistics.quantiles(lat, n=4), statistics.fmean([1, 2, 4]))
# ---
import statistics
try:
    statistics.mean([])
except statistics.StatisticsError as e:
    print(type(e).__name__, e)
print(statistics.median_low([1, 3, 5, 7]), statistics.median_high([1, 3, 5, 7]), statistics.variance([1, 2, 3, 4]))
# ---
import statistics
print(statistics.mean([1, 2]), statistics.mean([1.5, 2.5]), statistics.median([3, 1, 2, 4]), statistics.multimode("aabbc"))
# ---
import math
vals = [3.7, -2.2, 0.5]
print([math.floor(v) for v in vals], [math.ceil(v) for v in vals], [round(v) for v in vals], math.trunc(-2.7))
print(math.sqrt(16), math.isclose(0.1 + 0.2, 0.3), math.pi, math.e, math.inf > 1e308)
# ---
import math
print(math.log(100, 10), math.log2(1024), math.log10(0.001), math.exp(1) == math.e, math.hypot(3, 4), math.fsum([0.1] * 10))
print(math.gcd(12, 18), math.lcm(4, 6), math.factorial(10), math.comb(5, 2), math.perm(5, 2), math.prod([1, 2, 3, 4]))
# ---
import math
try:
    math.sqrt(-1)
except ValueError as e:
    print(e)
try:
    math.log(0)
except ValueError as e:
    print(e)
print(math.isnan(float("nan")), math.isinf(-math.inf), math.copysign(1, -0.0))
# ---
print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1234.5678, -2), round(7, -1))
print(10 / 4, 10 // 4, -7 // 2, -7 % 3, divmod(-7, 2), 2 ** -1, 0.1 + 0.2)
# ---
nums = [0.1, 0.2, 0.3]
print(sum(nums), f"{sum(nums):.2f}", sum(nums) == 0.6, 1e16 + 1, 1 / 3, 2 / 3, 100 * 1.1)
# ---
total, n = 1234, 7
avg = total / n
pct = 3 / 7 * 100
print(f"avg {avg:.2f}, pct {pct:.1f}%, int {int(avg)}, {avg!r}")
# ---
from decimal import Decimal, ROUND_HALF_UP
price = Decimal("19.995")
print(price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), Decimal("0.1") + Decimal("0.2"), Decimal(3) / Decimal(7))
# ---
from fractions import Fraction
print(Fraction(1, 3) + Fraction(1, 6), Fraction("0.25"), float(Fraction(7, 8)))
# ---
import random
random.seed(42)
print(random.randint(1, 100), random.choice("abcdef"), random.random())
lst = list(range(10))
random.shuffle(lst)
print(lst, random.sample(range(100), 3))
# ---
import string
print(string.ascii_lowercase[:5], string.digits, string.punctuation[:6], string.Template("hi $who").substitute(who="ada"))
# ---
import io
buf = io.StringIO()
print("header", file=buf)
buf.write("line2\n")
print(buf.getvalue().splitlines(), buf.tell())
# ---
import time
t0 = time.perf_counter()
x = sum(range(1000))
elapsed = time.perf_counter() - t0
print(x, elapsed >= 0, isinstance(time.time(), float))
# ---
import copy
orig = {"a": [1, 2], "b": {"c": 3}}
shallow = copy.copy(orig)
deep = copy.deepcopy(orig)
orig["a"].append(9)
print(shallow["a"], deep["a"])
# ---
import pprint
data = {"users": [{"id": i, "name": f"user{i}", "roles": ["admin", "dev"]} for i in range(3)]}
pprint.pprint(data)
# ---
import pprint
print(pprint.pformat({"b": 1, "a": 2}), pprint.pformat(list(range(30)), width=40))
# ---
import operator
from typing import Any
ops = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
print([ops[o](6, 3) for o in "+-*/"])
# ---
import shlex
print(shlex.split('git commit -m "fix: a bug" --amend'), shlex.quote("it's"), shlex.join(["a b", "c"]))
# ---
import html
print(html.escape('<a href="x">Tom & Jerry</a>'), html.unescape("&lt;p&gt; &amp; &#39;"))
# ---
import fnmatch
files = ["a.py", "b.txt", "test_a.py", "README.md"]
print(fnmatch.filter(files, "*.py"), fnmatch.fnmatch("test_a.py", "test_*"))
# ---
from pathlib import PurePosixPath
p = PurePosixPath("/repo/src/pkg/module.py")
print(p.name, p.stem, p.suffix, p.parent, p.parts[-2], p.with_suffix(".txt"), p.relative_to("/repo"))