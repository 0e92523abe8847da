# deepcopy of exact builtin containers of plain values (copied natively):
# shared references, cycles, the memo the caller passes (its entries and the
# keep-alive list), tuples returned as themselves, fallback for other items.
import copy

shared = [1, 2]
data = {"a": shared, "b": shared, "t": (shared, 3), "s": {1, 2.5, "x"},
        "f": frozenset({b"y", None, True}), "n": [None, 1.5, -7, 10**30, "s", b"b"]}
c = copy.deepcopy(data)
print(c == data, c is data, c["a"] is c["b"], c["a"] is shared, c["t"][0] is c["a"])
print(type(c["s"]).__name__, type(c["f"]).__name__, sorted(map(repr, c["f"])))
print(c["n"][3] is data["n"][3], c["n"][4] is data["n"][4])

# Cycles.
l = [1]
l.append(l)
d = {"self": None}
d["self"] = d
d["l"] = l
cl = copy.deepcopy(l)
print(cl[1] is cl, cl is not l)
cd = copy.deepcopy(d)
print(cd["self"] is cd, cd["l"][1] is cd["l"])

# A tuple of plain values is its own copy and leaves no memo entry; one
# holding a list is a new tuple.
t = (1, "a", (2, 3), None)
memo = {}
print(copy.deepcopy(t, memo) is t, len(memo))
t2 = (1, [2])
memo = {}
ct = copy.deepcopy(t2, memo)
print(ct is t2, ct == t2, ct[1] is t2[1])
print(memo[id(t2)] is ct, memo[id(t2[1])] is ct[1])
print(memo[id(memo)] == [[2], (1, [2])], memo[id(memo)][0] is t2[1], memo[id(memo)][1] is t2)
print(len(memo))

# The memo's entries, in order, and the keep-alive list.
a = [1]
b = {"k": a, "j": [a, (a,)]}
memo = {}
cb = copy.deepcopy(b, memo)
order = [k for k in memo if k != id(memo)]
print(order == [id(b), id(a), id(b["j"]), id(b["j"][1])])
keep = memo[id(memo)]
print([x is y for x, y in zip(keep, [a, b["j"][1], b["j"], b])], len(keep))
print(memo[id(b)] is cb, memo[id(a)] is cb["k"], cb["j"][0] is cb["k"], cb["j"][1][0] is cb["k"])

# A memo the caller filled beforehand: its copies are used.
x = [1]
y = [x, x]
memo = {id(x): "pre"}
print(copy.deepcopy(y, memo))
memo = {}
memo[id(memo)] = ["old"]
copy.deepcopy([[1]], memo)
print(len(memo[id(memo)]), memo[id(memo)][0], memo[id(memo)][1:])

# Second deepcopy with the same memo gives the same copies.
memo = {}
p = copy.deepcopy([shared], memo)
q = copy.deepcopy([shared], memo)
print(p[0] is q[0], p is not q)

# Items of other types go through the Python path with the same memo.
class Box:
    def __init__(self, v):
        self.v = v

inner = [1, 2]
box = Box(inner)
data = [box, inner, {"box": box}, (box,)]
memo = {}
cdata = copy.deepcopy(data, memo)
print(cdata[0] is not box, cdata[0].v is cdata[1], cdata[2]["box"] is cdata[0], cdata[3][0] is cdata[0])
print(memo[id(box)] is cdata[0], memo[id(inner)] is cdata[1])

class WithHook:
    def __init__(self):
        self.calls = 0
    def __deepcopy__(self, memo):
        self.calls += 1
        return "hooked"

h = WithHook()
print(copy.deepcopy({"h": h, "l": [h]}), h.calls)

# Subclasses of the containers keep the Python path.
class L(list):
    pass

class D(dict):
    pass

sub = [L([1, [2]]), D(a=[3])]
csub = copy.deepcopy(sub)
print(type(csub[0]).__name__, type(csub[1]).__name__, csub == sub, csub[0][1] is sub[0][1])

# A container mutated by a hook while it is copied.
class Grow:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        self.target.append(len(self.target))
        return "g"

g_list = [0]
g_list.insert(0, Grow(g_list))
if True:
    out = copy.deepcopy([g_list[0], 1])
print(out)
gl = [1]
gl.append(Grow(gl))
print(copy.deepcopy(gl))

class Shrink:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        self.target["new"] = 1
        return "s"

sd = {}
sd["a"] = Shrink(sd)
sd["b"] = 2
try:
    copy.deepcopy(sd)
except RuntimeError as e:
    print("RuntimeError", e)

# Deep nesting: RecursionError, caught.
deep = []
for _ in range(100000):
    deep = [deep]
try:
    copy.deepcopy(deep)
except RecursionError:
    print("RecursionError")
ok = []
for _ in range(100):
    ok = [ok, (ok,), {"k": ok}]
cok = copy.deepcopy(ok)
print(cok[0] is cok[1][0], cok[0] is cok[2]["k"], cok[0] is not ok[0])
cur, n = cok, 0
while cur:
    cur, n = cur[0], n + 1
print(n)

# Sets and frozensets holding tuples; dict keys that are tuples.
s = {(1, 2), (3, (4, 5)), "x"}
cs = copy.deepcopy(s)
print(cs == s, cs is not s, type(cs).__name__)
fk = {(1, "a"): [1], frozenset({1}): {2: 3}}
cfk = copy.deepcopy(fk)
print(cfk == fk, [k1 is k2 for k1, k2 in zip(cfk, fk)])
print(copy.deepcopy([]), copy.deepcopy({}), copy.deepcopy(()), copy.deepcopy(set()), copy.deepcopy(frozenset()))
print(copy.deepcopy([float("nan"), -0.0, True, 2**100]))
# ---
# The nesting deepcopy copies before RecursionError, as CPython's frames per level.
import copy
def deepest(make):
    lo, hi = 1, 3000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        x = None
        for _ in range(mid):
            x = make(x)
        try:
            copy.deepcopy(x)
            lo = mid
        except RecursionError:
            hi = mid - 1
    return lo
# Two frames a level for lists and dicts, three for tuples (the frames
# below the snippet differ by a few between runners).
a, b, c = deepest(lambda x: [x]), deepest(lambda x: {"k": x}), deepest(lambda x: (x, []))
print(480 < a <= 500, 480 < b <= 500, 320 < c <= 334, a == b)
