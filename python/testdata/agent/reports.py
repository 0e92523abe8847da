from typing import Any
rows: list[dict[str, Any]] = [
    {"name": "search", "calls": 120, "p50": 12.5, "errors": 0},
    {"name": "execute_code", "calls": 48, "p50": 230.25, "errors": 3},
    {"name": "get_schema", "calls": 7, "p50": 3.0, "errors": 1},
]
headers = ["name", "calls", "p50", "errors"]
widths = {h: max(len(h), *(len(str(r[h])) for r in rows)) for h in headers}
print(" | ".join(h.ljust(widths[h]) for h in headers))
print("-+-".join("-" * widths[h] for h in headers))
for r in rows:
    print(" | ".join(str(r[h]).ljust(widths[h]) for h in headers))
# ---
rows = [("ada", 3, 0.5), ("bob", 12, 0.125)]
md = ["| Name | Count | Ratio |", "|------|------:|------:|"]
md += [f"| {n} | {c} | {r:.1%} |" for n, c, r in rows]
print("\n".join(md))
# ---
from typing import Any
def md_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "_no rows_"
    cols = list(rows[0].keys())
    out = ["| " + " | ".join(cols) + " |", "| " + " | ".join("---" for _ in cols) + " |"]
    for r in rows:
        out.append("| " + " | ".join(str(r.get(c, "")) for c in cols) + " |")
    return "\n".join(out)
print(md_table([{"a": 1, "b": None}, {"a": 2.50, "b": [1]}]))
print(md_table([]))
# ---
sections = {"Summary": ["3 tools", "1 error"], "Next steps": ["retry", "report"]}
lines = ["# Report", ""]
for title, bullets in sections.items():
    lines.append(f"## {title}")
    lines.extend(f"- {b}" for b in bullets)
    lines.append("")
report = "\n".join(lines).rstrip()
print(report)
len(report)
# ---
data = [("alpha", 0.91234), ("beta", 12.5), ("gamma", 1000.0)]
print(f"{'Metric':<10}{'Value':>12}")
print("=" * 22)
for k, v in data:
    print(f"{k:<10}{v:>12,.3f}")
print(f"{'TOTAL':<10}{sum(v for _, v in data):>12,.3f}")
# ---
def bar(v: float, maxv: float, width: int = 20) -> str:
    n = round(v / maxv * width)
    return "█" * n + "░" * (width - n)
vals = {"a": 3, "b": 7, "c": 10}
m = max(vals.values())
for k, v in vals.items():
    print(f"{k} {bar(v, m)} {v:>3}")
# ---
items = ["apple", "banana", "cherry"]
print("\n".join(f"{i}. {x.capitalize()}" for i, x in enumerate(items, 1)))
print(", ".join(items[:-1]) + f" and {items[-1]}")
# ---
size_bytes = [0, 512, 2048, 5_000_000, 3 * 1024**3]
def human(n: float) -> str:
    for unit in ["B", "KB", "MB", "GB", "TB"]:
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PB"
print([human(s) for s in size_bytes])
# ---
def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"
print(plural(1, "file"), plural(0, "file"), plural(3, "match"))
# ---
from datetime import timedelta
def fmt_dur(sec: float) -> str:
    td = timedelta(seconds=round(sec))
    return str(td)
print(fmt_dur(59.6), fmt_dur(3725), fmt_dur(90061))
# ---
summary = {"passed": 41, "failed": 2, "skipped": 5}
total = sum(summary.values())
status = "✅" if summary["failed"] == 0 else "❌"
print(f"{status} {summary['passed']}/{total} passed ({summary['passed'] / total:.1%})")
print(" · ".join(f"{k}: {v}" for k, v in summary.items()))
# ---
rows = [["id", "desc"], ["1", "short"], ["22", "a much longer description"]]
w = [max(len(r[i]) for r in rows) for i in range(2)]
for r in rows:
    print("{:>{}}  {:<{}}|".format(r[0], w[0], r[1], w[1]))
# ---
from collections import Counter
langs = ["py", "go", "py", "ts", "go", "py"]
c = Counter(langs)
total = sum(c.values())
for lang, n in c.most_common():
    print(f"{lang:>3}: {n:2d} ({n / total:6.2%})")
# ---
import textwrap
desc = "This capability searches the web for recent news articles about a given topic and returns summaries."
print(f"- **web.search**: {textwrap.shorten(desc, 60)}")
print(textwrap.fill(desc, width=40, initial_indent="  ", subsequent_indent="    "))
# ---
entries = {"cpu": 0.754, "mem": 0.5, "disk": 0.98}
alerts = [f"{k.upper()} at {v:.0%}" for k, v in sorted(entries.items(), key=lambda kv: -kv[1]) if v > 0.7]
print("ALERTS:", "; ".join(alerts) or "none")
# ---
from datetime import datetime
commits = [
    {"sha": "a1b2c3d4e5", "author": "ada", "date": "2024-03-02T10:00:00", "msg": "fix: crash on empty input\n\nlong body"},
    {"sha": "f6e5d4c3b2", "author": "bob", "date": "2024-03-01T09:00:00", "msg": "feat: add search"},
]
for c in sorted(commits, key=lambda c: c["date"]):
    d = datetime.fromisoformat(c["date"])
    print(f"{c['sha'][:7]} {d:%Y-%m-%d} {c['author']:<5} {c['msg'].splitlines()[0]}")
# ---
from itertools import groupby
from datetime import datetime
evts = [("2024-01-02T08:00:00", "login"), ("2024-01-01T09:00:00", "login"), ("2024-01-02T09:30:00", "logout")]
keyf = lambda e: e[0][:10]
for day, grp in groupby(sorted(evts), key=keyf):
    kinds = [k for _, k in grp]
    print(f"### {day}\n" + "\n".join(f"* {k}" for k in kinds))
# ---
import json
result = {"status": "ok", "data": {"count": 2, "ids": [1, 2]}}
print(f"```json\n{json.dumps(result, indent=2)}\n```")
# ---
rows = [{"k": "a", "v": 1}, {"k": "b", "v": None}, {"k": "c"}]
print([f"{r['k']}={r.get('v', 'missing')!s:>8}" for r in rows])
print([f"{r['k']}={r.get('v') or 0:03d}" for r in rows])
# ---
print(f"{'Name':^10}|{'Qty':^5}|")
for n, q in [("x", 1), ("longer", 100)]:
    print(f"{n:^10}|{q:^5}|")
print(f"{'':-^16}")
# ---
num = 1234567.891
print(f"{num:,}", f"{num:_.2f}", f"{int(num):,d}", f"{num:e}", f"{num:.3E}", f"{-num:+,.0f}")
# ---
print(f"{0.000012345:.2e}", f"{123.456:10.1f}|", f"{123.456:<10.1f}|", f"{5:03}", f"{3.0:.0f}", f"{2.5:.0f}", f"{0.5:.0f}")
# ---
import math
print(f"{math.pi:.10f}", f"{math.pi:g}", f"{1e-5:g}", f"{1e16:g}", f"{123456789.0:g}", str(1e16), str(1e-5), repr(0.1))
