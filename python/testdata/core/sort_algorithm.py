import functools, random
nan = float('nan')
print(sorted([24, 36, 46, 17, 49, nan, 28]))
def bad(a, b):
    return (a * 7 + b * 3) % 3 - 1
print(sorted(range(10), key=functools.cmp_to_key(bad)))
calls = []
def k(x):
    calls.append(x); return x
class C:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        calls.append((self.v, o.v)); return self.v < o.v
    def __repr__(self): return 'C%d' % self.v
r = random.Random(5)
for n in [0, 1, 2, 5, 31, 64, 65, 100, 300, 1000]:
    xs = [r.randrange(50) for _ in range(n)]
    calls.clear()
    cs = [C(x) for x in xs]
    out = sorted(cs)
    print(n, len(calls), hash(tuple(calls)) % 1000003, [c.v for c in out] == sorted(xs))
    calls.clear()
    out = sorted(cs, reverse=True)
    print(n, len(calls), hash(tuple(calls)) % 1000003)
    xs2 = [r.random() if r.random() > 0.2 else nan for _ in range(n)]
    print(sorted(xs2) == sorted(xs2) and str(sorted(xs2))[:200] if n < 70 else str(sorted(xs2))[-300:])
    print(str(sorted(range(n), key=functools.cmp_to_key(bad)))[:300])
# runs and galloping
xs = list(range(500)) + list(range(250)) + list(range(1000, 0, -1)) + [r.randrange(100) for _ in range(300)]
cs = [C(x) for x in xs]
calls.clear()
sorted(cs)
print(len(calls), hash(tuple(calls)) % 1000003)
calls.clear()
cs.sort(reverse=True)
print(len(calls), hash(tuple(calls)) % 1000003)
# comparison raising mid-sort: state of the list
class E:
    n = 0
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        E.n += 1
        if E.n == 40: raise ValueError('boom')
        return self.v < o.v
    def __repr__(self): return str(self.v)
l = [E(r.randrange(100)) for _ in range(30)]
try:
    l.sort()
except ValueError as e:
    print(e, l)
E.n = 0
l = [E(r.randrange(100)) for _ in range(300)]
try:
    l.sort(reverse=True)
except ValueError as e:
    print(e, str(l)[:400])
print(sorted([(1, 'b'), (1, 'a'), (0, 'z')], key=lambda p: p[0], reverse=True))
