# The unbound operator methods of the builtin types do the type's own operation only:
# tuple.__add__(t, x) never hands x to x.__radd__, as x + y would.
class R:
    def __radd__(s, o): return "radd"
    def __rmul__(s, o): return "rmul"
    def __eq__(s, o): return "eq"
    def __gt__(s, o): return "gt"
    def __lt__(s, o): return "lt"
    def __contains__(s, o): return True
    def __index__(s): return 2
def t(f, *a):
    try: print(repr(f(*a)))
    except Exception as e: print(type(e).__name__, e)
for ty, v in ((tuple, (1,)), (list, [1]), (str, "a"), (bytes, b"a"), (bytearray, bytearray(b"a")), (int, 1), (float, 1.0), (set, {1}), (frozenset, frozenset({1})), (dict, {1: 2})):
    print(ty.__name__)
    for name in ("__add__", "__mul__", "__rmul__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__mod__", "__and__", "__sub__", "__xor__", "__rmod__", "__radd__", "__iadd__", "__imul__", "__contains__"):
        f = vars(ty).get(name)
        if f is None: continue
        print(" ", name, end=" ")
        t(f, v, R())
# ---
# A subclass's own operator methods are not what the base type's unbound methods run.
def t(f, *a):
    try: print(repr(f(*a)))
    except Exception as e: print(type(e).__name__, e)
class T(tuple):
    def __add__(s, o): return "T.add"
    def __mul__(s, o): return "T.mul"
    def __eq__(s, o): return "T.eq"
    def __lt__(s, o): return "T.lt"
class I(int):
    def __add__(s, o): return "I.add"
    def __radd__(s, o): return "I.radd"
t(tuple.__add__, T((1,)), (2,))
t(tuple.__mul__, T((1,)), 2)
t(tuple.__eq__, T((1,)), (1,))
t(tuple.__lt__, T((1,)), (2,))
t(tuple.__add__, (1,), T((2,)))
t(int.__add__, I(1), 2)
t(int.__radd__, I(1), 2)
t(int.__add__, 1, I(2))
t(list.__mul__, [1], 2.0)
t(list.__rmul__, [1], 2.0)
t(str.__mul__, "ab", True)
t(list.__add__, [1], (2,))
t(int.__add__, True, 1)
t(bool.__and__, True, 1)
t(bytes.__add__, b"a", bytearray(b"b"))
t(bytearray.__add__, bytearray(b"a"), b"b")
t(bytes.__contains__, b"\x02", I(2))
t(str.__mul__, "ab", 10**30)
# ---
# int's methods that answer the number itself answer an exact int for a bool or an int subclass.
class I(int): pass
class F(float): pass
def t(f, *a):
    try: r = f(*a); print(type(r).__name__, repr(r))
    except Exception as e: print(type(e).__name__, e)
for v in (True, False, I(7), 5):
    for n in ("__int__", "__index__", "__trunc__", "__floor__", "__ceil__", "__round__", "__pos__", "__neg__", "__abs__", "__invert__", "__float__", "__bool__"):
        t(getattr(int, n), v)
        t(getattr(type(v), n), v)
    t(int.__round__, v, 1)
    t(int.__round__, v, -1)
    t(v.__round__, 0)
    print(int(v), type(int(v)), type(round(v)), type(abs(v)), type(+v), type(v.real), type(v.numerator), type(v.conjugate()), v.denominator)
import math
for v in (True, I(3)):
    print(type(math.trunc(v)), type(math.floor(v)), type(math.ceil(v)), type(v.__index__()), type(v.conjugate()))
for v in (F(2.5),):
    for n in ("__int__", "__trunc__", "__floor__", "__ceil__", "__round__", "__pos__", "__float__", "__abs__"):
        t(getattr(float, n), v)
    t(float.__round__, v, 1)
# ---
# A slot wrapper (tuple.__add__, list.__len__) called on a foreign receiver says it requires its type; a method descriptor (list.__getitem__, int.__round__) that it does not apply.
def t(f, *a):
    try: print(repr(f(*a)))
    except TypeError as e: print(e)
t(tuple.__add__, [1], (2,))
t(str.__add__, 1, "a")
t(list.__getitem__, 1, 0)
t(dict.__getitem__, 1, 0)
t(dict.__contains__, 1, 0)
t(set.__contains__, 1, 0)
t(list.__len__, 1)
t(list.append, 1, 0)
t(int.__add__, "a", 1)
t(int.__round__, "a")
t(float.__trunc__, "a")
t(str.__len__, 1)
t(list.__reversed__, 1)
t(str.__format__, 1, "")
t(bytes.__contains__, 1, 0)
t(list.__iadd__, 1, [2])
t(list.__eq__, 1, [2])
t(dict.__len__, 1)
t(set.__or__, 1, {1})
