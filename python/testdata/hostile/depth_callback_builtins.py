import functools
def f(a, b):
    return functools.reduce(f, [1, 2])
functools.reduce(f, [1, 2])
# limit: depth
# ---
def f(x):
    return list(filter(f, [x]))
f(1)
# limit: depth
# ---
def f(x):
    return min([1, 2], key=f)
f(1)
# limit: depth
# ---
import functools
def c(a, b):
    sorted([1, 2], key=functools.cmp_to_key(c))
    return 0
sorted([1, 2], key=functools.cmp_to_key(c))
# limit: depth
# ---
import heapq
class A:
    def __lt__(self, o):
        heapq.heapify([A(), A()])
        return True
heapq.heapify([A(), A()])
# limit: depth
# ---
import json
def d(o):
    return json.dumps(o, default=d)
json.dumps(object(), default=d)
# limit: depth
# ---
import json
def h(o):
    return json.loads('{"a": 1}', object_hook=h)
json.loads('{"a": 1}', object_hook=h)
# limit: depth
# ---
import re
def r(m):
    return re.sub("a", r, "a")
re.sub("a", r, "a")
# limit: depth
# ---
class K:
    def keys(self):
        {}.update(K())
        return []
{}.update(K())
# limit: depth
