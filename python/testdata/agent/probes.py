from enum import Enum
class Status(str, Enum):
    OK = "ok"
print(Status.OK)
# ---
from enum import Enum
class Status(str, Enum):
    OK = "ok"
    FAIL = "fail"
print(Status("fail").name)
# ---
count = 0
def bump() -> None:
    nonlocal count
    count += 1
bump()
bump()
print(count)
# ---
print({100, 5, 33, 8, 1}, {3, 1, 2}, frozenset({2, 1}), set())
# ---
d = {"a": 1, "b": 2}
print(d.keys(), d.values(), d.items(), range(5), d.keys() & {"a", "z"}, d.keys() - {"a"})
# ---
print(type(True).__name__, type(None).__name__, type({}.keys()).__name__, type(x for x in []).__name__, type(print).__name__)
# ---
try:
    print(f"{None:>10}")
except TypeError as e:
    print(e)
# ---
try:
    sorted([3, None, 1])
except TypeError as e:
    print(e)
# ---
try:
    ", ".join([1, 2])
except TypeError as e:
    print(e)
# ---
print(int("0x1f", 16), int("1f", 16), int("0b101", 0), hex(255), bin(5), oct(8), int("  42\n"), float("1e3"), float("-inf"))
# ---
print(b"\x00\xff".hex(), bytes.fromhex("deadbeef"), bytearray(b"ab") + b"c", list(b"hi"), (1024).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "little"))
# ---
print("%(name)s is %(age)d" % {"name": "ada", "age": 36}, "{a}-{b}".format_map({"a": 1, "b": 2}))
# ---
print("a\nb\r\nc".splitlines(keepends=True), "ǅ".casefold(), "²".isdigit(), "²".isdecimal(), "½".isnumeric())
# ---
import string
print(string.capwords("hello   world-wide web"))
# ---
print(*["a", "b", "c"], sep="\n")
print("x", "y", sep=", ", end="!\n")
print()
# ---
def gen():
    yield 1
    yield from [2, 3]
    return "done"
g = gen()
print(next(g), list(g), next(g, "exhausted"))
# ---
from dataclasses import dataclass, field
@dataclass(kw_only=True)
class Opt:
    name: str
    level: int = 1
@dataclass(slots=True)
class S:
    a: int
o = Opt(name="x")
print(o.name, o.level, S(1).a, hasattr(S(1), "__dict__"))
# ---
from decimal import Decimal
print(f"{Decimal('1.5'):.2f}", f"{Decimal('1234.5'):,}", Decimal("1.10") * 2, str(Decimal("1e3")), Decimal("0.1") + 1)
# ---
print(round(0.125, 2), f"{0.125:.2f}", round(1.005, 2), f"{2.675:.2f}", round(-1.5), round(1e20), 3.0 * 1.1)
# ---
print(repr(-0.0), 1e-07, 1e22, 12345678901234567890.0, 2**64, float(2**53 + 1), 1/7)
# ---
print({"it's": 'a"b', "k": "x'y\"z"}, ["\n", "\t", "\\", "é", "\x00", "\u200b"])
# ---
import statistics
print(statistics.mean([1, 2, 3, 4]), statistics.mean([2, 4]), statistics.median([1, 2]), statistics.median([1, 3, 5]), statistics.stdev([1, 1, 1]))
# ---
import calendar
print(calendar.monthrange(2024, 2), calendar.isleap(2024), calendar.month_name[3], calendar.day_abbr[0])
# ---
from zoneinfo import ZoneInfo
from datetime import datetime
dt = datetime(2024, 7, 1, 12, 0, tzinfo=ZoneInfo("UTC"))
print(dt.isoformat(), dt.astimezone(ZoneInfo("America/New_York")).isoformat())
# ---
from datetime import datetime, timezone
dt = datetime(2024, 7, 1, 12, 0, 0, 500, tzinfo=timezone.utc)
print(dt.isoformat(), dt.strftime("%Y-%m-%dT%H:%M:%S%z %Z"), str(dt))
# ---
from datetime import datetime, timezone, date
now = datetime.now(timezone.utc)
print(type(now).__name__, now.tzinfo is timezone.utc, type(date.today()).__name__, isinstance(datetime.now(), date))
# ---
from datetime import datetime
print(datetime(2024, 1, 5).strftime("%d/%m/%y %H%M %B %b %A %a %p %%"), datetime(2024, 1, 5, 13).strftime("%I %p %j %U %W"))
# ---
from datetime import datetime
print(datetime.strptime("Mar 5 2024 1:05PM", "%b %d %Y %I:%M%p"), datetime.strptime("2024-03-05T10:00:00.123Z", "%Y-%m-%dT%H:%M:%S.%fZ"))
# ---
from datetime import datetime
print(datetime.strptime("2024-03-05 10:00:00 +0530", "%Y-%m-%d %H:%M:%S %z").isoformat())
# ---
from datetime import datetime
try:
    datetime.strptime("2024-03-05", "%Y/%m/%d")
except ValueError as e:
    print(e)
try:
    datetime.strptime("2024-03-05 extra", "%Y-%m-%d")
except ValueError as e:
    print(e)
# ---
from datetime import datetime
try:
    datetime(2024, 2, 30)
except ValueError as e:
    print(e)
# ---
from datetime import datetime, timedelta
print(repr(timedelta(days=1, hours=2)), repr(timedelta(0)), timedelta(weeks=1) // timedelta(days=1), timedelta(hours=1) / timedelta(minutes=1))
# ---
from datetime import datetime
print(datetime.fromisoformat("2024-03-15T14:30:00.5"), datetime.fromisoformat("2024-03-15T14:30:00.123+01:00"), datetime.fromisoformat("20240315"))
# ---
from datetime import date
print(date.fromisoformat("2024-W11-5") if False else date(2024, 3, 15).isocalendar().week, date.max, date.min.isoformat())
# ---
class Cfg:
    retries = 3
c = Cfg()
print(getattr(c, "retries", None), getattr(c, "nope", "default"), hasattr(c, "x"), vars(Cfg()).keys() if False else vars(c))
# ---
users = [{"n": "b", "age": None}, {"n": "a", "age": 30}, {"n": "c"}]
print(sorted(users, key=lambda u: u.get("age") or 0), min([], default="empty"), max([1, 5], key=lambda x: -x))
# ---
names = ["bob", "Ada", "cy", "Dee"]
names.sort(key=str.lower)
print(names, sorted(names, key=len, reverse=True), sorted(reversed({"x": 1, "y": 2})))
# ---
d = {"a": 1, "b": 2}
del d["a"]
d["a"] = 3
print(d, dict(sorted(d.items())), list(reversed(d)))
# ---
for i, (k, v) in enumerate({"x": 10, "y": 20}.items()):
    print(i, k, v)
# ---
w = 8
print("{:>{w}}|{:<{w}}|".format("r", "l", w=w), "{:{fill}^{w}}".format("c", fill="*", w=w))
# ---
print(isinstance(True, int), isinstance(1.0, (int, float)), type(1) is int, issubclass(bool, int), callable(len))
# ---
x = [1, [2, [3, [4]]]]
def flat(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flat(x)
        else:
            yield x
print(list(flat(x)), sum(flat(x)))
# ---
import json
from datetime import datetime, date
data = {"when": datetime(2024, 1, 1, 12), "day": date(2024, 1, 2), "ids": {3, 1, 2}, "tup": (1, "a")}
print(json.dumps(data, indent=2, default=str))
# ---
import json
print(json.dumps({"name": "Zoë", "city": "Zürich"}, indent=2, ensure_ascii=False))
print(json.dumps({"a": 1}, indent=0))
# ---
import json
print(json.dumps(3.0), json.dumps(1e100), json.dumps(-0.0), json.dumps(0.1 + 0.2), json.dumps(10**20), json.dumps(1.5e-10))
# ---
import json
class E(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({"s": {3, 1}}, cls=E))
try:
    json.dumps({"o": object()}, cls=E)
except TypeError as e:
    print(e)
# ---
import json
print(json.loads('{"a": 1.0, "b": 1e2, "c": -1}', parse_float=str), json.loads("[1]", object_hook=None))
print(json.loads('{"x": {"y": 1}}', object_hook=lambda d: {k.upper(): v for k, v in d.items()}))
# ---
import uuid
u = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
print(u.version, u.variant, u.fields[0], u.bytes[:4], uuid.UUID(bytes=u.bytes) == u, u.urn)
# ---
import hashlib
print(hashlib.sha512(b"x").hexdigest()[:20], hashlib.blake2b(b"x", digest_size=8).hexdigest(), hashlib.new("sha256", b"x").hexdigest()[:8])
# ---
import hashlib
print(hashlib.sha256("naïve".encode()).hexdigest()[:12], hashlib.md5(b"a" * 1000).hexdigest())
# ---
import base64
print(base64.b64encode(b"").decode(), base64.b64decode("aGk=") , base64.b64decode(b"aGk"+b"="), base64.standard_b64encode(b"\x00\x01"), base64.b32encode(b"hi"))
# ---
import itertools
print(list(itertools.islice(itertools.count(), 3)), list(itertools.compress("abc", [1, 0, 1])), list(itertools.tee([1, 2])[1]))
# ---
from collections import Counter
c = Counter({"b": 2, "a": 2, "c": 5})
print(c.most_common(2), sorted(c), c + Counter(), Counter("aab") == Counter("aba"), repr(Counter()))
# ---
from collections import defaultdict
d = defaultdict(list)
d["x"].append(1)
print(repr(d), d.default_factory is list, "y" in d, d.get("y"))
# ---
from typing import Any
def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out
merge({"a": {"x": 1, "y": 2}, "b": 1}, {"a": {"y": 3, "z": 4}, "c": 5})
# ---
import re
print(re.sub(r"(?P<w>\w+)", r"<\g<w>>", "a b"), re.findall(r"[^\W\d_]+", "héllo wörld 42"), re.match(r"\s*$", "   ") is not None)
# ---
import re
print(re.split(r"\n{2,}", "p1\n\n\np2\n\np3"), re.sub(r"^\s+|\s+$", "", "  x  "), re.findall(r"\w+(?=:)", "a: b c:d"))
# ---
import re
m = re.search(r"(\d+)-(\d+)", "range 10-20")
a, b = map(int, m.groups())
print(list(range(a, b, 5)), m.start(1), m.end(2))
# ---
from urllib.parse import urlparse, parse_qs
q = parse_qs(urlparse("/search?q=a+b&q=c%20d&empty=").query)
print(q)
# ---
import textwrap
print(textwrap.shorten("Hello  world!", width=11), textwrap.shorten("abcdefghijklmnop qr", width=10))
try:
    textwrap.shorten("abc def", width=2)
except ValueError as e:
    print(e)
# ---
print(str(b"bytes"), b"a" + b"b", "é".encode(), b"\xc3\xa9".decode(), "x".encode("ascii", errors="ignore"), b"\xff".decode("utf-8", errors="replace"))
# ---
try:
    b"\xff".decode()
except UnicodeDecodeError as e:
    print(e)
# ---
import math
print(math.floor(-0.5), math.ceil(-0.5), math.isqrt(17), math.dist((0, 0), (3, 4)), math.degrees(math.pi), math.radians(180))
print(f"{math.nan}", math.inf, -math.inf, max(1, math.nan), sum([1.5, 2.5]))
