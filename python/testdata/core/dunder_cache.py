# Special methods Go code calls (comparisons from max/sorted, hash, len, iter,
# next, getitem, contains, bool, repr) are cached per class (dunders.go); a
# change to any class namespace, an inherited method added or replaced, or a
# __bases__ assignment is seen at the next use.
class A:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return "A(%d)" % self.v
class B(A):
    pass
xs = [B(3), A(1), B(5), A(2)]
out = [repr(max(xs)), repr(sorted(xs))]
A.__lt__ = lambda self, o: self.v > o.v
out.append(repr(max(xs)))
B.__lt__ = lambda self, o: False
out.append(repr(sorted(xs)))
del B.__lt__
out.append(repr(min(xs)))
A.__repr__ = lambda self: "a%d" % self.v
out.append(repr(xs))
A.__hash__ = lambda self: 7
out.append(len({B(1), B(2)}))
A.__eq__ = lambda self, o: True
out.append(len({B(1), B(2)}))
A.__len__ = lambda self: self.v
out.append((len(B(4)), bool(B(0)), bool(B(2))))
A.__bool__ = lambda self: True
out.append(bool(B(0)))
A.__getitem__ = lambda self, i: i * self.v if i < 3 else [][0]
out.append((list(B(2)), B(3)[1]))
A.__iter__ = lambda self: iter([self.v] * 2)
out.append(list(B(9)))
A.__contains__ = lambda self, x: x == self.v
out.append((3 in B(3), 4 in B(3)))
class It:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n
out.append(list(It()))
It.__next__ = lambda self: [][0] if self.n else setattr(self, "n", 1) or 10
try:
    out.append(list(It()))
except IndexError as e:
    out.append("IndexError")
class P:
    def __lt__(self, o):
        return "P"
class Q:
    def __lt__(self, o):
        return "Q"
class R(P):
    pass
r = R()
out.append(r < r)
R.__bases__ = (Q,)
out.append(r < r)
print(out)
assert out[0] == "A(5)", out
