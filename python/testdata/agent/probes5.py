class U:
    name = "ada"
d = {"key": [10, 20]}
print("{0.name} {1[key][1]} {1[key]!r:>10}".format(U(), d), "{u.name:^9}|".format(u=U()))
# ---
from datetime import datetime
dt = datetime(2024, 3, 5, 7, 8)
print(dt.strftime("%-d %-m %-H:%M"), dt.strftime("%e").strip(), dt.strftime("%D %T %R %C %h"))
# ---
from datetime import datetime
dt = datetime(2024, 3, 5, 7, 8, 9)
print(dt.strftime("%c | %x | %X"), dt.strftime("%y%m%d-%H%M%S"), dt.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3])
# ---
from functools import cmp_to_key
def cmp(a, b):
    return (len(a) > len(b)) - (len(a) < len(b)) or (a > b) - (a < b)
print(sorted(["bb", "a", "ccc", "ab"], key=cmp_to_key(cmp)), sorted(["B", "a", "C"], key=str.casefold))
# ---
import heapq
print(list(heapq.merge([1, 4, 7], [2, 5], [3])), heapq.nlargest(2, {"a": 3, "b": 9, "c": 5}.items(), key=lambda kv: kv[1]))
# ---
print((2.0).is_integer(), (0.75).as_integer_ratio(), (255).bit_length(), (7).bit_count(), (-7).__abs__(), round(2.567), type(round(2.5)).__name__, round(2.5, 0))
# ---
print(divmod(7.5, 2), 7.5 % 2, -7.5 // 2, float("1_000.5"), int("1_000"))
# ---
print(b"%d-%s" % (5, b"x"), b"abc".upper(), b"a,b".split(b","), b"  x ".strip(), bytes(3), bytes([65, 66]), b"ab" * 2, b"x" in b"xyz")
# ---
print("abc".isidentifier(), "1a".isidentifier(), "Hello World".istitle(), "ABC".isupper(), "abc123".isalnum(), "".isalpha(), "   ".isspace())
# ---
from collections import Counter
c = Counter(a=2, b=-1)
c.update({"a": 1, "c": 3})
print(c, +c, -c, c["zz"], list(c.keys()))
# ---
from collections import OrderedDict
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {"b": 2, "a": 1}, {"a": 1, "b": 2} == {"b": 2, "a": 1})
# ---
pairs = sorted({"x": 3, "y": 1, "z": 2}.items(), key=lambda kv: kv[1])
names, vals = zip(*pairs)
print(names, vals, list(zip(*[(1, "a"), (2, "b")])))
# ---
grid = [[0] * 3 for _ in range(3)]
grid[1][1] = 5
bad = [[0] * 3] * 3
bad[0][0] = 1
print(grid, bad)
# ---
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([[2, 1], [1, 2]]), sorted(["10", "9", "100"]), sorted(["10", "9", "100"], key=int))
# ---
print(max("apple", "banana", key=len), min([3, 1, 2], key=lambda x: -x), max([], default=None), sum([], 0.0), max(1, 2.5), min("b", "a"))
# ---
print(list(range(5))[::-2], "abcdef"[1::2], "abcdef"[::-3], [1, 2, 3][5:], [1, 2, 3][-5:1])
# ---
import json
print(json.dumps({"s": "a\u0000b", "t": "\x7f"}), json.dumps(["\ud800"]) if False else json.dumps("\u00e9", ensure_ascii=True))
# ---
import json
print(json.dumps({"a": 1, "b": [1, 2]}, indent=2).replace("\n", "\\n"))
# ---
import json
data = {"k": [{"a": 1}, {"b": [2, {"c": 3}]}]}
print(json.dumps(data, indent=None), json.dumps(data, indent=" "))
# ---
import json
s = json.dumps({"float": 1.0, "int": 1, "exp": 1e-9, "big": 1.7976931348623157e308, "small": 5e-324})
print(s, json.loads(s) == {"float": 1.0, "int": 1, "exp": 1e-9, "big": 1.7976931348623157e308, "small": 5e-324})
# ---
values = ["3", "1.5", "x", "", "2e3", "-4", None]
nums = []
for v in values:
    try:
        nums.append(float(v))
    except (TypeError, ValueError) as e:
        print(f"skip {v!r}: {e}")
print(nums)
# ---
print(f"{'a' if True else 'b':>3}", f"{[1, 2]!s:>8}", f"{(1, 2)}", f"{ {'k': 1} }", f"{3:{'0'}{'5'}}")
# ---
items = {"apples": 1.5, "bananas": 0.25, "kiwi": 12}
w = max(map(len, items))
for k, v in items.items():
    print(f"{k:.<{w + 3}}{v:>8.2f}")
# ---
print("{:,}".format(10**12), "{:.1%}".format(1 / 3), "{:+.2e}".format(-12345.678), "{:#010x}".format(255), "{:*>+8.1f}".format(3.14159))
# ---
text = "a\tb  c\n"
print(repr(text), ascii("é\n"), repr("'"), repr('"'), repr("'\""), str(["'"]), repr("\x1b[0m"))
# ---
import re
print(re.sub(r"\\", "/", r"C:\path\to"), re.findall(r"\\d", r"\d \d"), len(r"\n"), "\\n".replace("\\", "/"))
# ---
import re
pat = re.compile(r"(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[ap]m)?", re.I)
for t in ["9:05", "12:30:15 PM", "7:00am"]:
    m = pat.search(t)
    print({k: v for k, v in m.groupdict().items() if v})
# ---
import re
s = "aaa bbb ccc"
print(re.sub(r"b+", "X", s, count=1), re.sub(r"(?m)^", "> ", "l1\nl2"), re.findall(r"\b\w", s), re.search(r"$", "abc").start())
# ---
import re
print(re.match(r"(a)|(b)", "b").groups(), re.match(r"(a)|(b)", "b").group(1), re.match(r"(?:x)(y)?", "x").group(1), re.match(r"a*?", "aaa").group())
# ---
import itertools
print(list(itertools.combinations_with_replacement("ab", 2)), list(itertools.product(range(2), repeat=2)), list(itertools.permutations([1, 2, 3], 2))[:3])
# ---
import itertools
data = sorted([("b", 2), ("a", 1), ("b", 3), ("a", 4)])
print({k: [v for _, v in g] for k, g in itertools.groupby(data, key=lambda x: x[0])})
# ---
import itertools
it = iter([1, 2, 3, 4, 5])
print(list(itertools.islice(it, 2)), list(itertools.islice(it, 1, None)), list(itertools.accumulate([3, 1, 4], max)), list(itertools.accumulate([1, 2, 3], initial=10)))
# ---
import statistics
print(statistics.mean([1.1, 2.2, 3.3]), statistics.median([1.5, 2.5]), statistics.mode([1, 1, 2, 2]), statistics.pstdev([1.5, 2.5, 3.5]))
# ---
import statistics
from fractions import Fraction
from decimal import Decimal
print(statistics.mean([Fraction(1, 2), Fraction(1, 3)]), statistics.mean([Decimal("1.1"), Decimal("2.2")]), statistics.median_grouped([1, 2, 2, 3]))
# ---
import math
print(math.floor(1e20), math.ceil(-1e-9), int(1e20), int(-1e19), math.trunc(1e16 + 0.5), float(10**20), 10**20 / 3)
# ---
import random
r = random.Random(7)
print(r.randint(0, 9), r.choice([1, 2, 3]), r.uniform(0, 1) < 1, r.choices("abc", k=4), r.randrange(0, 100, 5), r.gauss(0, 1) is not None)
# ---
import textwrap
print(textwrap.shorten("one two three four five", width=15), textwrap.shorten("one two three four five", width=15, placeholder="…"), textwrap.shorten("x", 5))
# ---
import textwrap
print(textwrap.wrap("", 10), textwrap.fill("a\nb  c", 20), textwrap.wrap("  lead", 10), textwrap.wrap("tab\there", 20))
# ---
import base64
print(base64.b85encode(b"hello"), base64.a85encode(b"hi"), base64.b32decode("NBUQ===="), base64.encodebytes(b"x" * 60))
# ---
import hashlib
h = hashlib.sha256(b"a")
h2 = h.copy()
h2.update(b"b")
print(h.hexdigest()[:8], h2.hexdigest()[:8], hashlib.sha256(b"ab").hexdigest()[:8], hashlib.sha3_256(b"").hexdigest()[:8], sorted(hashlib.algorithms_guaranteed)[:3])
# ---
import uuid
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u.int, u.bytes_le[:4], u.time_low, u.node, uuid.UUID(str(u)) == u, {u: 1}[uuid.UUID(u.hex)])
