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
