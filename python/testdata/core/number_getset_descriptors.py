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
# ---
# complex.real and complex.imag are read-only member descriptors (CPython's
# member_descriptor): on the class, usable as descriptors, 'readonly attribute'.
def t(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(complex.real, complex.imag)
print(type(complex.real).__name__, type(complex.real) is type(type('S', (), {'__slots__': ('a',)}).a))
print(complex.real.__get__(3+4j), complex.imag.__get__(3+4j))
print(complex.real.__name__, complex.real.__objclass__, complex.real.__qualname__)
t(lambda: complex.real.__set__(1j, 2))
def setr(): (1j).real = 2
t(setr)
def delr():
    x = 1j
    del x.real
t(delr)
t(lambda: complex.real.__get__(1))
t(lambda: complex.real.__delete__(1j))
print(complex.real.__get__(None, complex) is complex.real)
t(lambda: complex.real.__get__(None))
print(complex.real.__doc__)
print(complex.imag.__doc__)
class C(complex): pass
c = C(1, 2)
print(complex.real.__get__(c), c.real, c.imag)
def setc(): c.real = 5
t(setc)
print('real' in dir(complex), 'imag' in dir(1j), hasattr(complex, 'real'), vars(complex)['real'])
md = type(complex.real)
print(md.__get__(complex.imag, 2j))
t(lambda: md.__set__(complex.imag, 2j, 1))
print(getattr(complex, 'real').__get__(5j))
print(int.real, int.real.__get__(5), float.real, float.imag)
# ---
# del of a builtin value's attribute says it is read-only, in setattr's words.
def t(f):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
def d1():
    x = 5; del x.real
def d2():
    x = []; del x.append
def d3():
    x = 5; del x.foo
def d4():
    x = 1.5; del x.imag
def d5():
    x = 'a'; del x.__class__
for f in (d1, d2, d3, d4, d5): t(f)
