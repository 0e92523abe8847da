import statistics, heapq
latencies = [120, 85, 300, 95, 110, 87, 450, 99]
print(statistics.median(latencies), statistics.mean(latencies), round(statistics.stdev(latencies), 3), heapq.nlargest(3, latencies))
print(statistics.quantiles(latencies, n=10)[-1], statistics.pstdev(latencies) > 100, min(latencies), statistics.median_high(latencies))
# ---
import csv, io, statistics
text = "region,sales\nnorth,100\nsouth,250\nnorth,150\neast,80\nsouth,50\n"
by = {}
for row in csv.DictReader(io.StringIO(text)):
    by.setdefault(row["region"], []).append(int(row["sales"]))
for region in sorted(by):
    print(region, sum(by[region]), statistics.mean(by[region]))
# ---
import hashlib, base64
payload = b'{"id": 1}'
digest = hashlib.sha256(payload).digest()
print(base64.b64encode(digest).decode(), base64.urlsafe_b64encode(digest).rstrip(b"=").decode(), hashlib.sha1(payload).hexdigest()[:12])
# ---
import urllib.parse, html
q = urllib.parse.urlencode({"q": "<script>", "lang": "en"})
print(q, html.escape(urllib.parse.unquote_plus(q)), urllib.parse.parse_qs(q)["q"][0])
# ---
import random, statistics
rng = random.Random(5)
samples = [rng.gauss(100, 15) for _ in range(200)]
print(round(statistics.mean(samples), 6), round(statistics.stdev(samples), 6), len(samples))
# ---
import heapq
graph = {"a": {"b": 4, "c": 1}, "c": {"b": 2, "d": 7}, "b": {"d": 1}, "d": {}}
dist = {"a": 0}
pq = [(0, "a")]
while pq:
    d, node = heapq.heappop(pq)
    if d > dist.get(node, float("inf")):
        continue
    for nxt, w in graph[node].items():
        nd = d + w
        if nd < dist.get(nxt, float("inf")):
            dist[nxt] = nd
            heapq.heappush(pq, (nd, nxt))
print(sorted(dist.items()))
# ---
import bisect
events = []
for t, name in [(5, "e"), (1, "a"), (3, "c"), (2, "b"), (4, "d")]:
    bisect.insort(events, (t, name))
print(events, bisect.bisect_left(events, (3, "")), [n for t, n in events[bisect.bisect_right(events, (2, "zz")):]])
# ---
from fractions import Fraction
from decimal import Decimal
parts = [Fraction(1, 3), Fraction(1, 6), Fraction(1, 2)]
print(sum(parts), sum(parts) == 1, Fraction(Decimal("0.75")) if hasattr(Fraction, "from_decimal") else None, Fraction.from_decimal(Decimal("1.1")))
# ---
import pprint, json
cfg = json.loads('{"servers": [{"name": "a", "ports": [80, 443]}, {"name": "b", "ports": [22]}], "debug": false, "version": "1.2.3", "owners": ["ops", "platform", "security"]}')
pprint.pprint(cfg, width=60)
# ---
import uuid, hashlib
ns = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
ids = [uuid.uuid5(ns, name) for name in ["alpha", "beta"]]
print(ids, [i.hex[:8] for i in ids], hashlib.md5(ids[0].bytes).hexdigest())
# ---
import io, csv
rows = [["name", "quote"], ["ada", 'She said "hi", then left'], ["bob", "line1\nline2"]]
buf = io.StringIO()
csv.writer(buf).writerows(rows)
print(repr(buf.getvalue()))
print(list(csv.reader(io.StringIO(buf.getvalue()))) == rows)
# ---
import sys, statistics
print(sys.version_info.major == 3, statistics.mean([sys.maxsize, sys.maxsize]) == sys.maxsize, sys.float_info.max > 1e308)
