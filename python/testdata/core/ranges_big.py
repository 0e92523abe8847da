# range() beyond a machine int: indexing, slicing, in, reversed, iteration,
# equality and len()'s OverflowError, as CPython 3.11.
r = range(10**20)
print(r, r[10**19], r[-1], r[-10**20], 10**19 in r, 10**20 in r, -1 in r, True in r)
print(r[10**19:], r[::-3][:2], r[5:10], r[-3:], r[::10**19], bool(r), bool(range(10**20, 0)), r.start, r.stop, r.step)
print(list(reversed(range(10**20, 10**20 + 5))), list(range(2**63 - 2, 2**63 + 2)), list(range(-2**63 - 1, -2**63 + 2)))
print(range(10**20).index(10**19), range(0, 10**20, 7).count(14), range(0, 10**20, 7).index(14.0), range(10**20) == range(0, 10**20, 1), range(10**20) == range(10**20 + 1), hash(range(10**20)) == hash(range(10**20)))
it = iter(range(10**20, 10**20 + 3))
print(type(it).__name__, next(it), next(it), list(it), type(reversed(range(10**20))).__name__)
print(range(-2**62, 2**62)[2**62], range(-2**62, 2**62)[-1], range(2**64, 0, -2**62), len(range(2**64, 2**64 + 5)), len(range(-2**62, 2**62, 2)))
print(range(10**20)[10**19:10**19 + 3], range(10**20)[:3], max(range(2**64, 2**64 + 3)), sum(range(2**64, 2**64 + 3)), sorted(range(2**64, 2**64 + 3), reverse=True))
for f in [lambda: len(range(10**20)), lambda: len(range(-2**62, 2**62)), lambda: range(10**20)[10**20], lambda: list(range(10**20)), lambda: range(0, 10**20, 0), lambda: range(10**20)['a'], lambda: range(10**20).index(-1), lambda: range(1.5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
match range(10**20, 10**20 + 2):
    case [a, b]:
        print('matched', a, b)
