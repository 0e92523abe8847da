scores = {"a": 3, "b": 9, "c": 5}
print(max(scores, key=scores.get), sorted(scores, key=scores.get, reverse=True), min(scores.items(), key=lambda kv: kv[1]))
# ---
for i in range(10):
    if i == 3:
        return {"stopped_at": i}
# ---
try:
    r = await get_user(1)
    return r["name"]
finally:
    print("cleanup")
# ---
import asyncio
async def inner(i):
    return await asyncio.gather(add(i, 1), add(i, 2))
await asyncio.gather(*(inner(i) for i in range(3)))
# ---
import asyncio
res = await asyncio.gather()
res
# ---
import asyncio
r = await asyncio.gather(*[asyncio.sleep(0, result=i) for i in range(3)])
r
# ---
import asyncio
try:
    await asyncio.wait_for(fail("fast fail"), timeout=1)
except Exception as e:
    print(type(e).__name__, e)
# ---
import asyncio
async def worker(n: int) -> int:
    await asyncio.sleep(0.05 * (5 - n))
    return n
order = []
for fut in asyncio.as_completed([worker(i) for i in range(5)]):
    order.append(await fut)
order
# ---
import asyncio
t = asyncio.create_task(slow("v", delay=0.001))
print(t.done())
await t
print(t.done(), t.result())
# ---
import asyncio
ev = asyncio.Event()
async def setter():
    await asyncio.sleep(0.001)
    ev.set()
asyncio.create_task(setter())
await ev.wait()
print("event set", ev.is_set())
# ---
import asyncio
lock = asyncio.Lock()
shared = []
async def append(i):
    async with lock:
        shared.append(i)
        await asyncio.sleep(0)
await asyncio.gather(*[append(i) for i in range(4)])
shared
# ---
x = await add(0.1, 0.2)
print(x, round(x, 2), f"{x:.3f}")
# ---
r = await echo(*[1, 2], **{"k": "v"})
r
# ---
r = await echo(items=[{"id": 1, "meta": {"z": 1, "a": 2}}])
print(r["kwargs"]["items"][0]["meta"])
# ---
r = await slow({"b": 1, "a": 2})
print(list(r.keys()))
# ---
from itertools import groupby
data = ["a1", "a2", "b1", "a3"]
print([(k, list(g)) for k, g in groupby(data, key=lambda s: s[0])])
# ---
from typing import Any
records: list[dict[str, Any]] = [
    {"region": "eu", "product": "x", "sales": 10.5},
    {"region": "us", "product": "x", "sales": 20},
    {"region": "eu", "product": "y", "sales": 4.25},
]
totals: dict[str, float] = {}
for r in records:
    totals[r["region"]] = totals.get(r["region"], 0) + r["sales"]
pivot: dict[str, dict[str, float]] = {}
for r in records:
    pivot.setdefault(r["product"], {})[r["region"]] = r["sales"]
print(totals, pivot)
# ---
from collections import Counter, defaultdict
logs = [("GET", 200), ("POST", 500), ("GET", 404), ("GET", 200), ("PUT", 500)]
by_method = defaultdict(Counter)
for m, s in logs:
    by_method[m][s] += 1
for m in sorted(by_method):
    print(m, dict(by_method[m]), by_method[m].most_common(1)[0])
# ---
rows = [["a", 1], ["b", 22], ["ccc", 333]]
print("\n".join("{:<5}{:>5}".format(*r) for r in rows))
print("\n".join("%-5s%5d" % tuple(r) for r in rows))
# ---
print(f"{'abc':.2}", f"{'abc':>6.2}", f"{12:>+6}", f"{-12:=6}", f"{12:^+7}", f"{3.5:=+8.2f}")
# ---
print(f"{1234:08,}", f"{1234.5:010.2f}", f"{0.1:.20f}", f"{1/3:.15g}", f"{255:X}", f"{255:#o}", f"{10:#b}", f"{65:c}")
# ---
print(f"{12345.6789:.2%}", f"{-0.0:.1f}", f"{1e300 * 10}", f"{100:e}", f"{0:.2e}", f"{123.0:}", f"{123:n}")
# ---
val = 7
print(f"{val = }", f"{val*2 = :>4}", f"{'s'!r:>5}", f"{{literal}}", f"{val:{'>' if val else '<'}5}")
# ---
print(str(1.0), str(100.0), str(1e15), str(1e16), str(0.0001), str(0.00001), str(123456789.123456789), str(2.5e-5))
# ---
print([1.0, 2.50, 3.333333333333333], (0.1, ), {"k": 1e-3}, 10 ** 15 * 1.0, 1.23e+45)
# ---
print(int(True), float(3), int(-3.9), int("-0"), float(" 2.5 "), bool(""), bool("0"), bool([0]), str(None))
# ---
n = 1234567
print(f"{n:,}".replace(",", "."), f"{n / 1e6:.1f}M", f"{n // 1000}k", len(str(n)), str(n)[::-1])
# ---
print("abc".center(8, "-"), "abc".ljust(2), "x".rjust(3, "0"), "Hello World".split(maxsplit=1), "a b c".rsplit(maxsplit=1))
# ---
print("a-b_c d".replace("-", " ").replace("_", " ").split(), "AbC".lower() == "abc", "ß".lower(), "ǅ".upper(), "hello"[10:], "hello"[-10:2])
# ---
text = "  Multi\n  line\n\ttext  "
print([l.strip() for l in text.splitlines() if l.strip()], text.strip().count("\n"), repr(" ".join(text.split())))
# ---
s = "key1: val1; key2: val2;; key3:val3"
d = {k.strip(): v.strip() for part in s.split(";") if part.strip() for k, _, v in [part.partition(":")]}
d
# ---
print("{:.3}".format(3.14159), "{:10.3}|".format("abcdef"), "{!r:>8}".format("x"), "{0!s} {0!r}".format("q"))
# ---
print("%5.1f%%" % 12.345, "%x %o %e %g" % (255, 8, 12345.678, 0.00001234), "%c%c" % (72, "i"), "%+d %05d" % (5, -42))
# ---
print("%s" % [1, "a"], "%s %s" % ("a", None), "%r" % {"a": 1}, "%.2s" % "abcdef", "%*d" % (5, 42))
# ---
try:
    print("%d" % "x")
except TypeError as e:
    print(e)
try:
    print("%s %s" % ("a",))
except TypeError as e:
    print(e)
# ---
try:
    "{} {}".format("a")
except IndexError as e:
    print(e)
try:
    "{x}".format(y=1)
except KeyError as e:
    print(repr(e))
# ---
try:
    f"{1.5:d}"
except ValueError as e:
    print(e)
try:
    format("x", ",")
except ValueError as e:
    print(e)
# ---
from datetime import datetime, timedelta
start = datetime(2024, 3, 1)
weeks = [(start + timedelta(weeks=i)).strftime("%Y-W%V") for i in range(3)]
print(weeks, start.strftime("%G-%V-%u"))
# ---
from datetime import datetime
stamps = ["2024-03-01T10:00:00+00:00", "2024-03-01T09:00:00-02:00"]
parsed = [datetime.fromisoformat(s) for s in stamps]
print(parsed[0] < parsed[1], parsed[1] - parsed[0], sorted(parsed)[0].isoformat())
# ---
from datetime import datetime, timezone
dt = datetime(2024, 1, 1, tzinfo=timezone.utc)
print(dt.strftime("%s") if False else int(dt.timestamp()), dt.isoformat().replace("+00:00", "Z"), dt.date().isoformat())
# ---
from datetime import datetime
dt = datetime(2024, 12, 31, 23, 59, 59, 999999)
print(dt.isoformat(), dt.isoformat(sep=" "), dt.isoformat(timespec="minutes"), dt.time().isoformat(timespec="microseconds"))
# ---
from datetime import time, datetime, date
t = time(9, 30)
print(t, t.strftime("%H:%M"), datetime.combine(date(2024, 1, 1), t), time.fromisoformat("23:15:00"))
# ---
from datetime import datetime, timedelta
d = datetime(2024, 1, 31)
print(d + timedelta(days=30), d.replace(month=2, day=29), (d - datetime(2023, 1, 31)).days)
try:
    d.replace(month=2)
except ValueError as e:
    print(e)
# ---
from datetime import timedelta
td = timedelta(days=2, hours=3, minutes=4, seconds=5, milliseconds=6)
print(td, td.total_seconds(), td.days, td.seconds, td.microseconds, -td, abs(-td), td * 1.5)
# ---
from datetime import datetime
print(datetime.strptime("Tuesday, 05 March 2024", "%A, %d %B %Y").date(), datetime.strptime("240305", "%y%m%d"), datetime.strptime("5/3/24 7:08:09", "%d/%m/%y %H:%M:%S"))
# ---
from datetime import datetime
age = datetime(2024, 6, 1) - datetime(1990, 7, 15)
print(age.days // 365, f"{age.days / 365.25:.1f} years")
# ---
import json
from typing import Any
def compact(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: compact(v) for k, v in obj.items() if v not in (None, "", [], {})}
    if isinstance(obj, list):
        return [compact(v) for v in obj]
    return obj
print(json.dumps(compact({"a": None, "b": {"c": [], "d": 1, "e": [{"f": ""}]}, "g": 0, "h": False})))
# ---
import json
s = json.dumps({"z": 1, "a": {"y": [3, 2], "b": "x"}}, indent=2, sort_keys=True)
print(s)
print(json.dumps(json.loads(s)) == json.dumps({"a": {"b": "x", "y": [3, 2]}, "z": 1}))
# ---
import json
lines = '{"a": 1}\n{"a": 2}\n\n{"a": 3}\n'
records = [json.loads(l) for l in lines.splitlines() if l.strip()]
print(sum(r["a"] for r in records), json.dumps(records, separators=(",", ": ")))
# ---
import json
print(json.dumps({"k": "v"}, indent=2, separators=(",", " = ")), json.dumps([1, [2, [3]]], indent=1))
# ---
import json
print(json.dumps("\u2028\u00ff\x7f\x1f"), json.dumps({"a\nb": 1}), json.loads('"\\/"'))
# ---
import json
try:
    json.loads('{"a": NaN}')["a"]
    print(json.loads("[Infinity, -Infinity, NaN]"))
except Exception as e:
    print(type(e).__name__, e)
# ---
import json
for bad in ["[1, 2", "{'a': 1}", '"unterminated', "[1] extra", "01", "tru"]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(f"{bad!r:16} {e}")
# ---
import csv, io
data = "id,name,score\n1,ada,9.5\n2,bob,\n3,\"cy, jr\",7\n"
reader = csv.DictReader(io.StringIO(data))
print(reader.fieldnames)
scores = [float(r["score"]) for r in reader if r["score"]]
print(scores, sum(scores) / len(scores))
# ---
import csv, io
text = 'a,b\r\n"multi\nline",2\r\n'
print(list(csv.reader(io.StringIO(text))))
# ---
import csv, io
out = io.StringIO()
w = csv.DictWriter(out, fieldnames=["n", "v"])
w.writeheader()
for n, v in [("x", 1.5), ("y,z", None), ('q"t', True)]:
    w.writerow({"n": n, "v": v})
print(repr(out.getvalue()))
# ---
import csv, io
rows = list(csv.reader(io.StringIO("h1;h2\n1;2\n"), delimiter=";"))
header, *body = rows
print(header, body, [dict(zip(header, r)) for r in body])
# ---
import statistics
data = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
print(statistics.quantiles(data, n=10), statistics.quantiles(data, n=4, method="inclusive"))
# ---
import statistics
xs = [1, 2, 3, 4, 5]
ys = [2, 4, 5, 4, 5]
print(round(statistics.correlation(xs, ys), 6), statistics.linear_regression(xs, ys), statistics.harmonic_mean([40, 60]), statistics.geometric_mean([1, 4]))
# ---
import statistics
lat = [12, 15, 11, 200, 14]
p95 = sorted(lat)[int(0.95 * (len(lat) - 1))]
print(p95, statistics.median(lat), statistics.pvariance(lat), f"{statistics.stdev(lat):.3f}")
# ---
import math
vals = [1e308, 1e308]
print(sum(vals), math.fsum([1e308, -1e308, 1.0]), math.floor(2.5), math.ceil(2.0000001), math.fabs(-3), math.pow(2, 0.5), math.sqrt(2) ** 2)
# ---
import math
def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p / 100
    f, c = math.floor(k), math.ceil(k)
    if f == c:
        return xs[int(k)]
    return xs[f] + (xs[c] - xs[f]) * (k - f)
print([percentile([1, 2, 3, 4, 10], p) for p in (0, 50, 90, 99, 100)])
# ---
import textwrap
doc = """
    Usage:
        tool run [--flag]

    Notes here.
"""
print(textwrap.dedent(doc).strip())
print(textwrap.indent(textwrap.dedent(doc).strip(), "    ", lambda l: l.startswith("U")))
# ---
import textwrap
long = "word " * 30
print(textwrap.wrap(long, 40, max_lines=2, placeholder=" [...]"), textwrap.shorten("a" * 50, 10, placeholder="..."))
# ---
import textwrap
print(textwrap.fill("A very long line that should wrap nicely at thirty chars.", 30, break_long_words=False))
print(textwrap.wrap("supercalifragilisticexpialidocious word", 10))
# ---
from urllib.parse import quote, urlencode
print(urlencode({"q": "ä ö", "list": [1, 2]}, doseq=True), urlencode([("a", 1), ("a", 2)]), quote("ä/ö", safe="/"), quote("~-._"))
# ---
import urllib.parse
u = urllib.parse.urlparse("postgres://user:p%40ss@db.internal:5432/app?sslmode=require")
print(u.username, urllib.parse.unquote(u.password), u.hostname, u.port, u.path.lstrip("/"), dict(urllib.parse.parse_qsl(u.query)))
# ---
import urllib.parse
print(urllib.parse.urljoin("https://a.com/x/y?q=1", "z"), urllib.parse.urljoin("https://a.com/x/", "//cdn.com/p"), urllib.parse.urldefrag("http://a/b#c"))
# ---
import urllib.parse
u = urllib.parse.urlsplit("HTTPS://Example.COM:443/Path?a=1")
print(u.scheme, u.netloc, u.hostname, u.port, urllib.parse.urlunsplit(u._replace(query="b=2")))
# ---
import urllib.parse
try:
    urllib.parse.urlparse("http://host:notaport/").port
except ValueError as e:
    print(e)
print(urllib.parse.quote_plus("a+b c&d=e"), urllib.parse.unquote_plus("a+b%2Bc"))
# ---
import uuid
ids = ["550e8400-e29b-41d4-a716-446655440000", "550E8400E29B41D4A716446655440000", "urn:uuid:550e8400-e29b-41d4-a716-446655440000"]
parsed = [uuid.UUID(i) for i in ids]
print(len(set(parsed)), parsed[0].version, str(parsed[1]), parsed[0] < uuid.UUID(int=2**127))
# ---
import uuid
for bad in ["", "123", "550e8400-e29b-41d4-a716-44665544000g"]:
    try:
        uuid.UUID(bad)
    except ValueError as e:
        print(repr(bad), type(e).__name__, e)
# ---
import uuid
print(uuid.uuid3(uuid.NAMESPACE_URL, "https://x.y"), uuid.UUID(int=0), uuid.NAMESPACE_DNS.hex, uuid.UUID(hex="0" * 32).int)
# ---
import base64, hashlib
data = b"payload"
digest = hashlib.sha256(data).digest()
print(base64.b64encode(digest).decode(), base64.urlsafe_b64encode(digest).rstrip(b"=").decode(), digest.hex()[:8])
# ---
import base64
try:
    base64.b64decode("!!!!", validate=True)
except Exception as e:
    print(type(e).__name__, e)
print(base64.b64decode("aGVsbG8"+"=="), base64.b64decode("aGV sbG8=".replace(" ", "")))
