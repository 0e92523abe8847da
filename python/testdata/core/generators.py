def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
print(list(count(4)), sum(count(5)), [x * 2 for x in count(3)])
# ---
def g():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")
it = g()
print("created")
print(next(it))
print(next(it))
print(next(it, "done"))
# ---
def g():
    yield 1
it = g()
next(it)
next(it)
# raises: StopIteration
# ---
def g():
    yield 1
    return "result"
it = g()
next(it)
try:
    next(it)
except StopIteration as e:
    print("value:", e.value, e.args)
# ---
def inner():
    yield 1
    yield 2
    return "inner-done"
def outer():
    r = yield from inner()
    print("got", r)
    yield 3
print(list(outer()))
# ---
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1, 2], "ab", range(2))))
# ---
def acc():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
g = acc()
print(next(g), g.send(5), g.send(10), g.send(1))
# ---
def g():
    yield 1
g().send(5)
# raises: TypeError: can't send non-None value to a just-started generator
# ---
def g():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
it = g()
print(next(it))
it.close()
print("closed")
print(next(it, "exhausted"))
# ---
def g():
    try:
        yield 1
    except ValueError as e:
        print("caught", e)
        yield "recovered"
it = g()
next(it)
print(it.throw(ValueError("bad")))
# ---
def g():
    yield 1
it = g()
next(it)
it.throw(KeyError("k"))
# raises: KeyError: 'k'
# ---
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for f in fib():
    if f > 100:
        break
    out.append(f)
print(out)
# ---
def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x
def naturals():
    n = 0
    while True:
        yield n
        n += 1
print(list(take(5, naturals())), list(take(2, "xyz")))
# ---
gen = (x * x for x in range(3))
print(type(gen).__name__, list(gen), list(gen))
# ---
def g():
    x = yield
    print("received", x)
    y = yield x * 2
    print("received", y)
it = g()
next(it)
print(it.send(21))
try:
    it.send("last")
except StopIteration:
    print("stopped")
# ---
def flatten(x):
    if isinstance(x, list):
        for item in x:
            yield from flatten(item)
    else:
        yield x
print(list(flatten([1, [2, [3, [4, []]], 5]])))
# ---
def g():
    yield from range(3)
    yield from (c for c in "ab")
    return
it = g()
print(iter(it) is it, list(it))
# ---
def g():
    raise ValueError("inside gen")
    yield
list(g())
# raises: ValueError: inside gen
# ---
def g():
    yield 1
    raise StopIteration("bad")
list(g())
# raises: RuntimeError: generator raised StopIteration
# ---
def pipeline(lines):
    stripped = (l.strip() for l in lines)
    nonempty = (l for l in stripped if l)
    upper = (l.upper() for l in nonempty)
    return list(upper)
print(pipeline(["  a ", "", " b", "   "]))
# ---
def gen():
    yield 1
    yield 2
g = gen()
print(list(zip(g, "abc")), list(g))
# ---
def g():
    while True:
        try:
            x = yield
        except GeneratorExit:
            print("exit")
            raise
it = g()
next(it)
it.close()
it.close()
print("done")
# ---
def g():
    try:
        yield 1
    finally:
        yield 2
it = g()
next(it)
it.close()
# raises: RuntimeError: generator ignored GeneratorExit
# ---
def running():
    total, n = 0, 0
    avg = None
    while True:
        x = yield avg
        total += x
        n += 1
        avg = total / n
r = running()
next(r)
print([r.send(v) for v in [10, 20, 30, 40]])
# ---
def g():
    yield 1
    yield 2
it = g()
print(next(it), [x for x in it], next(it, None))
# ---
def sub():
    got = yield "first"
    print("sub got", got)
    return got * 2
def deleg():
    res = yield from sub()
    yield res
d = deleg()
print(next(d))
print(d.send(21))
# ---
def g():
    for i in range(3):
        yield i
it = g()
print(next(it), sorted(it, reverse=True), any(x > 0 for x in g()), min(g()))
# ---
def batched(it, n):
    batch = []
    for x in it:
        batch.append(x)
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch
print(list(batched(range(7), 3)), list(batched([], 2)))
# ---
def g():
    yield
print(list(g()), next(g()))
# ---
it = iter([1, 2, 3])
print(next(it), list(it), next(it, "end"))
next(it)
# raises: StopIteration
