package vm

import (
	"testing"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// fastLoopPrograms run generator pipelines and comprehensions through every
// way fastRun leaves and re-enters frames: FOR_ITER resuming a generator
// inline, its yield and its return, a generator feeding a builtin
// (genSend), yield from, exceptions raised and caught across generator
// frames, a generator abandoned mid-loop and resumed by next() later.
var fastLoopPrograms = map[string]string{
	// LOAD_GLOBAL of a builtin from the cache record without loadGlobal's
	// call: the name bound in globals after the record was made (module
	// level and in a function), deleted again (the builtin back), and a
	// global that shadows max from the start of a loop.
	"global_builtin_cache": `
def count(xs):
    n = 0
    for x in xs:
        n += len(x) + abs(-x[0])
    return n
acc = []
for i in range(60):
    acc.append(len(acc) + abs(i - 30))
    if i == 20:
        len = lambda x: 1000
    if i == 40:
        del len
a1 = count([[i, i] for i in range(50)])
def shadow(xs):
    global abs
    n = 0
    for i, x in enumerate(xs):
        n += abs(x)
        if i == 10:
            abs = lambda v: 7
        if i == 20:
            del abs
    return n
a2 = shadow(list(range(-30, 30)))
out = []
for i in range(30):
    out.append(max(i, 5))
    if i == 10:
        max = lambda a, b: -1
    if i == 20:
        del max
r = (sum(acc), acc[19], acc[20], acc[22], acc[-1], a1, a2, out)
`,
	// LOAD_METHOD of a str's and a list's method from the record's first
	// way, at one site that sees a list, a str, a dict, a list subclass
	// and instances in turn (the record replaced between kinds).
	"load_method_first_way": `
class L(list):
    def count(self, x):
        return -1
class C:
    def count(self, x):
        return 99
objs = [[1, 2, 1], "abca", L([1]), [1], "a", C(), (1, 1), [1, 1, 1]] * 20
n = 0
for o in objs:
    n = n * 3 % 1000003 + o.count(1 if not isinstance(o, str) else "a")
out = []
for i in range(200):
    if i % 50 == 49:
        out.append(str(i).upper())
    else:
        out.append(i)
r = (n, len(out), out[-1], out[49], out[50])
`,
	// Lists grown by LIST_APPEND and list.append in fastRun (appendGrow):
	// from empty and from a literal's odd capacity, with items that are
	// charged (floats, big ints, long strs), past 1024 items (the general
	// path's growth).
	"list_grow": `
rows = [[i * j for j in range(40)] for i in range(50)]
floats = [i * 0.5 for i in range(3000)]
acc = []
for i in range(2500):
    acc.append(i * 1000)
odd = [1, 2, 3]
for i in range(100):
    odd.append(str(i) * 30)
chunks = []
buf = []
for x in range(1000):
    buf.append(x)
    if len(buf) == 64:
        chunks.append(buf)
        buf = []
r = (sum(map(sum, rows)), sum(floats), sum(acc), len(odd), len(odd[-1]), len(chunks), sum(map(len, chunks)))
`,
	// STORE_SUBSCR's fast paths (Dict.setFast, a list at an index in
	// range), d.get(k[, default]) without the call (Dict.getFast),
	// d[k] += 1 (DUP_TOP_TWO, ROT_THREE), a store finding the entry a
	// get found (Thread.lastGet) and what they leave to the
	// general paths: new and repeated int and str keys in small dicts
	// (no index) and large ones, values that are charged, long strs,
	// 1 / 1.0 / True, -1 and -2 (equal hashes), tuples, a missing key,
	// a list index out of range, a dict subclass, globals().
	// d[k] = d.get(k, 0) + ... where the dict changes between the get
	// and the store (cleared, rebuilt larger, the key deleted, other keys
	// added with no call between), the store goes to another dict, or the
	// dict is the module's globals or an instance's __dict__.
	"subscr_store_mutated": `
d = {}
def mut(i):
    if i % 4 == 0:
        d.clear()
    elif i % 4 == 1:
        for j in range(20):
            d["x%d" % j] = j
    elif i % 4 == 2:
        d.pop("w%d" % (i % 7), None)
    return 1
for i in range(600):
    k = "w%d" % (i % 7)
    d[k] = d.get(k, 0) + mut(i)
e = {}
for i in range(300):
    k = "k%d" % (i % 5)
    x = d.get(k, 0)
    d["n%d" % i] = i
    d[k] = x + 1
    e[k] = d.get(k, 0) + 100
def gen(dd):
    for i in range(50):
        dd.clear()
        yield i
g = gen(d)
for i in range(40):
    d["z"] = d.get("z", 0) + next(g)
G = globals()
for i in range(100):
    G["zz"] = G.get("zz", 0) + 1
class O:
    pass
o = O()
for i in range(100):
    o.__dict__["a"] = o.__dict__.get("a", 0) + 1
    if i % 10 == 0:
        del o.a
h = {"w%d" % j: 0 for j in range(7)}
def mut2(i):
    if i % 3 == 0:
        h.clear()
        h.update({"w%d" % j: j for j in range(7)})
    elif i % 3 == 1:
        for j in range(30):
            h["y%d" % j] = j
        for j in range(30):
            del h["y%d" % j]
    return 1
for i in range(300):
    k = "w%d" % (i % 7)
    h[k] += mut2(i)
    h[k] += 1
    o.__dict__["a"] += 1
r = (sorted(d.items()), sorted(e.items()), zz, o.a, vars(o), sorted(h.items()))
`,
	"subscr_store": `
counts = {}
small = {}
words = ["a", "bb", "a", "c", "bb", "d"]
for i in range(3000):
    w = words[i % 6] + str(i % 13)
    counts[w] = counts.get(w, 0) + 1
    small[i % 5] = small.get(i % 5, 1000) + i
aug = dict.fromkeys(range(40), 0)
for i in range(2000):
    aug[i % 40] += i
    aug[-1 - i % 2] = aug.get(-2 + i % 2, 0.5) + 1
mixed = {1: "int", "k" * 70: 0}
for i, k in enumerate([1, 1.0, True, 2, "2", -1, -2, 0, False, 0.0, (1, 2), "k" * 70]):
    mixed[k] = mixed.get(k, i) * 2 if not isinstance(mixed.get(k, i), str) else mixed.get(k)
lst = [0] * 10
for i in range(500):
    lst[i % 10] = lst[-1 - i % 10] + i * 1000
    try:
        lst[i] = i
    except IndexError:
        pass
class D(dict):
    pass
sub = D()
for i in range(100):
    sub[i % 7] = sub.get(i % 7, 0) + 1
g = globals()
for i in range(50):
    g["dyn" + str(i % 3)] = i
# The entry dict.get found, moved or gone before the store: deleted,
# the dict compacted by an insertion's rebuild, cleared, another key.
moved = {str(j): j for j in range(20)}
names = list(moved)
full = dict.fromkeys(names, 0)
for i in range(400):
    k = str(i % 20)
    v = moved.get(k, 0)
    if i % 7 == 0:
        moved.pop(str((i + 1) % 20), None)
    if i % 11 == 0:
        for j in range(30):
            moved["x" + str(j)] = j
        for j in range(30):
            del moved["x" + str(j)]
    if i % 13 == 0:
        moved.clear()
    moved[k] = v + 1
    moved[str((i + 3) % 20)] = moved.get(k, 0) + i
    moved[names[(i + 5) % 20]] = moved.get(k, 0) + 2
    full[k] += 1
    full[names[(i + 7) % 20]] = full[k] + 3
r = (sorted(moved.items()), sorted(full.items()), sorted(counts.items()), sorted(small.items()), sorted(aug.items()), sorted(mixed.items(), key=repr), lst, sorted(sub.items()), dyn0, dyn1, dyn2, counts.get("zz"), small.get(9))
`,
	// MAP_ADD's fast path (Dict.setFast) and what it leaves to Dict.set:
	// new and repeated int and str keys, values that are charged (floats,
	// ints past the small-int cache), long strs, 1 / 1.0 / True, -1 and
	// -2, tuples, and dicts that grow as they fill.
	"map_add": `
sq = {i: i * i for i in range(5000)}
rep = {i % 300: i for i in range(3000)}
names = {str(i % 200): i * 0.5 for i in range(1000)}
longs = {("k" * 70) + str(i % 9): i for i in range(40)}
mixed = {k: i for i, k in enumerate([1, 1.0, True, 2, "2", -1, -2, -1, -2, 0, False, 0.0, 3, 4, 5, 6, 7, 8, 9, 10])}
tups = {(i % 4, i % 3): i for i in range(40)}
inv = {v: k for k, v in sq.items() if k % 3 == 0}
r = (len(sq), sum(sq.values()), len(rep), rep[5], len(names), names["7"], len(longs), sorted(mixed.items(), key=repr), len(tups), len(inv), inv[81])
`,
	// SET_ADD's fast path (Set.addFast) and everything it leaves to
	// Set.add: duplicates, strs short and long, 1 / 1.0 / True (equal
	// across types), -1 and -2 (equal hashes, different values), tuples,
	// and tables that resize as they fill.
	"set_add": `
ints = {i % 700 for i in range(3000)}
strs = {str(i % 300) for i in range(2000)}
longs = {("x" * 70) + str(i % 5) for i in range(50)}
mixed = {v for v in [1, 1.0, True, 2, 2.0, "2", -1, -2, -1, -2, 0, False, 0.0]}
tups = {(i % 4, i % 3) for i in range(40)}
big = {i * 7919 for i in range(20000)}
r = (len(ints), sum(ints), len(strs), min(strs), max(strs), len(longs), sorted(mixed, key=repr), len(tups), len(big), sum(big) % 1000003)
`,
	"pipeline": `
def numbers(n):
    for i in range(n):
        yield i
def evens(src):
    for x in src:
        if x % 2 == 0:
            yield x
def chunks(src, size):
    buf = []
    for x in src:
        buf.append(x)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf
total = 0
for chunk in chunks(evens(numbers(5000)), 64):
    total += sum(chunk)
r = (total, sum(x * 2 for x in numbers(3000)), max(x % 1000 for x in numbers(4000)))
`,
	"yield_from": `
def numbers(n):
    for i in range(n):
        yield i
def chain(*gens):
    for g in gens:
        yield from g
r = sum(chain(numbers(2000), (x * 2 for x in range(2000)), [1, 2, 3]))
`,
	"raise_across": `
def boom(n):
    for i in range(n):
        if i == 700:
            raise ValueError(i)
        yield i
def wrap(src):
    for x in src:
        yield x + 1
out = []
try:
    for v in wrap(boom(2000)):
        out.append(v)
except ValueError as e:
    out.append(("caught", e.args))
def stops():
    yield 1
    raise StopIteration
try:
    for v in stops():
        out.append(v)
except RuntimeError as e:
    out.append(str(e))
r = (len(out), out[-3], out[-2], out[-1])
`,
	"abandoned": `
def numbers(n):
    for i in range(n):
        yield i
g = numbers(3000)
first = []
for x in g:
    first.append(x)
    if x == 1500:
        break
rest = 0
for x in g:
    rest += x
r = (len(first), rest, next(g, "done"), [y for y in numbers(10) if y % 3])
`,
	"calls": `
class L(list):
    def append(self, x):
        super().append(x * 10)
def len2(x):
    return 7
out = []
sub = L()
parts = []
n = 0
for i in range(300):
    out.append(i)
    sub.append(i)
    parts.append("a,b".split(","))
    n += len(out) + len("abc") + len((1, 2)) + len({1: 2}) + len(parts[-1])
len = len2
m = len(out)
del len
r = (out[-1], sub[-1], n, m, len(parts), list.append(out, 5), out[-1])
`,
	"dicts": `
d = {i: str(i) for i in range(3000)}
for i in range(0, 3000, 3):
    del d[i]
for i in range(1000, 1400):
    d.pop(i, None)
ks = [k for k in d]
vs = [v for v in d.values()]
total = 0
for k, v in d.items():
    total += k + len(v)
for a, b in ((1, 2), (3, 4)):
    total += a * b
err = None
try:
    for k in d:
        d[-k] = 0
except RuntimeError as e:
    err = str(e)
l = [1]
it = iter(l)
for x in it:
    pass
l.append(2)
r = (len(ks), vs[0], vs[1], vs[2], total, err, list(it), sum(t for t in (1, 2, 3)))
`,
	// s[a:b] on a str, list or tuple runs BUILD_SLICE and BINARY_SUBSCR as
	// one (buildSlice); everything else builds the Slice object.
	"slices": `
class Box:
    def __getitem__(self, k):
        return (k.start, k.stop, k.step)
class S(str):
    pass
s = "  Name7: Value-21 ; status=ok  "
u = "h\u00e9llo w\u00f6rld \u2603 " * 40
l = list(range(50))
tu = tuple(range(50))
out = []
for i in range(-60, 60, 7):
    out.append((s[i:], s[:i], s[i:i + 5], u[i:i + 9], u[i:], l[i:i + 3], tu[:i][-2:], s[None:i]))
errs = []
for k in ("a", 1.5):
    try:
        s[k:]
    except TypeError as e:
        errs.append(str(e))
b = Box()
out.append((b[1:2], b["x":], S("abcdef")[1:3], type(S("abcdef")[1:3]).__name__, s[1:9:2], l[True:3], s[2**70:], s[-2**70:3]))
r = (out, errs)
`,
	// A compare of a computed value with a constant feeding a branch runs
	// as one (CONST_COMPARE_JUMP) on ints; anything else runs the constant
	// alone and the compare after it.
	"const_compare": `
def evens(src):
    for x in src:
        if x % 2 == 0:
            yield x
buf = []
n = 0
odd = []
vals = [3, 4.0, 4.5, "a", None, 2**70, -7, True, False]
for i in range(2000):
    buf.append(i)
    if len(buf) == 64:
        n += 1
        buf = []
    if i % 3 != 1 and not i % 5 > 2:
        odd.append(i)
    if -i >= -3 or i * 2 < 10:
        n += 100
k = 0
for v in vals * 30:
    try:
        if v == 4:
            k += 1
        if v < 4:
            k += 10
    except TypeError:
        k += 1000
r = (sum(evens(range(5000))), n, len(buf), sum(odd), len(odd), k)
`,
	// BINARY_OP followed by a constant operation runs as one
	// (BINARY_OP_BINARY_OP_CONST) on ints; everything else, and an
	// intermediate or result beyond int64's fast path, takes the general
	// path of each.
	"arith_chain": `
class N:
    def __init__(self, v):
        self.v = v
    def __mul__(self, o):
        return self.v * 3
total = 0
acc = []
big = 2**40
for i in range(3000):
    total += i * i % 7 + (i - 5) // 3 - (i + i) * 2 + (i ^ 5) & 12
    acc.append((i * big + 1, (i * 1.5) % 2, N(i) * N(i) + 1, (i * big * big) % 10**9))
errs = []
for d in (0, 1):
    try:
        errs.append(3 * 4 % d)
    except ZeroDivisionError as e:
        errs.append(str(e))
r = (total, acc[-3:], errs, ("ab" + "c") * 2, [x * x % 5 for x in range(-20, 20)])
`,
	// Builtins that consume a generator: each resumes it from Go.
	"builtins_drain": `
def numbers(n):
    for i in range(n):
        yield i
def pairs(n):
    for i in range(n):
        yield (str(i % 7), i)
out = [sum(numbers(3000)), max(x % 1000 for x in numbers(4000)), min(x * 3 % 7 for x in numbers(2000)),
       len(list(numbers(1500))), len(tuple(x for x in numbers(1500))), len(set(x % 97 for x in numbers(2000))),
       sorted(x % 13 for x in numbers(300))[-5], any(x > 1990 for x in numbers(2000)),
       all(x < 5000 for x in numbers(2000)), ",".join(str(x) for x in numbers(50)),
       dict(pairs(400)), sum((x for x in numbers(100)), 10), max(numbers(0), default="empty")]
def boom(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i
for fn in (sum, max, min, list, tuple, set, sorted, any, all):
    try:
        fn(boom(600))
    except KeyError as e:
        out.append((fn.__name__, e.args))
def stops():
    yield 1
    raise StopIteration(5)
try:
    sum(stops())
except RuntimeError as e:
    out.append((str(e), type(e.__cause__).__name__))
r = out
`,
	// yield from: a delegating generator driven by a builtin, by a for
	// loop, by next() and send(); sub-iterators of every kind; a return
	// value; an exception from deep in a chain; a delegate already
	// running.
	"yield_from_kinds": `
def numbers(n):
    for i in range(n):
        yield i
def ret(n):
    yield from numbers(n)
    return n * 100
def outer(n):
    got = yield from ret(n)
    yield got
def deep(k, n):
    if k == 0:
        yield from numbers(n)
    else:
        yield from deep(k - 1, n)
def chain(*its):
    for it in its:
        yield from it
out = [sum(outer(500)), list(outer(3)), sum(deep(20, 300)), sum(chain(range(50), [1, 2], (3, 4), "", numbers(40), iter([5]))),
       [x for x in chain(numbers(5), outer(2))]]
total = 0
for x in chain(numbers(700), outer(300), deep(5, 200)):
    total += x
out.append(total)
def echo():
    x = 0
    while True:
        x = yield x
        if x is None:
            x = -1
def relay():
    r = yield from echo()
g = relay()
out.append((next(g), g.send(5), g.send(None), next(g), g.send(7)))
def failing(n):
    for i in range(n):
        if i == 250:
            raise ValueError("deep", i)
        yield i
try:
    sum(deep(10, 0) if False else chain(numbers(30), deep(3, 0), (y for y in failing(400))))
except ValueError as e:
    out.append(e.args)
def selfish():
    yield from me
me = selfish()
try:
    next(me)
except ValueError as e:
    out.append(str(e))
def closer():
    try:
        yield from numbers(100)
    finally:
        out.append("closed")
c = closer()
out.append((next(c), next(c)))
c.close()
out.append(list(c))
r = out
`,
	// Dict and set comprehensions: str, int, tuple and instance keys (a
	// __hash__ and __eq__ written in Python), duplicates, an unhashable key
	// raised mid-comprehension.
	"dict_set_comprehensions": `
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v % 50)
    def __eq__(self, o):
        return self.v % 50 == o.v % 50
d1 = {str(i): i for i in range(2000)}
d2 = {i % 300: i for i in range(3000)}
d3 = {(i, i % 3): i * 1.5 for i in range(500)}
d4 = {K(i): i for i in range(200)}
s1 = {x % 1000 for x in range(5000)}
s2 = {str(x % 70) for x in range(700)}
s3 = {K(i) for i in range(150)}
out = [len(d1), d1["1999"], len(d2), d2[7], len(d3), len(d4), sorted(k.v for k in d4)[2], len(s1), len(s2), len(s3)]
def bad_dict():
    return {([i] if i == 5 else i): i for i in range(10)}
def bad_set():
    return {([i] if i == 5 else i) for i in range(10)}
for bad in (bad_dict, bad_set):
    try:
        bad()
    except TypeError as e:
        out.append(str(e))
r = out
`,
	// key, _, rest = s.partition(":") and k, v = s.split("=") run the call
	// and the unpacking as one (callUnpack); anything else builds the
	// tuple or list.
	"partition": `
class S(str):
    pass
lines = ["  Name%d: Value-%d ; status=%s  " % (i, i * 3, "ok" if i % 4 else "FAIL") for i in range(300)]
lines += ["no colon here", "", ":", "a::b", S("sub:class"), "h\u00e9:llo"]
out = []
for s in lines:
    key, _, rest = s.partition(":")
    a, b, c = s.rpartition(":")
    m = str.partition(s, ":")
    x, y, z = str.rpartition(s, S(":"))
    out.append((key, _, rest, a, b, c, m, x, y, z))
    h, i, j = s.strip().partition(" ")
    out.append((h, i, j))
errs = []
for bad in ((":", None), ("", ""), ("abc", 1)):
    try:
        p, q, r2 = bad[0].partition(bad[1])
    except (TypeError, ValueError) as e:
        errs.append(str(e))
try:
    p, q = "a:b".partition(":")
except ValueError as e:
    errs.append(str(e))
sep = ":"
for s in lines + ["a=b=c", "=", "k=v", "h\u00e9=llo=", S("p=q")]:
    try:
        k, v = s.split("=")
        out.append((k, v))
    except ValueError as e:
        errs.append(str(e))
    try:
        k, v = s.split("=", 1)
        out.append((k, v))
    except ValueError as e:
        errs.append(str(e))
    try:
        a, b, c, d = s.split(" ", -1)
        out.append((a, b, c, d))
    except ValueError as e:
        errs.append(str(e))
    a, = s.split("=", 0)
    k, v, w = (s + ";x;y").split(";", 2)
    out.append((a, k, v, w))
for bad in (("a=b", ""), ("a=b", None), ("a=b", 1)):
    try:
        k, v = bad[0].split(bad[1])
    except (TypeError, ValueError) as e:
        errs.append(str(e))
r = (out, errs, "x:y".partition(sep)[1] is sep)
`,
	// An operation with a constant operand (x + "=") that is not int
	// arithmetic takes the general path below the loop (fastSlow), a str
	// concatenation in it; lists and tuples are built in it.
	"const_operands": `
class V:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return V(self.v + len(str(o)))
    def __radd__(self, o):
        return "r" + str(self.v)
out = []
errs = []
for i in range(400):
    s = "k%d" % i
    x = s + "=" + s.upper() + "."
    y = i / 2 + 1.5
    z = y % 3
    w = s * 2
    v = V(i) + "abc"
    u = "a" + V(i)
    out.append([x, y, z, w, v.v, u, (i, s), [], ()])
    try:
        out.append(i + "x")
    except TypeError as e:
        errs.append(str(e))
    try:
        out.append(s - 1)
    except TypeError as e:
        errs.append(str(e))
    big = s + "y" * 2000
    out.append(len(big + "z"))
r = (out.pop(), out.pop(), out[0], len(out), errs.pop(), len(errs))
`,
	// Dict displays, f-strings and closures' stores: the general paths
	// below the loop (fastSlow), with hashes and formats that call back
	// into the snippet, and their errors.
	"builds": `
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        if self.v == 13:
            raise ValueError("no hash for 13")
        return self.v % 7
    def __eq__(self, o):
        return isinstance(o, K) and o.v == self.v
    def __format__(self, spec):
        return "K" + spec + str(self.v)
def counter():
    n = 0
    def bump():
        nonlocal n
        n += 1
        return n
    for i in range(50):
        n = n + i
        bump()
    return n
out = []
errs = []
for i in range(300):
    d = {j: str(j) for j in range(i % 9)}
    s = {j % 5 for j in range(i % 11)}
    ks = {K(j): j for j in range(i % 5)}
    m = {"a": i, "b": [i], i: "c"}
    f = f"{i:>6}|{i!r}|{str(i)!a:^8}|{K(i):xy}|{i / 3:.2f}|{'q' * (i % 3)}"
    out.append((len(d), sorted(s), len(ks), m, f))
    try:
        {K(13): 1}
    except ValueError as e:
        errs.append(str(e))
    try:
        {[i]: 1}
    except TypeError as e:
        errs.append(str(e))
    try:
        {K(j) for j in (1, 13)}
    except ValueError as e:
        errs.append(str(e))
    try:
        f"{i:Z}"
    except ValueError as e:
        errs.append(str(e))
big = f"{'x' * 3000}{'y' * 3000}{len(out)}"
r = (out[0], out[-1], len(errs), errs[0], errs[1], errs[2], errs[3], len(big), counter())
`,
	// Classes: instance attributes and methods (LOAD_ATTR, LOAD_METHOD,
	// CALL_METHOD in fastRun), property getters pushed as plain calls
	// (one that raises, one a __getattr__ must see fail), dunders called
	// from Go (max, sorted, ==, hash, repr, len, iter, getitem), __init__
	// chains through super(), int and float mixed.
	"classes": `
class Shape:
    def __init__(self, name):
        self.name = name
    def area(self):
        raise NotImplementedError
    def __lt__(self, other):
        return self.area() < other.area()
    def __eq__(self, other):
        return type(self) is type(other) and self.area() == other.area()
    def __hash__(self):
        return hash(len(self.name) % 7)
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"
class Rect(Shape):
    def __init__(self, name, w, h):
        super().__init__(name)
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    @property
    def perimeter(self):
        return 2 * (self.w + self.h)
    @property
    def broken(self):
        return self.missing
class Square(Rect):
    def __init__(self, name, s):
        super().__init__(name, s, s)
class Circle(Shape):
    def __init__(self, name, r):
        super().__init__(name)
        self.r = r
    def area(self):
        return 3.14159 * self.r * self.r
    @property
    def perimeter(self):
        return 2 * 3.14159 * self.r
class Lazy(Rect):
    def __getattr__(self, name):
        return "lazy " + name
class Bag:
    def __init__(self, items):
        self.items = items
    def __len__(self):
        return len(self.items)
    def __iter__(self):
        return iter(self.items)
    def __getitem__(self, i):
        return self.items[i]
    def __contains__(self, x):
        return x in self.items
shapes = []
for i in range(600):
    k = i % 3
    if k == 0:
        shapes.append(Rect("r%d" % i, i % 17 + 1, i % 5 + 1))
    elif k == 1:
        shapes.append(Square("s%d" % i, i % 9 + 1))
    else:
        shapes.append(Circle("c%d" % i, i % 7 + 1))
total = sum(s.area() for s in shapes)
per = sum(s.perimeter for s in shapes)
m = [s.area for s in shapes if len(s.name) < 3]
shapes[0].area = lambda: 99
errs = []
for s in shapes[0], shapes[3], shapes[6]:
    try:
        s.broken
    except AttributeError as e:
        errs.append(str(e))
lz = Lazy("z", 2, 3)
bag = Bag(list(shapes))
r = (round(total, 2), round(per, 2), repr(max(shapes)), [repr(s) for s in sorted(shapes)], repr(sorted(shapes, reverse=True)[0]),
     [f() for f in m], shapes[0].area(), errs, lz.perimeter, lz.broken, len(set(shapes)),
     shapes.count(Square("x", 2)), len(bag), sum(1 for s in bag), bag[3], shapes[7] in bag,
     min(shapes, key=lambda s: s.perimeter), 1.5 * 2 + 3 * 0.25 - 2.0 * 3)
`,
	// STORE_ATTR in fastRun (storeAttrFast) and below its loop: new
	// attributes within the dict's room and past it (an index made, the
	// class's size hint raised), values replaced, charged values (floats,
	// big ints, strs), an instance whose __dict__ was replaced or
	// cleared, __slots__, a property setter, __setattr__, a descriptor
	// with __set__, a class attribute (a *Class, not an instance), an
	// attribute name that is not a key of the class's instances, errors.
	"attr_stores": `
class P:
    def __init__(self, x):
        self.x = x
        self.y = x * 1.5
class Wide:
    def __init__(self, n):
        self.a0 = n
        self.a1 = n
        self.a2 = n
        self.a3 = n
        self.a4 = n
        self.a5 = n
        self.a6 = n
        self.a7 = n
        self.a8 = n
        self.a9 = str(n) * 3
        self.a10 = 10 ** 30 + n
class S:
    __slots__ = ("u", "v")
    def __init__(self, u):
        self.u = u
class Prop:
    def __init__(self):
        self._v = 0
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, x):
        self._v = x * 2
class Logged:
    def __setattr__(self, name, value):
        object.__setattr__(self, name, (name, value))
class Desc:
    def __get__(self, obj, cls):
        return obj.__dict__.get("_d", -1)
    def __set__(self, obj, value):
        obj.__dict__["_d"] = value + 100
class HasDesc:
    d = Desc()
class Counter:
    n = 0
out = []
errs = []
for i in range(300):
    p = P(i)
    p.x = p.x + 1
    p.z = i
    w = Wide(i)
    w.a3 = w.a0 + 1
    w.extra = i
    s = S(i)
    s.v = i
    pr = Prop()
    pr.v = i
    lg = Logged()
    lg.k = i
    hd = HasDesc()
    hd.d = i
    Counter.n = i
    if i % 50 == 0:
        p.__dict__ = {"q": 1}
        p.x = i
        w.__dict__.clear()
        w.a0 = i
        try:
            s.w = 1
        except AttributeError as e:
            errs.append(str(e))
        try:
            (1).real = 2
        except AttributeError as e:
            errs.append(str(e))
    out.append((p.x, getattr(p, "y", None), getattr(p, "z", None), w.a0, getattr(w, "a3", None), getattr(w, "extra", None), s.u, s.v, pr.v, lg.k, hd.d, Counter.n))
r = (out[0], out[1], out[50], out[-1], len(out), sorted(vars(w)), sorted(vars(p)), errs[0], errs[1], errs[-1], len(errs))
`,
	"percent": `
out = []
errs = []
for i in range(400):
    out.append("%s=%d (%.1f%%) %r" % ("k" + str(i), i, i / 3, [i]))
    out.append("%5s|%-4d" % (i, i % 7))
    for bad in (("x",), (1,), (1, 2, 3)):
        try:
            out.append("%d %d" % bad)
        except TypeError as e:
            errs.append(str(e))
    try:
        out.append("%(a)s" % (i,))
    except TypeError as e:
        errs.append(str(e))
r = (len(out), out[0], out[1], out[2], out[-1], sorted(set(errs)), len(errs))
`,
	"comprehensions": `
data = [[(i * j) % 17 for j in range(30)] for i in range(300)]
flat = [x for row in data for x in row if x % 2 == 0]
squares = {i: i * i for i in range(5000)}
uniq = {x % 100 for x in flat}
cols = [sum(row[c] for row in data) for c in range(30)]
r = (len(flat), len(uniq), cols[0], cols[2], sum(1 for v in squares.values() if v % 2 == 0))
`,
}

// slicing names the programs above that slice (s[a:b]), whose memory
// charge depends on polling.
var slicing = map[string]bool{"slices": true, "arith_chain": true}

// runCounting runs src as a module and returns repr(r), the steps the run
// took and the memory it charged; pollEveryStep makes every instruction
// poll, so fastRun runs none of them and eval runs them all.
func runCounting(t *testing.T, src string, pollEveryStep bool) (string, int64, int64) {
	t.Helper()
	return runCharging(t, src, func(th *Thread) {
		if pollEveryStep {
			th.pollEvery = 1
			th.nextChk.Store(1)
		}
	})
}

// compileProg parses and compiles src as the module prog.py.
func compileProg(t *testing.T, src string) *compile.Program {
	t.Helper()
	mod, err := syntax.Parse("prog.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compile.Module("prog.py", mod, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// roomyThread is a thread whose limits a test program does not meet,
// closed at the test's end.
func roomyThread(t *testing.T) *Thread {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
	t.Cleanup(th.Close)
	return th
}

// runCharging is runCounting on a thread set up by setup.
func runCharging(t *testing.T, src string, setup func(*Thread)) (string, int64, int64) {
	t.Helper()
	prog := compileProg(t, src)
	th := roomyThread(t)
	setup(th)
	g := NewDict()
	if _, err := th.RunModule(NewCode(prog.Module), g); err != nil {
		t.Fatal(err)
	}
	r, _ := g.GetStr("r")
	s, err := th.Repr(r)
	if err != nil {
		t.Fatal(err)
	}
	return s, th.Steps(), th.MemoryUsed()
}

// TestFastRunMatchesEval checks that fastRun, which now also moves between
// a loop's frame and the generators it resumes, computes what eval
// computes and counts exactly its steps and memory charges (the budgets
// must not depend on which loop ran an instruction).
func TestFastRunMatchesEval(t *testing.T) {
	t.Parallel()
	for name, src := range fastLoopPrograms {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, wantSteps, wantMem := runCounting(t, src, true)
			got, gotSteps, gotMem := runCounting(t, src, false)
			if got != want {
				t.Errorf("result with fastRun %s, eval alone %s", got, want)
			}
			if gotSteps != wantSteps {
				t.Errorf("steps with fastRun %d, eval alone %d", gotSteps, wantSteps)
			}
			// s[a:b] makes no Slice object where eval would not poll
			// (buildSlice), so polling at every step charges more in
			// programs that slice.
			if gotMem != wantMem && !slicing[name] {
				t.Errorf("memory charged with fastRun %d, eval alone %d", gotMem, wantMem)
			}
		})
	}
}

// TestSliceMakesNoSliceObject checks that s[a:b] on a str allocates its
// result and nothing else: BUILD_SLICE and BINARY_SUBSCR run as one, with
// no Slice object (48 bytes, which was one more allocation per slice).
func TestSliceMakesNoSliceObject(t *testing.T) {
	prog := compileProg(t, "s = 'abcdefgh' * 4\nfor i in range(1000):\n    x = s[1:i]\n")
	code := NewCode(prog.Module)
	th := roomyThread(t)
	n := testing.AllocsPerRun(5, func() {
		if _, err := th.RunModule(code, NewDict()); err != nil {
			t.Fatal(err)
		}
	})
	// One str header per slice (s[1:i] for i <= 1 is "" and s[1:32] and
	// beyond are s itself: no allocation), a few for the run itself; a
	// Slice object per iteration would add 1000.
	if n > 1200 {
		t.Errorf("%v allocations for 1000 slices, want at most 1200 (one per slice)", n)
	}
}

// TestArithChainBoxesNoIntermediate checks that i * i % 7 allocates
// nothing for i * i: BINARY_OP and the constant operation after it run as
// one on ints (BINARY_OP_BINARY_OP_CONST), and the intermediate, beyond the
// small-int cache, was one more allocation per iteration.
func TestArithChainBoxesNoIntermediate(t *testing.T) {
	prog := compileProg(t, "for i in range(5000, 6000):\n    x = i * i % 7\n")
	code := NewCode(prog.Module)
	th := roomyThread(t)
	n := testing.AllocsPerRun(5, func() {
		if _, err := th.RunModule(code, NewDict()); err != nil {
			t.Fatal(err)
		}
	})
	// One box per i (beyond the cache), a few for the run itself; a box
	// for each i * i would add 1000.
	if n > 1200 {
		t.Errorf("%v allocations for 1000 iterations, want at most 1200 (one per i)", n)
	}
}

// TestComprehensionFunctionReused checks that a comprehension without a
// closure reuses its function object (one per code object and thread)
// with the same result, steps and memory charged as a new function each
// time, also where the comprehension runs again inside its own iterable's
// expression and beside comprehensions with a closure (made anew).
func TestComprehensionFunctionReused(t *testing.T) {
	const src = `
def nest(n):
    return [x + 1 for x in (nest(n - 1) if n else [0, 1])]
def outer(k):
    return [[k * i + j for j in range(3)] for i in range(2)]
out = []
for i in range(2000):
    rest = " a ; b%d " % i
    value, status = [p.strip() for p in rest.split(";")]
    out.append((value, status, {c for c in status}, {c: 1 for c in value}))
r = (out[-3:], nest(5), outer(4), [len([y for y in range(i)]) for i in range(4)])
`
	want, wantSteps, wantMem := runCharging(t, src, func(th *Thread) { th.freshCompFns = true })
	got, gotSteps, gotMem := runCharging(t, src, func(*Thread) {})
	if got != want {
		t.Errorf("result reusing comprehension functions %s, making them anew %s", got, want)
	}
	if gotSteps != wantSteps || gotMem != wantMem {
		t.Errorf("reusing comprehension functions: %d steps, %d bytes charged; making them anew: %d steps, %d bytes", gotSteps, gotMem, wantSteps, wantMem)
	}
	prog := compileProg(t, "for i in range(1000):\n    x = [j for j in ()]\n")
	code := NewCode(prog.Module)
	allocs := func(fresh bool) float64 {
		th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
		defer th.Close()
		th.freshCompFns = fresh
		return testing.AllocsPerRun(5, func() {
			if _, err := th.RunModule(code, NewDict()); err != nil {
				t.Fatal(err)
			}
		})
	}
	if reused, fresh := allocs(false), allocs(true); reused > fresh-990 {
		t.Errorf("1000 comprehensions: %v allocations reusing their function, %v making it anew: want one fewer a comprehension", reused, fresh)
	}
}

// TestFastLoopBoxesIntsInPairs checks that the fast loop's int results
// beyond the small-int cache take one allocation for two (Thread.boxInt):
// 2000 boxes here, i and total each iteration, were 2000 allocations.
func TestFastLoopBoxesIntsInPairs(t *testing.T) {
	prog := compileProg(t, "total = 10**6\nfor i in range(5000, 6000):\n    total += i\n")
	code := NewCode(prog.Module)
	th := roomyThread(t)
	n := testing.AllocsPerRun(5, func() {
		g := NewDict()
		if _, err := th.RunModule(code, g); err != nil {
			t.Fatal(err)
		}
		if v, _ := g.GetStr("total"); v != Int(6_499_500) {
			t.Fatalf("total = %v", v)
		}
	})
	if n > 1200 {
		t.Errorf("%v allocations for 2000 int boxes, want at most 1200 (one per two)", n)
	}
}

// TestDictUpdatesStayInFastLoop checks that the counting idioms run in
// fastRun's loop without stopping it: d[k] = d.get(k, 0) + 1 (the call of
// dict.get and STORE_SUBSCR), d[k] += 1 (DUP_TOP_TWO and ROT_THREE, which
// left the rest of the iteration to eval) and lst[i] = v. Each stop costs
// a write-back and a reload of the loop's state, or the general loop.
func TestDictUpdatesStayInFastLoop(t *testing.T) {
	prog := compileProg(t, `
d = {"k": 0}
lst = [0, 0]
for i in range(1000):
    w = "k"
    d[w] = d.get(w, 0) + 1
    d[w] += 1
    lst[1] = i
`)
	th := roomyThread(t)
	g := NewDict()
	if _, err := th.RunModule(NewCode(prog.Module), g); err != nil {
		t.Fatal(err)
	}
	if v, _ := g.GetStr("d"); v.(*Dict).entries[0].value != Int(2000) {
		t.Fatalf("d = %v", v)
	}
	// The polls (every checkInterval steps) and the loop's entry and exit.
	if th.fastStops > 100 {
		t.Errorf("fastRun stopped %d times in 1000 iterations, want at most 100", th.fastStops)
	}
}

// TestAttrStoresStayInFastLoop checks that stores of an instance's
// attributes (STORE_ATTR, in an __init__ and outside one) run in fastRun's
// loop without stopping it: the loop left every one to eval, which then
// ran the rest of the frame (an __init__ and the caller after its return)
// until a call or a loop's back edge.
func TestAttrStoresStayInFastLoop(t *testing.T) {
	prog := compileProg(t, `
class P:
    def __init__(self, x):
        self.x = x
p = P(0)
for i in range(1000):
    p.x = i
    p.y = i
`)
	th := roomyThread(t)
	g := NewDict()
	if _, err := th.RunModule(NewCode(prog.Module), g); err != nil {
		t.Fatal(err)
	}
	p, _ := g.GetStr("p")
	if v, _ := p.(*Instance).Dict.GetStr("y"); v != Int(999) {
		t.Fatalf("p.y = %v", v)
	}
	// The polls (every checkInterval steps) and the loop's entry and exit.
	if th.fastStops > 100 {
		t.Errorf("fastRun stopped %d times in 1000 iterations, want at most 100", th.fastStops)
	}
}

// TestCallsStayInFastLoop checks that a plain call of a Python function
// or method and its return run in fastRun's loop without stopping it:
// each was a stop, the loop's state written back, a dispatch below the
// loop on why it stopped and the state read again.
func TestCallsStayInFastLoop(t *testing.T) {
	prog := compileProg(t, `
def f(a, b):
    return a
class C:
    def m(self, x):
        return f(x, self)
c = C()
total = 0
for i in range(1000):
    total += f(i, 1) + c.m(i)
`)
	th := roomyThread(t)
	g := NewDict()
	if _, err := th.RunModule(NewCode(prog.Module), g); err != nil {
		t.Fatal(err)
	}
	if v, _ := g.GetStr("total"); v != Int(999000) {
		t.Fatalf("total = %v", v)
	}
	// The polls (every checkInterval steps) and the loop's entry and exit;
	// 3000 calls and returns were 6000 stops.
	if th.fastStops > 100 {
		t.Errorf("fastRun stopped %d times in 1000 iterations of 3 calls, want at most 100", th.fastStops)
	}
}

// TestPercentTupleMakesNoTuple checks that "..." % (a, b) allocates its
// result and nothing else: BUILD_TUPLE and BINARY_OP % run as one, with no
// tuple (an array and a slice header, two more allocations per format).
func TestPercentTupleMakesNoTuple(t *testing.T) {
	prog := compileProg(t, "k = 'key'\nfor i in range(1000):\n    x = '%s=%s;' % (k, k)\n")
	code := NewCode(prog.Module)
	th := roomyThread(t)
	n := testing.AllocsPerRun(5, func() {
		if _, err := th.RunModule(code, NewDict()); err != nil {
			t.Fatal(err)
		}
	})
	// The formatted str (its builder's bytes and its header), a few for
	// the run itself (2033); a tuple per format adds 2000.
	if n > 2500 {
		t.Errorf("%v allocations for 1000 formats, want at most 2500", n)
	}
}

// TestRangeOfIntsMakesNoBigInts checks that range() of machine ints
// allocates its range object and nothing else: no big.Int per argument (and
// for its start and step), which made a range in a loop's body (for j in
// range(30) inside a loop or a comprehension) three to five allocations.
func TestRangeOfIntsMakesNoBigInts(t *testing.T) {
	prog := compileProg(t, "for i in range(1000):\n    r = range(i, 40, 3)\n    r = range(30)\n")
	code := NewCode(prog.Module)
	th := roomyThread(t)
	n := testing.AllocsPerRun(5, func() {
		if _, err := th.RunModule(code, NewDict()); err != nil {
			t.Fatal(err)
		}
	})
	// One range object per call, a few for the run itself; big ints for
	// the arguments would add at least 2000.
	if n > 2200 {
		t.Errorf("%v allocations for 2000 ranges, want at most 2200 (one per range)", n)
	}
}

// TestComprehensionListPresized checks that a list comprehension with
// one item per item of a range, list or tuple makes its list's array once,
// with room for every item (presize.go), where appending copied it at 4,
// 8, 16 and 32 items (two more allocations per comprehension each).
func TestComprehensionListPresized(t *testing.T) {
	for _, c := range []struct {
		src  string
		most float64
	}{
		// Per iteration: the range, its iterator, the list and its array.
		{"xs = list(range(30))\nfor i in range(1000):\n    l = [j * 2 for j in range(30)]\n", 4200},
		{"xs = list(range(30))\nfor i in range(1000):\n    l = [j * 2 for j in xs]\n", 3200},
	} {
		prog := compileProg(t, c.src)
		code := NewCode(prog.Module)
		th := roomyThread(t)
		n := testing.AllocsPerRun(5, func() {
			if _, err := th.RunModule(code, NewDict()); err != nil {
				t.Fatal(err)
			}
		})
		if n > c.most {
			t.Errorf("%v allocations for 1000 comprehensions of 30 items, want at most %v: %q", n, c.most, c.src)
		}
	}
}
