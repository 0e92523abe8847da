# int.real/imag/numerator/denominator and float.real/imag are getset descriptors on the classes, as in CPython 3.11 (repr, __get__, read-only
# __set__/__delete__, dir(int)), and int/float subclasses still read them.
print(repr(int.real), type(int.real).__name__, int.real.__get__(5), int.numerator.__get__(True), float.imag.__get__(2.5))
print(int.real.__name__, int.real.__qualname__, int.real.__objclass__, int.real.__doc__)
for bad in (lambda: int.real.__set__(5, 1), lambda: int.real.__get__('x'), lambda: int.real.__delete__(5)):
    try:
        bad()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
print((5).real, bool.real, bool.numerator.__get__(False))
print(hasattr(int, 'numerator'), [n for n in dir(int) if not n.startswith('_')])
print([n for n in dir(float) if not n.startswith('_')])
for o in (True, 2.5):
    try:
        o.real = 1
    except AttributeError as e:
        print(e)
class I(int):
    pass
i = I(7)
print(i.real, i.numerator, i.denominator, i.imag, type(i.real).__name__)
try:
    i.real = 3
except AttributeError as e:
    print(e)
try:
    del i.numerator
except AttributeError as e:
    print(e)
class F(float):
    pass
print(F(2.5).real, F(2.5).imag, (3).imag, (2.5).real, (1+2j).imag)
print(int.real is int.__dict__['real'], isinstance(int.real, type(float.real)))
print(list(map(int.numerator.__get__, [1, 2])), sorted([3, -1, 2], key=int.real.__get__))
