# Issue 15: builtins ran in one bytecode instruction whatever their input's
# size, so the step budget never saw their work (a loop of them ran to the
# deadline). Each long builtin counts its work as steps: these loops end by
# the step budget within a few of their iterations.
import json
s = json.dumps([{"a": i, "b": [i, "x"]} for i in range(20000)])
while True:
    json.loads(s)
# limit: steps
# ---
import json
l = [{"a": i, "b": [i, "x" * 20]} for i in range(20000)]
while True:
    json.dumps(l, sort_keys=True)
# limit: steps
# ---
l = [[i, str(i)] for i in range(50000)]
while True:
    str(l)
# limit: steps
# ---
d = {str(i): i for i in range(50000)}
while True:
    repr(d)
# limit: steps
# ---
l = list(range(100000))
while True:
    set(l)
# limit: steps
# ---
l = list(range(100000))
while True:
    dict.fromkeys(l)
# limit: steps
# ---
l = [(i * 7919) % 100003 for i in range(100000)]
while True:
    sorted(l)
# limit: steps
# ---
l = [(i * 7919) % 100003 for i in range(100000)]
while True:
    sorted(l, key=str)
# limit: steps
# ---
l = [str(i) for i in range(100000)]
while True:
    "".join(l)
# limit: steps
# ---
s = "ab" * 1000000
while True:
    s.replace("a", "xy")
# limit: steps
# ---
s = "ab" * 1000000
while True:
    s.upper()
# limit: steps
# ---
s = "7" * 4300
while True:
    int(s)
# limit: steps
# ---
x = 7 ** 5000
while True:
    str(x)
# limit: steps
# ---
b = bytes(10 ** 6)
while True:
    b.hex()
# limit: steps
# ---
import base64
b = bytes(10 ** 6)
while True:
    base64.b64encode(b)
# limit: steps
# ---
while True:
    format(1, "0=100000,")
# limit: steps
# ---
import textwrap
s = "word " * 20000
while True:
    textwrap.wrap(s, 40)
# limit: steps
# ---
import math
a = (1 << 200000) - 1
b = 3 ** 120000
while True:
    math.gcd(a, b)
# limit: steps
# ---
while True:
    pow(3, 2 ** 4000 - 1, 2 ** 4000 + 1)
# limit: steps
# ---
l = ["x" * 1000] * 1000
while True:
    l == list(l)
# limit: steps
# ---
# Keys built to share a hash: each insertion compares with every key before.
m = 2 ** 61 - 1
keys = [i * m for i in range(30000)]
while True:
    set(keys)
# limit: steps
# ---
m = 2 ** 61 - 1
keys = [i * m for i in range(30000)]
while True:
    dict.fromkeys(keys)
# limit: steps
# ---
# Each match backtracks about a million times, under the per-call bound.
import re
while True:
    re.match("(a+)+$", "a" * 20 + "b")
# limit: steps
