# Dunders, methods and property getters that the fast loop runs (as plain
# calls it pushes, or from Go through runPlain) still meet the recursion
# limit: a getter that reads itself, a __lt__ that calls max() on itself,
# a method that recurses through sum() over a generator.
class A:
    @property
    def p(self):
        return self.p
A().p
# limit: depth
# ---
class A:
    def __init__(self, k):
        self.k = k
    def __lt__(self, o):
        return self.key < o.key
    @property
    def key(self):
        return max([self, A(self.k + 1)]).k
max([A(0), A(1)])
# limit: depth
# ---
class A:
    def __lt__(self, o):
        return max([self, o]) is self
max([A(), A()])
# limit: depth
# ---
class A:
    def __eq__(self, o):
        return [o].count(self) > 0
A() == A()
# limit: depth
# ---
class A:
    def f(self):
        return sum(x.f() for x in [self])
A().f()
# limit: depth
# ---
class A:
    def __init__(self, n):
        self.n = n
    def __hash__(self):
        return self.h()
    def h(self):
        return hash(A(self.n + 1))
{A(0)}
# limit: depth
