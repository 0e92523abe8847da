issues = [
    {"id": 1, "title": "Crash on start", "labels": ["bug", "p1"], "assignee": "ada", "points": 3},
    {"id": 2, "title": "Add dark mode", "labels": ["feature"], "assignee": None, "points": 5},
    {"id": 3, "title": "Typo in docs", "labels": ["docs", "bug"], "assignee": "bob", "points": 1},
    {"id": 4, "title": "Slow search", "labels": ["bug", "perf"], "assignee": "ada", "points": 8},
]
bugs = [i for i in issues if "bug" in i["labels"]]
print([b["id"] for b in bugs], sum(b["points"] for b in bugs))
by_assignee = {}
for i in issues:
    by_assignee.setdefault(i["assignee"] or "unassigned", []).append(i["id"])
print(by_assignee)
# ---
rows = [{"team": "core", "n": 3}, {"team": "web", "n": 1}, {"team": "core", "n": 4}, {"team": "ops", "n": 2}]
totals = {}
for r in rows:
    totals[r["team"]] = totals.get(r["team"], 0) + r["n"]
ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
print(ranked)
for team, n in ranked:
    print(f"{team:<6}{n:>3} {'#' * n}")
# ---
import json
payload = '{"users": [{"name": "Ada", "tags": ["x"], "active": true}, {"name": "Bob", "tags": [], "active": false, "score": 7.5}]}'
data = json.loads(payload)
active = [u["name"] for u in data["users"] if u["active"]]
print(active, data["users"][1].get("score"), data["users"][0].get("score", 0))
print(json.dumps({"active": active, "count": len(data["users"])}))
# ---
records = [("2024-01-03", "buy", 10.0), ("2024-01-01", "sell", 4.5), ("2024-01-02", "buy", 2.25)]
records.sort()
balance = 0.0
for date, kind, amt in records:
    balance += amt if kind == "buy" else -amt
    print(date, kind.ljust(4), f"{amt:7.2f}", f"{balance:8.2f}")
# ---
words = "the quick brown fox jumps over the lazy dog the end".split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top)
# ---
def flatten(d, prefix=""):
    out = {}
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            out.update(flatten(v, key))
        else:
            out[key] = v
    return out
print(flatten({"a": 1, "b": {"c": 2, "d": {"e": 3}}, "f": [1]}))
# ---
def deep_get(d, path, default=None):
    cur = d
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return default
    return cur
doc = {"a": {"b": [{"c": "found"}]}}
print(deep_get(doc, "a.b.0.c"), deep_get(doc, "a.b.1.c", "nope"), deep_get(doc, "a.x"))
# ---
pages = [[1, 2, 3], [4, 5], [], [6]]
out = []
for p in pages:
    if not p:
        break
    out.extend(p)
print(out, len(out))
# ---
lines = ["name,age,city", "ada,36,london", "bob,25,paris", "cy,41,london"]
header, *body = [l.split(",") for l in lines]
people = [dict(zip(header, row)) for row in body]
for p in people:
    p["age"] = int(p["age"])
print(people[0], sorted(p["name"] for p in people if p["city"] == "london"), max(people, key=lambda p: p["age"])["name"])
# ---
items = [{"sku": "a", "qty": 2, "price": 1.25}, {"sku": "b", "qty": 1, "price": 10.0}, {"sku": "c", "qty": 0, "price": 3.5}]
lines = [f"{i['sku']}: {i['qty']} x {i['price']:.2f} = {i['qty'] * i['price']:.2f}" for i in items if i["qty"]]
print("\n".join(lines))
print("total", sum(i["qty"] * i["price"] for i in items))
# ---
tree = {"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "children": []}]}, {"name": "b", "children": []}]}
def walk(node, depth=0):
    yield "  " * depth + node["name"]
    for c in node["children"]:
        yield from walk(c, depth + 1)
print("\n".join(walk(tree)))
# ---
events = [{"t": 5, "e": "stop"}, {"t": 1, "e": "start"}, {"t": 3, "e": "pause"}, {"t": 3, "e": "log"}]
ordered = sorted(events, key=lambda e: e["t"])
print([e["e"] for e in ordered])
# ---
a = [{"id": 1, "name": "x"}, {"id": 2, "name": "y"}]
b = [{"id": 2, "score": 9}, {"id": 3, "score": 4}, {"id": 1, "score": 7}]
scores = {r["id"]: r["score"] for r in b}
joined = [{**r, "score": scores.get(r["id"])} for r in a]
print(joined)
missing = sorted(set(scores) - {r["id"] for r in a})
print(missing)
# ---
s = "Hello, World! Hello again."
clean = "".join(c.lower() if c.isalnum() else " " for c in s)
print(clean.split(), len(set(clean.split())))
# ---
def chunks(lst, n):
    return [lst[i:i + n] for i in range(0, len(lst), n)]
print(chunks(list(range(10)), 4), chunks([], 3))
# ---
table = [["id", "name"], [1, "ada"], [22, "bob"]]
widths = [max(len(str(r[i])) for r in table) for i in range(len(table[0]))]
for r in table:
    print(" | ".join(str(c).ljust(w) for c, w in zip(r, widths)))
# ---
import json
config = {"name": "svc", "ports": [80, 443], "env": {"DEBUG": False, "LEVEL": None}, "ratio": 0.5}
s = json.dumps(config)
print(s)
print(json.loads(s) == config, json.dumps(config, indent=1, sort_keys=True))
# ---
logs = ["ERROR db timeout", "INFO ok", "WARN slow", "ERROR disk full", "INFO ok"]
levels = {}
for line in logs:
    level, _, msg = line.partition(" ")
    levels.setdefault(level, []).append(msg)
print({k: len(v) for k, v in sorted(levels.items())}, levels["ERROR"])
# ---
def normalize(user):
    return {
        "name": user.get("name", "").strip().title(),
        "email": (user.get("email") or "").lower() or None,
        "tags": sorted(set(t.lower() for t in user.get("tags", []))),
    }
print(normalize({"name": "  ada lovelace ", "email": "ADA@EX.COM", "tags": ["Math", "math", "Poet"]}))
print(normalize({}))
# ---
stock = {"apple": 3, "pear": 0, "fig": 12}
low = [k for k, v in stock.items() if v < 5]
restock = {k: 10 - v for k, v in stock.items() if v < 10}
print(low, restock, sum(stock.values()), sorted(stock, key=stock.get, reverse=True))
# ---
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([list(r) for r in zip(*matrix)], [matrix[i][i] for i in range(3)], [row[::-1] for row in matrix[::-1]])
# ---
parts = []
for i in range(1, 16):
    parts.append("FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i))
print(" ".join(parts))
# ---
resp = {"data": {"items": [{"id": "a", "attrs": {"size": 3}}, {"id": "b", "attrs": {}}]}, "next": None}
sizes = {it["id"]: it["attrs"].get("size", 0) for it in resp["data"]["items"]}
print(sizes, resp["next"] is None, list(resp))
# ---
import json
print(json.dumps([1, "two", None, True, 1.5, {"k": []}]), json.dumps({"a": 1}, separators=(",", ":")), json.dumps("q\"\n"))
# ---
import json
print(json.loads("[1, 2.0, 1e3, -0, \"\\u00e9\", null, false]"), json.loads('"x"'), json.loads("3"))
# ---
text = "k1=v1; k2 = v2 ;k3=; bad"
pairs = {}
for chunk in text.split(";"):
    if "=" not in chunk:
        continue
    k, v = (p.strip() for p in chunk.split("=", 1))
    pairs[k] = v or None
print(pairs)
# ---
users = [{"n": "c", "age": 30}, {"n": "a", "age": 25}, {"n": "b", "age": 30}]
users.sort(key=lambda u: u["n"])
users.sort(key=lambda u: u["age"], reverse=True)
print([u["n"] for u in users])
# ---
from collections import Counter, defaultdict
c = Counter("abracadabra")
print(c.most_common(2), c["a"], c["z"])
d = defaultdict(list)
for k, v in [("x", 1), ("y", 2), ("x", 3)]:
    d[k].append(v)
print(dict(d))
# ---
report = []
for name, vals in {"cpu": [0.5, 0.75, 0.25], "mem": [0.9, 0.8]}.items():
    avg = sum(vals) / len(vals)
    report.append(f"{name}: avg={avg:.3f} max={max(vals)} n={len(vals)}")
print("; ".join(report))
# ---
def paginate(items, size):
    page, out = 0, []
    while True:
        chunk = items[page * size:(page + 1) * size]
        if not chunk:
            return out
        out.append({"page": page, "items": chunk})
        page += 1
print(paginate(list("abcde"), 2))
# ---
diff_a = {"a": 1, "b": 2, "c": 3}
diff_b = {"b": 2, "c": 4, "d": 5}
print({"added": sorted(diff_b.keys() - diff_a.keys()), "removed": sorted(diff_a.keys() - diff_b.keys()), "changed": sorted(k for k in diff_a.keys() & diff_b.keys() if diff_a[k] != diff_b[k])})
# ---
sb = []
for i in range(3):
    sb.append(f"<li>{i}</li>")
html = "<ul>" + "".join(sb) + "</ul>"
print(html, len(html))
# ---
emails = ["a@x.com", "B@Y.org", "bad", "c@x.com"]
domains = {}
for e in emails:
    if "@" not in e:
        continue
    user, dom = e.lower().split("@")
    domains.setdefault(dom, []).append(user)
print(domains)
