import pprint
data = {"name": "toolplane", "tags": ["mcp", "python", "go"], "nested": {"z": 1, "a": [1, 2, 3], "m": {"deep": True}}, "count": 42}
pprint.pprint(data)
pprint.pprint(data, width=40)
print(pprint.pformat(data, width=200))
# ---
import pprint
rows = [{"id": i, "name": "user%d" % i, "roles": ["admin", "dev"] if i % 2 else ["ops"]} for i in range(4)]
pprint.pprint(rows)
pprint.pprint(rows, indent=4, width=60)
# ---
import pprint
pprint.pprint(list(range(40)))
pprint.pprint(list(range(40)), compact=True)
pprint.pprint(tuple(range(30)), width=30, compact=True)
pprint.pprint((1,)), pprint.pprint(()), pprint.pprint([]), pprint.pprint({})
# ---
import pprint
s = "The quick brown fox jumps over the lazy dog. " * 4
pprint.pprint(s)
pprint.pprint({"text": s, "lines": "first line\nsecond line that is quite a bit longer than the first one\n"}, width=50)
pprint.pprint([s[:30]] * 4, width=30)
# ---
import pprint
pprint.pprint({3, 1, 2}), pprint.pprint(set(range(30))), pprint.pprint(frozenset({"b", "a"})), pprint.pprint(frozenset(range(25)))
# ---
import pprint
d = {"b": {"y": [1, {"k": "v"}], "x": 2}, "a": 1}
print(pprint.pformat(d, depth=1), pprint.pformat(d, depth=2), pprint.pformat([[[[1]]]], depth=2))
pprint.pp(d, width=20)
print(pprint.pformat(d, sort_dicts=False), pprint.pformat(10 ** 8, underscore_numbers=True), pprint.pformat([10 ** 6], underscore_numbers=True))
# ---
import pprint
a = [1, 2]
a.append(a)
print(pprint.isrecursive(a), pprint.isreadable([1, "x"]), pprint.isreadable(object), pprint.saferepr({"k": [1, 2]}))
# ---
import pprint, io
buf = io.StringIO()
pprint.pprint({"k": list(range(30))}, stream=buf, width=30)
print(buf.getvalue().count("\n"), repr(buf.getvalue()[:20]))
pp = pprint.PrettyPrinter(indent=2, width=30)
pp.pprint([{"alpha": 1, "beta": 2, "gamma": 3}, "x" * 10])
print(pp.pformat(b"0123456789abcdefghijklmnopqrstuvwxyz0123456789"))
# ---
import pprint
pprint.pprint({(1, 2): "tuple key", (0, 5): "other"}, width=20)
pprint.pprint({"mixed": [1.5, None, True, "s", (1, "a"), {"n": None}]}, width=30)
pprint.pprint([["a" * 20, "b" * 20], ["c" * 20, "d" * 20]], width=40)
# ---
import pprint
from collections import OrderedDict, defaultdict, Counter, deque
words = "the quick brown fox jumps over the lazy dog the end fox fox".split()
pprint.pprint(Counter(words), width=40)
pprint.pprint(OrderedDict((w, len(w)) for w in words[:6]), width=40)
dd = defaultdict(list)
for w in words:
    dd[w[0]].append(w)
pprint.pprint(dd, width=40)
pprint.pprint(deque(range(30)), width=40)
pprint.pprint(deque(range(30), maxlen=25), width=40)
pprint.pprint([Counter(), OrderedDict(), deque()])
# ---
import pprint
from dataclasses import dataclass, field
from types import SimpleNamespace
@dataclass
class Job:
    name: str
    tags: list = field(default_factory=list)
    retries: int = 3
jobs = [Job("build-and-test-everything", ["ci", "nightly", "linux", "windows", "mac"]), Job("deploy", ["prod"], 0)]
pprint.pprint(jobs, width=50)
# ---
import pprint
from types import SimpleNamespace
pprint.pprint(SimpleNamespace(alpha=list(range(12)), beta="x" * 40, gamma={"k": 1}), width=40)
# ---
import pprint
from dataclasses import dataclass
@dataclass
class Custom:
    a: int
    def __repr__(self):
        return "Custom<%d>" % self.a
@dataclass(repr=False)
class NoRepr:
    b: int = 2
pprint.pprint([Custom(1)] * 12, width=30)
print(pprint.pformat({"k": Custom(2), "items": list(range(20))}, width=40))
