# C.__bases__ = (...) replaces the bases where the instances' layout allows,
# recomputing the MRO of the class and of its subclasses.
class A:
    def who(self):
        return "A"
class B:
    def who(self):
        return "B"
    def extra(self):
        return "extra"
class C(A):
    def hello(self):
        return "C+" + super().who()
class D(C):
    pass
c, d = C(), D()
print(c.who(), d.who(), c.hello())
C.__bases__ = (B,)
print(c.who(), d.who(), d.extra(), c.hello())
print(C.__bases__, C.__base__, D.__mro__)
print(isinstance(c, B), isinstance(c, A), issubclass(D, B), issubclass(D, A))
C.__bases__ = (A, B)
print(C.__mro__, D.__mro__, d.extra())
# ---
class A: pass
class B: pass
class C(A): pass
def attempt(cls, v):
    try:
        cls.__bases__ = v
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
    else:
        print("ok", cls.__mro__)
attempt(C, [B])
attempt(C, ())
attempt(C, (1,))
attempt(C, (C,))
class D(C): pass
attempt(C, (D,))
attempt(C, (A, A))
attempt(int, (A,))
attempt(object, (A,))
attempt(C, (object,))
attempt(C, (int,))
attempt(C, (list,))
attempt(C, (type,))
attempt(C, (B,))
print(C.__bases__, D.__mro__)
# ---
# An MRO that cannot be made leaves everything as it was.
class A: pass
class B(A): pass
class C(A): pass
class X(B): pass
class Y(X, C): pass
try:
    X.__bases__ = (A, B)
except TypeError as e:
    print(e)
print(X.__mro__, Y.__mro__)
# A subclass whose MRO fails stops the assignment too.
class P: pass
class Q(P): pass
class R(Q, P): pass
try:
    Q.__bases__ = (object,)
    print("ok", R.__mro__)
except TypeError as e:
    print(type(e).__name__, e)
print(Q.__mro__, R.__mro__)
# ---
# Layouts: __slots__, builtin bases, exceptions.
def attempt(cls, v):
    try:
        cls.__bases__ = v
    except TypeError as e:
        print(e)
    else:
        print("ok", [k.__name__ for k in cls.__mro__])
class S: __slots__ = ("x",)
class S2: __slots__ = ("x",)
class S3: __slots__ = ("y",)
class SS(S): pass
s = SS()
s.x = 5
attempt(SS, (S2,))
print(s.x, S2.x.__get__(s))
attempt(SS, (S3,))
class Plain: pass
attempt(SS, (Plain,))
class L(list): pass
class L2(list): pass
class LL(L): pass
ll = LL([1, 2])
attempt(LL, (L2,))
ll.append(3)
print(ll, isinstance(ll, L2))
attempt(LL, (list,))
attempt(LL, (Plain,))
class E(Exception): pass
attempt(E, (ValueError,))
attempt(E, (KeyError, ))
try:
    raise E("boom")
except LookupError as e:
    print("caught", repr(e))
attempt(E, (OSError,))
attempt(E, (Plain,))
class I(int): pass
class I2(int): pass
attempt(I, (I2,))
class M: pass
attempt(M, (Plain,))
# ---
class A: pass
class C(A): pass
for name, value in [("__mro__", ()), ("__base__", A), ("__dict__", {}), ("__name__", 3), ("__qualname__", None)]:
    try:
        setattr(C, name, value)
    except (TypeError, AttributeError) as e:
        print(name, type(e).__name__, e)
for name in ["__bases__", "__name__", "__qualname__", "__doc__", "__mro__", "__base__", "__dict__"]:
    try:
        delattr(C, name)
    except (TypeError, AttributeError) as e:
        print(name, type(e).__name__, e)
C.__module__ = "elsewhere"
C.__name__ = "Renamed"
print(C, C.__qualname__, C.__module__)
# ---
class A: pass
class B(A, A): pass
# raises: TypeError: duplicate base class A
# ---
class A: pass
class B(A): pass
try:
    class X(A, B): pass
except TypeError as e:
    print(repr(str(e)))
