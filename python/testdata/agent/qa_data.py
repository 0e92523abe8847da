users = [{"name": "ada", "team": "core", "age": 36}, {"name": "bob", "team": "web", "age": 25},
         {"name": "cy", "team": "core", "age": 25}, {"name": "dee", "team": "ops", "age": 41}, {"name": "eve", "team": "web", "age": 36}]
by_age = sorted(users, key=lambda u: u["age"])
print([u["name"] for u in by_age])
by_team_then_age_desc = sorted(users, key=lambda u: (u["team"], -u["age"]))
print([u["name"] for u in by_team_then_age_desc])
print([u["name"] for u in sorted(users, key=lambda u: u["age"], reverse=True)])
# ---
words = ["banana", "Apple", "cherry", "apple", "Banana", "date"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=lambda w: (len(w), w)))
s = words[:]
s.sort(key=str.casefold, reverse=True)
print(s)
# ---
from operator import itemgetter, attrgetter
rows = [("b", 2, 9.5), ("a", 2, 1.0), ("c", 1, 5.0), ("a", 1, 7.5)]
print(sorted(rows, key=itemgetter(1, 0)), sorted(rows, key=itemgetter(2))[0], max(rows, key=itemgetter(2)), min(rows, key=lambda r: (r[1], -r[2])))
# ---
from collections import defaultdict, Counter
logs = ["GET /a 200", "POST /b 500", "GET /a 404", "GET /c 200", "POST /b 200", "GET /a 200"]
by_path = defaultdict(list)
status = Counter()
for line in logs:
    method, path, code = line.split()
    by_path[path].append(int(code))
    status[code[0] + "xx"] += 1
print(dict(by_path), status.most_common(), status["3xx"], sorted(status.elements())[:3])
# ---
from collections import Counter
c = Counter("mississippi")
print(c.most_common(2), c["s"], sorted(c.items()), c.total(), (c - Counter("ssi")).most_common(1), list(c)[:3])
c2 = Counter(a=3, b=1) + Counter(a=1, c=2)
print(c2, c2 & Counter(a=2, c=5), c2 | Counter(b=4))
# ---
import itertools
data = sorted([("core", "ada"), ("web", "bob"), ("core", "cy"), ("ops", "dee"), ("web", "eve")])
print({k: [n for _, n in g] for k, g in itertools.groupby(data, key=lambda t: t[0])})
print(list(itertools.chain.from_iterable([[1, 2], [3], []])), list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([3, 1, 4], max)))
print(list(itertools.product("ab", repeat=2)), list(itertools.combinations(range(4), 2))[:4], list(itertools.permutations("abc", 2))[:3])
print(list(itertools.zip_longest("ab", [1, 2, 3], fillvalue="-")), list(itertools.pairwise([1, 2, 4, 7])), list(itertools.starmap(pow, [(2, 3), (3, 2)])))
# ---
import itertools
batches = []
it = iter(range(10))
while chunk := list(itertools.islice(it, 4)):
    batches.append(chunk)
print(batches, list(itertools.compress("abcdef", [1, 0, 1, 0, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 5, 2])))
print(list(itertools.repeat("x", 3)), list(zip(itertools.count(10, 5), "abc")), list(itertools.filterfalse(None, [0, 1, "", "a"])))
# ---
d = {"b": 2, "a": 1}
d["c"] = 3
del d["b"]
d["b"] = 4
print(d, list(d), list(d.items())[-1], {**d, "a": 0}, d | {"z": 26}, dict(sorted(d.items())), dict(reversed(d.items())) if hasattr(d, "items") else 0)
d.update(a=10, q=5)
d |= {"c": -3}
print(d, d.pop("q"), d.pop("nope", None), d.setdefault("a", 99), d.setdefault("new", []), d)
# ---
inventory = {"apple": 3, "pear": 0, "kiwi": 12}
print({k: v for k, v in inventory.items() if v}, {v: k for k, v in inventory.items()}, dict.fromkeys("ab", 0), dict(zip("xy", [1, 2])), max(inventory, key=inventory.get))
print(sorted(inventory.items(), key=lambda kv: kv[1], reverse=True), sum(inventory.values()), list(map(len, inventory)))
# ---
import json
raw = '{"users": [{"id": 1, "name": "Ada", "email": null, "tags": ["a", "b"], "score": 9.5}, {"id": 2, "name": "Bob", "active": false, "score": 7}]}'
doc = json.loads(raw)
print(doc["users"][0]["email"], doc["users"][1]["active"], type(doc["users"][1]["score"]).__name__)
out = [{"id": u["id"], "name": u["name"].lower(), "tags": ",".join(u.get("tags", [])) or None} for u in doc["users"]]
print(json.dumps(out))
print(json.dumps(out, indent=2, sort_keys=True))
# ---
import json
print(json.dumps({"a": 1.0, "b": [True, None], "c": "é\n\"", "d": 1e20, "e": -0.0, 1: 2, "f": (1, 2)}))
print(json.dumps({"x": "é"}, ensure_ascii=False), json.dumps([1, [2, {}]], separators=(",", ":")), json.dumps("a/b"), json.dumps(10 ** 20))
# ---
import json
json.dumps({"s": {1, 2}})
# raises: TypeError: Object of type set is not JSON serializable
# ---
import json
from datetime import date
def default(o):
    if isinstance(o, date):
        return o.isoformat()
    if isinstance(o, set):
        return sorted(o)
    raise TypeError(f"cannot encode {type(o).__name__}")
print(json.dumps({"d": date(2024, 1, 2), "s": {3, 1}}, default=default))
print(json.loads('{"a": 1.5, "b": 2}', parse_float=str), json.loads("[1, 2]", parse_int=float), json.loads('"\\u00e9\\ud83d\\ude00"'))
# ---
import json
print(json.loads('{"a": 1, "a": 2}'), json.loads("  [NaN, Infinity, -Infinity] ")[0] != json.loads("NaN"), json.loads("123456789012345678901234567890"), json.loads("1E400"))
print(json.loads('{"k": 1}', object_hook=lambda d: sorted(d.items())), json.loads("true"), json.loads("null") is None)
# ---
records = [{"sku": "A", "qty": 2, "price": 9.99}, {"sku": "B", "qty": 1, "price": 0.1}, {"sku": "A", "qty": 3, "price": 9.99}, {"sku": "C", "qty": 0, "price": 5}]
totals = {}
for r in records:
    totals[r["sku"]] = totals.get(r["sku"], 0) + r["qty"] * r["price"]
print(totals, {k: round(v, 2) for k, v in totals.items()}, sum(totals.values()))
report = "\n".join(f"{sku:<4}{amt:>10.2f}" for sku, amt in sorted(totals.items(), key=lambda kv: -kv[1]))
print(report)
# ---
def deep_merge(a, b):
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out
base = {"db": {"host": "h", "opts": {"ssl": True, "pool": 5}}, "debug": False}
over = {"db": {"opts": {"pool": 10}, "user": "u"}, "debug": True, "new": [1]}
print(deep_merge(base, over), base["db"]["opts"]["pool"])
# ---
import copy
orig = {"a": [1, {"b": 2}], "c": (3, [4])}
shallow = copy.copy(orig)
deep = copy.deepcopy(orig)
orig["a"][1]["b"] = 99
orig["c"][1].append(5)
print(shallow["a"][1]["b"], deep["a"][1]["b"], deep["c"], shallow is orig, shallow["a"] is orig["a"])
# ---
matrix = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*matrix)), [list(r) for r in zip(*matrix)], [[r[i] for r in matrix] for i in range(3)], sum(matrix, []), [x for r in matrix for x in r if x % 2])
grid = [[0] * 3 for _ in range(2)]
grid[0][0] = 1
bad = [[0] * 3] * 2
bad[0][0] = 1
print(grid, bad)
# ---
a = [5, 3, 8, 1]
b = a
b += [0]
c = a[:]
c.append(-1)
a.sort()
print(a, b, c, a is b, sorted(c) == sorted(a + [-1]))
print(a.index(5), a.count(0), a[::2], a[-2:], a[1:100], a.copy() == a, list(reversed(a)), a.pop(), a.pop(0), a)
a.insert(1, "x")
a.extend("yz")
a[1:3] = [7, 7, 7]
del a[::2]
print(a)
# ---
import heapq
tasks = [(3, "low"), (1, "urgent"), (2, "mid"), (1, "also urgent")]
h = []
for t in tasks:
    heapq.heappush(h, t)
print([heapq.heappop(h) for _ in range(len(h))], heapq.nlargest(2, [5, 1, 9, 3]), heapq.nsmallest(2, tasks, key=lambda t: t[1]))
# ---
import bisect
grades = [60, 70, 80, 90]
print([("FDCBA"[bisect.bisect(grades, s)]) for s in [33, 60, 75, 90, 100]])
xs = [1, 3, 3, 7]
bisect.insort(xs, 4)
print(xs, bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3))
# ---
from collections import deque, OrderedDict, namedtuple, ChainMap
q = deque([1, 2, 3], maxlen=4)
q.append(4); q.append(5); q.appendleft(0); q.rotate(1)
print(q, list(q), q.maxlen, q.popleft(), q.pop())
od = OrderedDict.fromkeys("abc")
od.move_to_end("a")
od.move_to_end("c", last=False)
print(list(od), od.popitem(last=False))
P = namedtuple("P", "x y", defaults=[0])
p = P(1)
print(p, p._replace(y=5), p._asdict(), P._fields, p.x + p[1], P(*[3, 4]))
cm = ChainMap({"a": 1}, {"a": 2, "b": 3})
print(cm["a"], cm["b"], dict(cm), len(cm))
# ---
from typing import NamedTuple
class Emp(NamedTuple):
    name: str
    dept: str = "none"
    salary: float = 0.0
    def raise_(self, pct):
        return self._replace(salary=round(self.salary * (1 + pct / 100), 2))
es = [Emp("a", "x", 100), Emp("b", salary=50.5), Emp("c", "x")]
print([e.raise_(10) for e in es], sorted(es, key=lambda e: e.salary)[0].name, es[0] == ("a", "x", 100))
# ---
s1, s2 = {1, 2, 3}, {2, 3, 4}
print(s1 | s2, s1 & s2, s1 - s2, s1 ^ s2, s1 <= s2, {1} < s1, s1.isdisjoint({9}), sorted(s1.union([9], (8,))), frozenset(s1) == s1)
s1.add(0); s1.discard(99); s1.difference_update({1})
print(sorted(s1), len(s1), 2 in s1, sorted({"b", "a", "c"}), sorted({(1, "a"), (0, "z")}))
# ---
{1, 2}.remove(3)
# raises: KeyError: 3
# ---
pairs = [("a", 1), ("b", 2), ("a", 3)]
first = {}
for k, v in pairs:
    first.setdefault(k, v)
last = dict(pairs)
print(first, last, [k for k, _ in pairs], list(dict.fromkeys(k for k, _ in pairs)), any(v > 2 for _, v in pairs), all(pairs))
# ---
data = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
import statistics
print(statistics.mean(data), statistics.median(data), statistics.mode(data), round(statistics.stdev(data), 4), statistics.median_low([1, 2, 3, 4]), sorted(set(data)), max(data), min(data, default=0), min([], default="e"))
# ---
import re
text = "Contact: ada@example.com, bob.smith@test.org; phone +1-555-0100 or (555) 0199. Order #A-1234 on 2024-03-05."
print(re.findall(r"[\w.]+@[\w.]+\w", text), re.findall(r"\d{4}-\d{2}-\d{2}", text), re.search(r"#([A-Z])-(\d+)", text).groups())
m = re.search(r"(?P<y>\d{4})-(?P<m>\d\d)-(?P<d>\d\d)", text)
print(m.group("y"), m["m"], m.groupdict(), m.span(), m.start("d"), text[m.start():m.end()])
print(re.sub(r"\d", "#", "a1b22"), re.sub(r"(\w+)@(\w+)", r"\2 at \1", "x@y z@w"), re.sub(r"\s+", " ", "a \n\t b"), re.split(r"[,;]\s*", "a, b;c"))
# ---
import re
pat = re.compile(r"^(?P<key>[a-z_]+)\s*=\s*(?P<val>.*?)\s*$", re.M)
cfg = """name = toolplane
 bad line
level=3
path =  /usr/bin  """
print({m["key"]: m["val"] for m in pat.finditer(cfg)}, pat.pattern[:5], bool(pat.match("x=1")), pat.fullmatch("bad") is None)
print(re.sub(r"(?i)HELLO", lambda m: m.group().swapcase(), "hello Hello"), re.findall(r"(a)(b)?", "ab a"), re.escape("a.b*c"), re.split(r"(\d)", "a1b2c"))
# ---
import re
print(re.match(r"\d+", "abc123"), re.search(r"\d+", "abc123").group(), re.fullmatch(r"[a-c]+", "abcab") is not None, re.findall(r"\b\w", "hi there you"))
print(re.sub(r"(?P<w>\w+)", r"<\g<w>>", "a b"), re.subn(r"o", "0", "foo boo"), re.compile(r"x", re.I).sub("Y", "xXx", count=2))
# ---
import re
re.compile(r"(unclosed")
# raises: error: missing ), unterminated subpattern at position 0
# ---
text = "The quick brown fox jumps over the lazy dog the end"
words = text.lower().split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top, len(set(words)), max(words, key=len), sorted(words, key=len)[-3:])
# ---
stable = sorted([("b", 1), ("a", 1), ("c", 0), ("d", 1), ("e", 0)], key=lambda t: t[1])
print(stable, sorted([3, 1, 2], reverse=True), sorted("bca"), sorted({"b": 1, "a": 2}), sorted([1.5, 1, True, 0.5]), sorted([[2, 1], [1, 5], [1, 2]]))
# ---
print(sorted([1, "a"]))
# raises: TypeError: '<' not supported between instances of 'str' and 'int'
# ---
nums = list(range(1, 11))
print(list(map(lambda x: x * x, filter(lambda x: x % 3 == 0, nums))), list(enumerate("abc", 1)), list(zip(nums, nums[1:]))[:3], sum(x for x in nums if x & 1), any([]), all([]))
print(list(zip("abc", [1, 2], strict=False)), dict(enumerate("xy")), [i for i, c in enumerate("banana") if c == "a"], list(reversed(range(0, 10, 3))), range(10)[2:8:2], len(range(5, -5, -2)))
# ---
list(zip([1, 2], [1], strict=True))
# raises: ValueError: zip() argument 2 is shorter than argument 1
# ---
import functools, operator
print(functools.reduce(operator.mul, range(1, 21)), functools.reduce(lambda a, b: a + [b * 2], [1, 2, 3], []), operator.itemgetter("a")({"a": 5}), operator.attrgetter("real")(3))
# ---
from collections import defaultdict
tree = lambda: defaultdict(tree)
t = tree()
t["a"]["b"]["c"] = 1
t["a"]["x"] = 2
def to_dict(d):
    return {k: to_dict(v) if isinstance(v, defaultdict) else v for k, v in d.items()}
print(to_dict(t))
# ---
from collections import defaultdict
g = defaultdict(set)
edges = [("a", "b"), ("b", "c"), ("a", "c"), ("c", "d"), ("e", "a")]
for u, v in edges:
    g[u].add(v)
def topo(graph):
    seen, order = set(), []
    def visit(n):
        if n in seen:
            return
        seen.add(n)
        for m in sorted(graph.get(n, ())):
            visit(m)
        order.append(n)
    for n in sorted(graph):
        visit(n)
    return order[::-1]
print(topo(g))
# ---
def paginate(items, size):
    pages = [items[i:i + size] for i in range(0, len(items), size)]
    return {"count": len(items), "pages": len(pages), "last": pages[-1] if pages else []}
print(paginate(list(range(7)), 3), paginate([], 3))
# ---
import datetime as dt
start = dt.datetime(2024, 1, 31, 23, 30)
print(start + dt.timedelta(hours=1), start - dt.timedelta(days=31), (dt.datetime(2024, 3, 1) - dt.datetime(2024, 2, 1)).days, start.weekday(), start.strftime("%A"))
delta = dt.timedelta(days=1, hours=2, minutes=3, seconds=4.5)
print(delta, delta.total_seconds(), str(dt.timedelta(seconds=-1)), dt.timedelta(hours=36) // dt.timedelta(days=1), abs(dt.timedelta(-2)))
# ---
import datetime as dt
d = dt.datetime.fromisoformat("2024-03-05T14:07:09+02:00")
print(d, d.tzinfo, d.utcoffset(), d.astimezone(dt.timezone.utc), d.timestamp(), dt.datetime.strptime("05/03/24 7pm", "%d/%m/%y %I%p"))
print(dt.date(2024, 2, 29) + dt.timedelta(days=365), dt.date(2024, 1, 1).isocalendar(), dt.date.fromisoformat("2023-12-31").toordinal(), dt.date(2024, 5, 17).replace(day=1))
# ---
import datetime as dt
dt.datetime(2023, 2, 29)
# raises: ValueError: day is out of range for month
# ---
import datetime as dt
events = [("deploy", "2024-03-05T10:00:00"), ("alert", "2024-03-04T23:59:59"), ("fix", "2024-03-05T09:30:00")]
parsed = sorted((dt.datetime.fromisoformat(t), n) for n, t in events)
gaps = [(b[1], int((b[0] - a[0]).total_seconds() // 60)) for a, b in zip(parsed, parsed[1:])]
print([n for _, n in parsed], gaps, parsed[0][0] < parsed[-1][0], max(parsed)[0].isoformat(timespec="minutes"))
