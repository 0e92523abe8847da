# Go helpers that walk nested data: each must count its depth.
x = {}
y = {}
for i in range(30000):
    x = {1: x}
    y = {1: y}
x == y
# limit: depth
# ---
x = {}
for i in range(30000):
    x = {1: x}
str(x)
# limit: depth
# ---
x = []
for i in range(30000):
    x = [x]
"{}".format(x)
# limit: depth
# ---
x = []
for i in range(30000):
    x = [x]
"%s" % (x,)
# limit: depth
# ---
x = []
for i in range(30000):
    x = [x]
f"{x!r}"
# limit: depth
# ---
x = []
y = [1]
for i in range(30000):
    x = [x]
    y = [y]
sorted([x, y])
# limit: depth
# ---
x = []
y = [1]
for i in range(30000):
    x = [x]
    y = [y]
max([x, y])
# limit: depth
# ---
x = ()
for i in range(30000):
    x = (x,)
x in {1}
# limit: depth
# ---
import collections
x = ()
for i in range(30000):
    x = (x,)
collections.Counter([x, x])
# limit: depth
# ---
s = slice(1)
for i in range(30000):
    s = slice(s)
repr(s)
# limit: depth
# ---
s = slice(1)
t = slice(1)
for i in range(30000):
    s = slice(s)
    t = slice(t)
s == t
# limit: depth
# ---
import collections
P = collections.namedtuple("P", "x")
x = P(0)
for i in range(10000):
    x = P(x)
repr(x)
# limit: depth
# ---
import json
x = []
for i in range(30000):
    x = [x]
json.dumps(x)
# limit: depth
# ---
import pprint
x = []
for i in range(30000):
    x = [x]
pprint.pformat(x)
# limit: depth
