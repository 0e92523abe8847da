def gen(log):
    try:
        for i in range(3):
            try:
                yield i
            except ValueError:
                log.append("gen caught")
    finally:
        log.append("gen finally")
log = []
try:
    for x in gen(log):
        log.append(x)
        if x == 1:
            raise ValueError("body")
except ValueError as e:
    log.append(f"outer {e}")
print(log)
# ---
def gen():
    yield 1
    yield 2
    yield 3
g = gen()
def first(g):
    for x in g:
        return x
print(first(g), first(g), list(g), first(g))
# ---
def gen():
    for i in range(5):
        yield i
g = gen()
out = []
for x in g:
    out.append(x)
    if x == 1:
        out.append(next(g))
    if x == 3:
        g.close()
print(out)
# ---
def gen():
    yield 1
    for x in g:
        yield x
g = gen()
try:
    for v in g:
        pass
except ValueError as e:
    print(e)
# ---
def walk(n):
    if n == 0:
        yield 0
        return
    for x in walk(n - 1):
        yield x + 1
print(list(walk(400))[-1])
# ---
def walk(n):
    yield n
    for x in walk(n + 1):
        yield x
try:
    for x in walk(0):
        pass
except RecursionError as e:
    print("rec", type(e).__name__)
# ---
def bad():
    yield 1
    raise StopIteration
try:
    for x in bad():
        pass
except RuntimeError as e:
    print(e)
# ---
def g():
    yield 1
    raise KeyError("k")
for x in g():
    pass
else:
    print("else")
# raises: KeyError: 'k'
# ---
def g(n):
    for i in range(n):
        yield i
r = []
for a in g(3):
    for b in g(a):
        r.append((a, b))
    else:
        r.append("e")
print(r, [(x, y) for x in g(2) for y in g(2)], list(zip(g(3), g(4))), sum(g(10)))
# ---
def counter():
    n = 0
    while True:
        cmd = yield n
        if cmd == "reset":
            n = 0
        else:
            n += 1
c = counter()
out = []
for v in c:
    out.append(v)
    if v == 3:
        out.append(c.send("reset"))
    if len(out) > 8:
        break
print(out)
# ---
def g():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("exit seen")
        raise
gen = g()
for x in gen:
    break
gen.close()
print("closed", list(gen))
# ---
def g():
    x = 0
    while x < 3:
        x += 1
        yield x
    return "done"
def wrap():
    res = yield from g()
    yield res
for v in wrap():
    print(v, end=" ")
print()
# ---
def squares(n):
    for i in range(n):
        if i % 2:
            continue
        yield i * i
total = 0
for s in squares(10):
    if s > 30:
        break
    total += s
print(total)
# ---
def g():
    yield from [1, 2]
    yield from (x * 10 for x in [3, 4])
    yield from {5: 0, 6: 0}
    yield from "ab"
print(list(g()))
# ---
a, b, c = 1, 2, 3
out = []
for x in range(6):
    if a < x < c or x == b and not x > a:
        out.append(x)
    elif not (x <= a) and x != 5:
        out.append(-x)
print(out, [x for x in range(5) if 1 <= x < 4], 1 < 2 > 1, 3 > 2 == 2, (1 < 2) < 3)
# ---
nan = float("nan")
print(nan < 1, nan > 1, nan == nan, nan != nan, [x for x in [nan, 1] if x == x], sorted([3, nan, 1])[1:], max(1, nan), max(nan, 1))
# ---
class Cmp:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return Cmp(self.v < o.v)
    def __bool__(self): return bool(self.v)
x, y = Cmp(1), Cmp(2)
print("lt" if x < y else "ge", "lt" if y < x else "ge", type(x < y).__name__, not (x < y))
# ---
class L:
    def __lt__(self, o): return NotImplemented
try:
    if L() < L():
        pass
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
# ---
i = 0
while i < 10 and i != 7:
    i += 3 if i % 2 else 1
print(i)
x = 5
while x:
    x -= 1
    if x == 2:
        break
else:
    print("no")
print(x)
# ---
def f(a, b):
    return a if a > b else b
s = 0
for i in range(100):
    for j in range(3):
        s += f(i, j)
print(s, f(1.5, 1), f("a", "b"), f([1], [0]))
# ---
def f(x):
    return x is None, x is not None, x in (1, 2), x not in [1], (x or 0) < 5
print([f(v) for v in (None, 1, 3, 7)])
# ---
def fn():
    for i in range(3):
        try:
            if i == 1:
                return i
        finally:
            print("f", i)
print(fn())
# ---
def g():
    for i in range(3):
        try:
            yield i
        finally:
            print("cleanup", i)
for v in g():
    print("body", v)
# ---
def g():
    yield 1
    yield 2
it = g()
for a in it:
    for b in it:
        print(a, b)
# ---
def g():
    yield 1
gen = g()
print(list(gen), list(gen), next(gen, "x"))
for x in gen:
    print("never")
# ---
def outer():
    def inner():
        for i in range(3):
            yield i
            yield from inner2(i)
    def inner2(i):
        if i:
            yield -i
    return list(inner())
print(outer())
# ---
import itertools
def g():
    for i in itertools.count():
        yield i
print([x for x in g() if x % 7 == 0][:0] if False else next(x for x in g() if x > 5 and x % 7 == 0))
# ---
class It:
    def __init__(self):
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.i += 1
        if self.i > 3:
            raise StopIteration
        return self.i
print(list(It()), [x * 2 for x in It()], sum(It()), max(It()))
for x in It():
    if x == 2:
        break
print(x)
# ---
def gen():
    v = yield
    print("got", v)
    yield v * 2
g = gen()
g.send(None)
print(g.send(21))
for rest in g:
    print("rest", rest)
# ---
def g():
    try:
        yield 1
    except Exception as e:
        yield f"caught {e!r}"
gen = g()
print(next(gen), gen.throw(KeyError("x")))
try:
    gen.throw(ValueError("y"))
except ValueError as e:
    print("propagated", e)
# ---
def g():
    yield 1
gen = g()
gen.throw(TypeError("t"))
# raises: TypeError: t
# ---
def agg(rows):
    totals = {}
    for r in rows:
        for k, v in r.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                totals[k] = totals.get(k, 0) + v
    return totals
def rows():
    for i in range(4):
        yield {"a": i, "b": i / 2, "c": "x", "d": True}
print(agg(rows()))
