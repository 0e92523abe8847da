# super().name(...) is served without a super object when name is a plain
# function after the class in the MRO (interp.go, superMethod); everything
# else goes through the super object. a, b = x, y swaps on the stack
# instead of building a tuple (compile.go, swapAssign).
log = []
class A:
    def __init__(self, v):
        log.append(("A", v))
        self.v = v
    def m(self, x):
        return ("A.m", self.v, x)
    @property
    def p(self):
        return ("A.p", self.v)
    @classmethod
    def cm(cls, x):
        return ("A.cm", cls.__name__, x)
    @staticmethod
    def sm(x):
        return ("A.sm", x)
    attr = 42
class B(A):
    def __init__(self, v):
        super().__init__(v * 10)
        log.append(("B", v))
    def m(self, x):
        return ("B.m",) + super().m(x)
    def all(self):
        return [super().p, super().cm(1), super().sm(2), super().attr, super(B, self).m(3)]
    @classmethod
    def cm(cls, x):
        return ("B.cm",) + super().cm(x)
class C(B):
    def m(self, x):
        return ("C.m",) + super().m(x) + super(B, self).m(x)
c = C(2)
assert log == [("A", 20), ("B", 2)], log
assert c.m(5) == ("C.m", "B.m", "A.m", 20, 5, "A.m", 20, 5), c.m(5)
assert c.all() == [("A.p", 20), ("A.cm", "C", 1), ("A.sm", 2), 42, ("A.m", 20, 3)], c.all()
assert C.cm(7) == ("B.cm", "A.cm", "C", 7)
# A name the rest of the MRO lacks, and a method found in a class dict
# that shadows a later plain function.
class D(A):
    def missing(self):
        return super().nothing()
try:
    D(1).missing()
except AttributeError as e:
    assert str(e) == "'super' object has no attribute 'nothing'", str(e)
class E(A):
    m = staticmethod(lambda x: ("E.m", x))
class F(E):
    def m(self, x):
        return super().m(x)
assert F(1).m(9) == ("E.m", 9)
# An instance dict entry does not shadow what super() finds.
class G(A):
    def m(self, x):
        return super().m(x)
g = G(3)
g.m = "shadow"
assert G.m(g, 1) == ("A.m", 3, 1)
# super() of a method reassigned onto another class, and explicit super
# with an object that is not an instance of the class.
try:
    super(B, A(0)).m(1)
except TypeError as e:
    assert "obj must be an instance or subtype of type" in str(e), str(e)
# A super object kept and used later still works.
class H(A):
    def get(self):
        s = super()
        return s.m(4)
assert H(6).get() == ("A.m", 6, 4)
# Swaps: evaluation order, targets of every kind, lists.
order = []
def v(x):
    order.append(x)
    return x
a, b = v(1), v(2)
assert (a, b, order) == (1, 2, [1, 2])
a, b = b, a
assert (a, b) == (2, 1)
x, y, z = v(3), v(4), v(5)
assert (x, y, z) == (3, 4, 5) and order == [1, 2, 3, 4, 5]
x, y, z = z, x, y
assert (x, y, z) == (5, 3, 4)
[p, q] = 7, 8
assert (p, q) == (7, 8)
d = {}
lst = [0, 0]
class O: pass
o = O()
d["k"], lst[1], o.attr = 1, 2, 3
assert d == {"k": 1} and lst == [0, 2] and o.attr == 3
lst[0], lst[1] = lst[1], lst[0]
assert lst == [2, 0]
def swap_locals(m, n):
    m, n = n, m
    return m - n
assert swap_locals(10, 3) == -7
i = 0
xs = [10, 20]
i, xs[i] = 1, 99
assert xs == [10, 99], xs
# Not swaps: starred, counts that differ, one target list.
h, *t = 1, 2, 3
assert (h, t) == (1, [2, 3])
try:
    a, b = 1, 2, 3
except ValueError as e:
    assert str(e) == "too many values to unpack (expected 2)", str(e)
a = b = 1, 2
assert a == (1, 2) and b is a
