print(..., Ellipsis, ... is Ellipsis, type(...).__name__)
# ---
def todo():
    ...
print(todo())
# ---
class C:
    x = 1
    def get(self):
        return x
C().get()
# raises: NameError: name 'x' is not defined
# ---
x = "global"
class C:
    x = "class"
    def get(self):
        return x
    y = [x for _ in range(1)]
print(C().get(), C.y)
# ---
def f():
    return locals_var
locals_var = "late binding"
print(f())
# ---
a = [1, 2, 3]
a[len(a):] = [4]
a[:0] = [0]
print(a, a[-1:-4:-1])
# ---
i = 5
j = i
i += 1
print(i, j)
l1 = [1]
l2 = l1
l1 += [2]
print(l1, l2, l1 is l2)
t1 = (1,)
t2 = t1
t1 += (2,)
print(t1, t2, t1 is t2)
# ---
print(type(print("side effect")), print is print)
# ---
print(1_000.5, 0.5e1_0 > 1, 0xFF_FF, 1e-3 == 0.001, 10 ** -2)
# ---
x = [0, 1, 2, 3, 4, 5]
print(x[1::2], x[:3:-1], x[-2::-2], x[::-1][::-1] == x)
# ---
def g():
    return 1
    print("unreachable")
print(g())
# ---
while False:
    pass
else:
    print("while-else without iterations")
# ---
for x in []:
    print("never")
else:
    print("empty for-else")
# ---
def deco(cls):
    cls.tagged = True
    return cls
@deco
class K:
    pass
print(K.tagged)
# ---
class A:
    def __init__(self):
        self.items = []
    def add(self, *xs):
        self.items.extend(xs)
        return len(self.items)
a = A()
print(a.add(1, 2), a.add(), a.add(*"xy"), a.items)
# ---
print(str.join(", ", map(repr, ["a", 1])), "%s" % ((1, 2),), "%s-%s" % tuple("ab"))
# ---
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([[3], [1, 2], [1]]), sorted(["10", "9", "100"]), sorted([10, 9, 100]))
# ---
stable = sorted(["bb", "a", "cc", "d", "ee"], key=len)
print(stable)
# ---
x = 10
def f(x=x):
    return x
x = 20
print(f())
# ---
def f():
    pass
f.attr = "function attribute"
print(f.attr)
# ---
print(isinstance(lambda: 0, type(print)) , type(lambda: 0).__name__, callable(type(lambda: 0)))
# ---
print(round(1e308 * 10), round(float("nan")))
# raises: OverflowError: cannot convert float infinity to integer
# ---
print(bool(...), [..., None], {...: 1}[...])
# ---
vals = [3, 1, 2]
vals.sort(reverse=True)
first, second, *_ = vals
print(first, second, _)
# ---
s = "a-b-c"
head, sep, tail = s.partition("-")
print(head, sep, tail, s.split("-", maxsplit=1)[1])
# ---
n = 17
is_prime = n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))
print(is_prime, [p for p in range(30) if p > 1 and all(p % d for d in range(2, p))])
# ---
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
# ---
def binsearch(xs, t):
    lo, hi = 0, len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == t:
            return mid
        if xs[mid] < t:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
xs = list(range(0, 100, 3))
print(binsearch(xs, 27), binsearch(xs, 28), binsearch([], 1))
# ---
def qsort(xs):
    if len(xs) <= 1:
        return xs
    p, *rest = xs
    return qsort([x for x in rest if x < p]) + [p] + qsort([x for x in rest if x >= p])
print(qsort([5, 3, 8, 1, 9, 2, 5]))
# ---
def memo(fn):
    cache = {}
    def w(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return w
@memo
def ways(n):
    return 1 if n <= 1 else ways(n - 1) + ways(n - 2)
print(ways(60))
# ---
grid = ["#..", ".#.", "..#"]
print(sum(row.count("#") for row in grid), [i for i, row in enumerate(grid) if row[i] == "#"])
# ---
roman = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
def to_int(s):
    total = 0
    for a, b in zip(s, s[1:] + " "):
        v = roman[a]
        total += -v if b != " " and roman[b] > v else v
    return total
print(to_int("MCMXCIV"), to_int("XLII"))
# ---
text = "aaabccdddd"
out = []
prev, cnt = text[0], 0
for ch in text:
    if ch == prev:
        cnt += 1
    else:
        out.append(f"{prev}{cnt}")
        prev, cnt = ch, 1
out.append(f"{prev}{cnt}")
print("".join(out))
