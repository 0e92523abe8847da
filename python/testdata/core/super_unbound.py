# Unbound super: super(C) and super(C, None) make a super with no object (repr NULL,
# __self__ None) that finds nothing until read as a class attribute through an
# instance, which binds it (super.__get__), as CPython 3.11 does.
class A:
    def f(self): return 'A.f'
    @classmethod
    def c(cls): return 'A.c ' + cls.__name__
class B(A):
    def f(self): return 'B.f'
s = super(B, None)
print(s)
print(repr(super(B)))
try:
    print(super(B, None).f)
except AttributeError as e:
    print(e)
print(super(B).__thisclass__, super(B).__self__, super(B).__self_class__)
print(super(B, B).c(), super(B, B()).f())
try:
    super(B, 1)
except TypeError as e:
    print(e)
try:
    super(1, B)
except TypeError as e:
    print(e)
class D(A):
    pass
D.sup = super(D)
print(D().sup.f())
# ---
class A:
    def f(self): return 'A.f'
class D(A):
    pass
D.sup = super(D)
def g():
    d = D()
    out = []
    for i in range(50):
        out.append(d.sup.f())
    return out[-1], len(set(out))
print(g())
print(D.sup, D.__dict__['sup'])
class E(A):
    sup = super(A)
try:
    E().sup
except TypeError as e:
    print('TE', e)
print(type(super(A)).__name__, super(A).__class__)
try:
    super(int, 1, 2)
except TypeError as e:
    print(e)
# ---
# super(C).__get__(obj) binds an unbound super explicitly; a bound one answers itself.
def t(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
class K:
    def f(self): return 'K'
    @classmethod
    def c(cls): return 'K.c ' + cls.__name__
class L(K):
    def f(self): return 'L'
    @classmethod
    def c(cls): return 'L.c'
l = L()
s = super(L)
print(s)
b = s.__get__(l)
print(type(b).__name__, b.f(), b.__self__ is l, b.__thisclass__.__name__)
print(super(L).__get__(l, L).f())
print(s.__get__(None, L) is s)
t(lambda: s.__get__(None))
t(lambda: super(L).__get__(1).f())
t(lambda: super(L).__get__())
t(lambda: super(L).__get__(l, L, 3))
print(super(L).__get__(L).c())
bound = super(L, l)
print(bound.__get__(L) is bound, bound.__get__(l).f())
t(lambda: super(L, l).__get__(None))
class M:
    sup = super(L)
print(type(M.__dict__['sup']).__name__)
