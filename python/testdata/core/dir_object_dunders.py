# dir() of classes and instances lists object's dunders (__class__, __dir__,
# __getstate__, __sizeof__, __subclasshook__) and the __dict__/__weakref__ a class
# statement adds, as CPython 3.11 does. __reduce__/__reduce_ex__ are left out of the
# comparison: the sandbox has no pickle protocol (hostile/escape_reduce_ex).
class A:
    x = 1
    def f(self): pass
def public(names):
    return [n for n in names if n not in ('__reduce__', '__reduce_ex__')]
print(public(dir(A)))
print(dir(A()) == dir(A), len(public(dir(object))))
class S:
    __slots__ = ('a',)
class SD:
    __slots__ = ('a', '__dict__')
class SW(S): pass
class L(list): pass
class E(Exception): pass
class I(int): pass
class T(tuple):
    __slots__ = ()
class F(frozenset): pass
for k in (A, S, SD, SW, L, E, I, T, F):
    d = dir(k)
    print(k.__name__, '__dict__' in d, '__weakref__' in d, '__class__' in d, '__getstate__' in d, '__sizeof__' in d)
for n in ("__dir__", "__getstate__", "__sizeof__", "__subclasshook__"):
    print(n, hasattr(object, n), hasattr(A(), n), hasattr(3, n))
# ---
class A: pass
a = A()
print(a.__getstate__(), object().__getstate__(), (5).__getstate__())
a.x = 1
print(a.__getstate__(), a.__getstate__() is a.__dict__)
class S:
    __slots__ = ('b', 'a', '__p')
s = S()
print(s.__getstate__())
s.a = 2
s._S__p = 3
print(s.__getstate__())
class SD(S):
    __slots__ = ('c', '__dict__')
sd = SD()
sd.c = 4
sd.z = 5
print(sd.__getstate__())
print(object.__subclasshook__(), A.__subclasshook__(int), object.__subclasshook__(1, 2))
print(sorted(object.__dir__(a)) == dir(a), type(object.__dir__(a)).__name__)
class D:
    def __dir__(self):
        return ['zz'] + super().__dir__()[:0]
print(dir(D()))
print(object().__sizeof__(), type(a.__sizeof__()).__name__)
for bad in ((lambda: a.__sizeof__(1)), (lambda: a.__getstate__(1)), (lambda: a.__dir__(1))):
    try:
        bad()
    except TypeError as e:
        print(e)
# ---
# object.__dir__ lists names in CPython's order (dir() sorts them): the instance's
# own, then each class's namespace as type() made it, the class before its bases.
# (__reduce__ and __reduce_ex__ are absent here on purpose.)
def od(x):
    return [n for n in object.__dir__(x) if n not in ('__reduce__', '__reduce_ex__')]
class A:
    z = 1
    a = 2
    def __init__(self): self.q = 1; self.b = 2
class B(A):
    """doc"""
    y = 3
    def m(self): pass
class S:
    __slots__ = ('s', 't')
class M(A, S):
    pass
print(od(A()))
print(od(B()))
b = B(); b.__dict__['zz'] = 1
print(od(b))
print(od(object()))
s = S(); s.s = 1
print(od(s))
print(od(M()))
print(sorted(object.__dir__(B())) == dir(B()))
