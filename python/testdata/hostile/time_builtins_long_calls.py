# Issue 15: the deadline was not seen inside builtins, so one call could run
# far past it. Each of these ends within the time limit plus the harness's
# margin (single calls that took seconds to minutes: a set of colliding
# ints, a grouped format width, a 4M-bit square root and division).
m = 2 ** 61 - 1
keys = [i * m for i in range(40000)]
s = set(keys)
# limit: time
# ---
m = 2 ** 61 - 1
d = {}
for i in range(100000):
    d[i * m] = i
# limit: time
# ---
while True:
    format(1, "0=2000000,")
# limit: time
# ---
import math
n = (1 << 4000000) - 1
while True:
    math.isqrt(n)
# limit: time
# ---
a = (1 << 4000000) - 1
b = (1 << 2000000) - 3
while True:
    divmod(a, b)
# limit: time
# ---
l = [(i * 7919) % 1000003 for i in range(500000)]
while True:
    sorted(l, key=lambda x: -x)
# limit: time
# ---
import json
s = json.dumps([{"a": i, "b": [i, "x"]} for i in range(100000)])
while True:
    json.loads(s)
# limit: time
# ---
import hashlib
b = bytes(10 ** 7)
h = hashlib.sha256()
while True:
    h.update(b)
# limit: time
# ---
l = list(range(1000000))
while True:
    str(l)
# limit: time
# ---
# statistics sums and squares its data in one Go call: 2000 references
# to one 1.9M-bit int ran minutes past a 3 s deadline.
import statistics
x = (1 << 1900000) - 1
statistics.variance([x] * 2000)
# limit: time
