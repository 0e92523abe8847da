a = [1, 2]
b = [1, 2]
print(a == b, a is b, a is not b, a is a)
# ---
x = None
y = None
print(x is y, type(x) is type(None), True is True, (1 == 1) is True)
# ---
class P:
    def __init__(self, x):
        self.x = x
p, q = P(1), P(1)
print(p == q, p != q, p == p, hash(p) == hash(p))
# ---
class P:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, P) and self.x == o.x
hash(P(1))
# raises: TypeError: unhashable type: 'P'
# ---
class P:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, P) and self.x == o.x
    def __hash__(self):
        return hash(self.x)
print(len({P(1), P(1), P(2)}), P(3) in {P(3)}, {P(1): "one"}[P(1)])
# ---
print(hash(1) == hash(1.0) == hash(True), hash("a") == hash("a"), hash(()) == hash(()))
# ---
print(hash(-1), hash(0), hash(42), hash(-2))
# ---
hash([])
# raises: TypeError: unhashable type: 'list'
# ---
hash({})
# raises: TypeError: unhashable type: 'dict'
# ---
d = {}
d[1] = "a"
d[1.0] = "b"
d[True] = "c"
print(d)
# ---
a = "hello"
b = a
print(a is b, a == "hel" + "lo")
# ---
class Always:
    def __eq__(self, other):
        return True
print(Always() == 1, 1 == Always(), Always() in [1, 2], [Always()] == [5], Always() != 3)
# ---
class Never:
    def __eq__(self, other):
        return False
n = Never()
print(n == n, n in [n], [n] == [n], n is n)
# ---
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return NotImplemented
print(V(1) == V(1), V(1) != V(1), V(1) == 1)
# ---
print(type(hash("x")).__name__, hash(frozenset()) == hash(frozenset()), hash((1, (2, "x"))) == hash((1, (2, "x"))))
# ---
nan = float("nan")
l = [nan]
print(nan in l, l.count(nan), l.index(nan), {nan: 1}[nan])
# ---
class K:
    pass
k = K()
d = {k: 1}
print(d[k], k in d, K() in d)
