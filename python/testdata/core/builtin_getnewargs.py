# int, float, str, bytes and tuple have __getnewargs__ (the value as the plain type), as
# CPython's; dir() lists it; copy reconstructs subclass instances through it.
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
class I(int): pass
class S(str): pass
class T(tuple): pass
class F(float): pass
class B(bytes): pass
for v in (5, True, 2.5, 'ab', b'x', (1, 2), I(3), S('s'), T((1,)), F(1.5), B(b'q'), 2**80):
    r = v.__getnewargs__()
    print(repr(r), type(r[0]).__name__, r[0] is not v or type(v) in (int, str, float, bytes, tuple))
t(lambda: (5).__getnewargs__(1))
t(lambda: int.__getnewargs__('a'))
for c in (int, float, str, bytes, tuple, bool):
    print(c.__name__, '__getnewargs__' in dir(c))
import copy
print(copy.copy(I(3)), copy.deepcopy(T((1, [2]))), type(copy.copy(S('z'))).__name__)
