# Which method of a binary operator runs first (CPython's binary_op1 and the
# slots of classes): the right operand's reflected method goes first only
# when its type derives from the left operand's type and overrides that
# type's reflected method; a builtin left operand takes an instance of an
# int, float, set or dict subclass before the subclass's reflected method
# when the subclass does not derive from the left operand's type.
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class I(int):
    def __radd__(s, o): return 'I.radd'
    def __rsub__(s, o): return 'I.rsub'
    def __rmul__(s, o): return 'I.rmul'
    def __ror__(s, o): return 'I.ror'
    def __rmod__(s, o): return 'I.rmod'
    def __rlshift__(s, o): return 'I.rlshift'
class F(float):
    def __radd__(s, o): return 'F.radd'
    def __rtruediv__(s, o): return 'F.rdiv'
class Cx(complex):
    def __radd__(s, o): return 'Cx.radd'
t(lambda: 1.5 + I(2))
t(lambda: 1.5 - I(2))
t(lambda: 1 + I(2))
t(lambda: True + I(2))
t(lambda: True | I(2))
t(lambda: 1 | I(2))
t(lambda: True << I(1))
t(lambda: 1.5 << I(1))
t(lambda: 2.0 % I(2))
t(lambda: '%d' % I(2))
t(lambda: 3.0 * I(2))
t(lambda: 3 * I(2))
t(lambda: 1 + F(2))
t(lambda: 1.0 + F(2))
t(lambda: 1 / F(2))
t(lambda: 1j + F(2))
t(lambda: 1j + I(2))
t(lambda: 1 + Cx(2))
t(lambda: 1.5 + Cx(2))
import operator
t(lambda: operator.add(1.5, I(2)))
x = 1.5
x += I(2)
print(x)
class I2(int):
    def __rpow__(s, o, m=None): return 'I2.rpow'
t(lambda: 2.0 ** I2(3))
t(lambda: pow(2.0, I2(3)))
t(lambda: 2 ** I2(3))
t(lambda: pow(2, I2(3)))
# ---
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class I(int):
    pass
class I3(int):
    def __rdivmod__(s, o): return 'I3.rdivmod'
t(lambda: divmod(2.5, I(3)))
t(lambda: divmod(I(3), 2.5))
t(lambda: divmod(2.5, I3(3)))
t(lambda: divmod(2, I3(3)))
t(lambda: divmod(I(7), I3(2)))
t(lambda: divmod(I(7), 2))
class F(float):
    pass
t(lambda: divmod(7, F(2)))
t(lambda: divmod(F(7), 2))
t(lambda: divmod('a', I(2)))
# ---
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class St(set):
    def __ror__(s, o): return 'St.ror'
    def __rsub__(s, o): return 'St.rsub'
class Fs(frozenset):
    def __ror__(s, o): return 'Fs.ror'
t(lambda: {1} | St([2]))
t(lambda: {1} - St([2]))
t(lambda: frozenset({1}) | St([2]))
t(lambda: sorted({1} | Fs([2])))
t(lambda: frozenset({1}) | Fs([2]))
class D(dict):
    def __ror__(s, o): return 'D.ror'
class OD(dict):
    pass
class D2(OD):
    def __ror__(s, o): return 'D2.ror'
t(lambda: {1: 1} | D())
t(lambda: OD() | D2())
t(lambda: OD(a=1) | D(b=2))
# ---
# Sequences have no numeric * or +: the count's or the right operand's own
# reflected method goes first, then the repetition or concatenation.
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class I(int):
    def __rmul__(s, o): return 'I.rmul'
class N(int):
    def __rmul__(s, o): return NotImplemented
class X:
    def __index__(s): return 2
    def __rmul__(s, o): return NotImplemented
class Y:
    def __index__(s): return 3
t(lambda: [1] * I(2))
t(lambda: 'ab' * I(2))
t(lambda: (1,) * I(2))
t(lambda: b'a' * I(2))
t(lambda: [1] * N(2))
t(lambda: 'ab' * X())
t(lambda: X() * 'ab')
t(lambda: [0] * Y())
t(lambda: Y() * [0])
t(lambda: I(2) * [1])
class L(list):
    def __radd__(s, o): return 'L.radd'
class T(tuple):
    def __radd__(s, o): return 'T.radd'
t(lambda: [1] + L([2]))
t(lambda: (1,) + L([2]))
t(lambda: [1] + T([2]))
# ---
# Two instances of user classes: a subclass's reflected method goes first
# only when it overrides; two operands of one type ask no reflected method.
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class A:
    def __add__(s, o): return 'A.add'
    def __radd__(s, o): return 'A.radd'
class B(A):
    pass
class C(A):
    def __radd__(s, o): return 'C.radd'
t(lambda: A() + B())
t(lambda: A() + C())
t(lambda: B() + C())
t(lambda: C() + B())
class N:
    def __add__(s, o): return NotImplemented
    def __radd__(s, o): return 'N.radd'
class M(N):
    pass
t(lambda: N() + N())
t(lambda: N() + M())
t(lambda: M() + N())
class R:
    def __radd__(s, o): return 'R.radd'
t(lambda: R() + R())
t(lambda: 1 + R())
class K(int):
    def __add__(s, o): return NotImplemented
    def __radd__(s, o): return 'K.radd'
t(lambda: K(1) + 2)
t(lambda: 2 + K(1))
class J(int):
    pass
class I(int):
    def __radd__(s, o): return 'I.radd'
class IJ(J):
    def __radd__(s, o): return 'IJ.radd'
t(lambda: J(1) + I(2))
t(lambda: J(1) + IJ(2))
# ---
# seq *= n asks the __rmul__ of the class of n first (a list or bytearray has
# no numeric *=); list.__imul__ itself only repeats.
def t(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
class R:
    def __rmul__(s, o): return "rmul"
    def __index__(s): return 2
class Q:
    def __rmul__(s, o): return NotImplemented
    def __index__(s): return 2
class L9:
    def __rmul__(s, o): return [9]
for mk in (lambda: [1], lambda: bytearray(b'a')):
    for n in (R(), Q(), L9(), 2, True, 1.5, 'x', None):
        l = mk(); m = l
        try:
            l *= n
            print(l, m, l is m)
        except Exception as e: print(type(e).__name__, e)
class LL(list): pass
x = LL([1,2]); y = x
x *= 2
print(x, y is x, type(x).__name__)
print(list.__imul__([1], Q()), LL.__imul__(LL([3]), 2))
t(lambda: list.__imul__([1], 1.5))
t(lambda: bytearray.__imul__(bytearray(b'x'), R()))
