import json
data = {"name": "report", "count": 3, "items": [1, 2.5, None, True], "nested": {"z": 1, "a": [] }}
print(json.dumps(data, indent=2))
# ---
import json
from datetime import datetime
payload = {"ts": datetime(2024, 1, 15, 9, 30), "n": 1}
print(json.dumps(payload, default=str, indent=2))
# ---
import json
from datetime import date
from decimal import Decimal
print(json.dumps({"d": date(2024, 2, 29), "price": Decimal("9.99")}, default=str))
# ---
import json
s = '{"users": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}], "total": 2}'
d = json.loads(s)
print([u["id"] for u in d["users"] if u["tags"]], d["total"])
# ---
import json
print(json.dumps({"b": 1, "a": {"d": 2, "c": 3}}, sort_keys=True, separators=(",", ":")))
# ---
import json
print(json.dumps({"msg": "héllo \"world\"\n", "emoji": "✓"}))
print(json.dumps({"msg": "héllo", "emoji": "✓"}, ensure_ascii=False))
# ---
import json
print(json.dumps([1.0, 1e20, 1.5e-7, 3.14159, float("inf")]))
# ---
import json
try:
    json.loads('{"a": 1,}')
except json.JSONDecodeError as e:
    print(type(e).__name__, e.msg, e.pos)
    print(str(e))
# ---
import json
try:
    json.loads("not json")
except ValueError as e:
    print(f"Invalid JSON: {e}")
# ---
import json
try:
    json.dumps({"s": {1, 2}})
except TypeError as e:
    print(e)
# ---
import json
print(json.dumps({1: "a", 2.5: "b", True: "c", None: "d"}))
# ---
import json
print(json.dumps((1, 2, [3, (4,)])))
print(json.dumps("plain"), json.dumps(None), json.dumps(False))
# ---
import json
print(json.dumps({"a": [1, {"b": []}], "c": {}}, indent=4))
# ---
import json
print(json.dumps([], indent=2), json.dumps({}, indent=2))
# ---
import json
print(json.dumps({"x": [1, 2]}, indent="\t"))
# ---
import json
raw = '[{"name": "a", "score": "12"}, {"name": "b", "score": "7"}]'
rows = json.loads(raw)
rows.sort(key=lambda r: int(r["score"]), reverse=True)
print(json.dumps(rows))
# ---
import json
from typing import Any
def flatten(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            out.update(flatten(v, key))
        else:
            out[key] = v
    return out
flatten({"a": {"b": 1, "c": {"d": 2}}, "e": 3})
# ---
import json
d = json.loads('{"big": 12345678901234567890, "f": 1.10, "neg": -0.0, "e": 1E3}')
print(d, type(d["big"]).__name__)
# ---
import json
nested = {"level1": {"level2": {"level3": "deep"}}}
val = nested.get("level1", {}).get("level2", {}).get("level3", "n/a")
missing = nested.get("x", {}).get("y", "n/a")
print(val, missing)
# ---
import json
items = [{"id": i, "ok": i % 2 == 0} for i in range(4)]
print(json.dumps({"results": items, "summary": {"ok": sum(i["ok"] for i in items)}}, indent=2))
# ---
import json
s = json.dumps({"text": "line1\nline2\ttab \\ slash /"})
print(s)
print(json.loads(s)["text"])
# ---
import json
print(json.loads('"\\u00e9\\ud83d\\ude00"'))
print(json.dumps("😀"))
# ---
import json
class Custom:
    def __init__(self, v):
        self.v = v
def enc(o):
    if isinstance(o, Custom):
        return {"custom": o.v}
    raise TypeError(f"not serializable: {type(o).__name__}")
print(json.dumps([Custom(1), Custom("x")], default=enc))
# ---
import json
from dataclasses import dataclass, asdict
@dataclass
class Row:
    name: str
    value: float
rows = [Row("a", 1.5), Row("b", 2.0)]
print(json.dumps([asdict(r) for r in rows], indent=2))
# ---
import json
print(json.dumps({"a": float("nan")}))
try:
    json.dumps({"a": float("nan")}, allow_nan=False)
except ValueError as e:
    print(e)
# ---
import json
data = json.loads('{"a": {"b": [1, 2, {"c": null}]}}')
print(data["a"]["b"][2]["c"] is None)
print(repr(json.dumps(data)))
# ---
import json
text = json.dumps({"k": list(range(3))}, indent=2)
print(len(text.splitlines()), text.count(" "))
# ---
import json
obj = json.loads('{"a": 1, "a": 2}')
obj
# ---
import json
print(json.loads("[1, 2.0, \"3\", true, false, null]"))
# ---
import json
try:
    json.loads("")
except json.JSONDecodeError as e:
    print(e)
# ---
import json
try:
    json.loads('{"a" 1}')
except json.JSONDecodeError as e:
    print(e.lineno, e.colno, e.msg)
