# Classes of behaviour found wrong on a random first-sight sample of outside test suites
# (Nuitka tests/basics, MicroPython tests/misc and tests/stress), round 8.
# The target of an assignment expression is a private name like any other store:
# (__x := 2) in a method of C binds _C__x, also inside a comprehension.
class NameManglingTest:
    def test(self):
        (__evil := 2)
        print(_NameManglingTest__evil, "_NameManglingTest__evil" in locals())
        print([(__inner := i) for i in range(3)], _NameManglingTest__inner)
    def reads(self):
        __y = 5
        return (__z := __y + 1), _NameManglingTest__z
NameManglingTest().test()
print(NameManglingTest().reads())
class _Leading:
    def f(self):
        if (__n := 7) > 3:
            return _Leading__n, __n
print(_Leading().f())
# ---
# The __class__ cell holds the class as soon as type.__new__ made it: __init_subclass__
# (and __set_name__) may call methods that use super() or __class__.
def makeClassDecorator(cls):
    def __init__(self):
        cls.__self_init__(self)
    cls.__init__ = __init__
    return cls
class Parent:
    def __init__(self):
        print("Initialized")
    def __init_subclass__(cls, *, decorator):
        decorator(cls)()
class Child(Parent, decorator=makeClassDecorator):
    def __self_init__(self):
        super().__init__()
class P:
    def __init_subclass__(cls):
        print(cls().f().__name__)
class C(P):
    def f(self):
        return __class__
class Named:
    def __set_name__(self, owner, name):
        print("set_name", name, owner.g() is owner)
class D:
    attr = Named()
    @classmethod
    def g(cls):
        return __class__
# ---
# The same when a metaclass makes the class through type.__new__.
class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns)
        print("made", name, cls.who() if hasattr(cls, "who") else None)
        return cls
class Base(metaclass=Meta):
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.who())
class Sub(Base):
    @classmethod
    def who(cls):
        return __class__.__name__
# ---
# sys.exit() raises SystemExit with CPython's arguments: none for None, a tuple's items.
import sys
for status in [None, (1, 2), (), 3, "bye", [1], 0, False]:
    try:
        sys.exit(status)
    except SystemExit as e:
        print(repr(status), e.args, repr(e.code), repr(str(e)), repr(e))
try:
    sys.exit()
except SystemExit as e:
    print(repr(e), e.args, e.code)
print(SystemExit(1, 2).code, SystemExit().code, SystemExit(None).code, SystemExit("x").code)
# ---
# A super object's own members: __thisclass__, __self__, __self_class__.
class A:
    def f(self):
        return super()
    @classmethod
    def g(cls):
        return super()
class B(A):
    pass
s = B().f()
print(s.__thisclass__.__name__, type(s.__self__).__name__, s.__self_class__.__name__)
s = B.g()
print(s.__thisclass__.__name__, s.__self__.__name__, s.__self_class__.__name__)
s = super(A, B())
print(s.__thisclass__.__name__, type(s.__self__).__name__, s.__self_class__.__name__)
# ---
# An enum's class body rejects a member bound twice (EnumType.__prepare__'s namespace);
# _ignore_ names leave the class; the class's repr is <enum 'Name'> / <flag 'Name'>.
from enum import Enum, IntEnum, Flag, auto, EnumType, EnumMeta
try:
    class Color(Enum):
        red = 1
        green = 2
        blue = 3
        red = 4
        print("not allowed to get here")
except TypeError as e:
    print("Occurred", e)
try:
    class D(Enum):
        a = 1
        def a(self):
            pass
except TypeError as e:
    print("Occurred", e)
class C(Enum):
    a = 1
    b = auto()
    def f(self):
        return 1
    @property
    def g(self):
        return 2
    a_alias = 1
print(list(C), C(1), C["b"], C.a_alias is C.a, type(C).__name__, isinstance(C, EnumType), EnumMeta is EnumType)
class I(IntEnum):
    x = 1
print(I.x + 1, type(I).__name__, I)
class E(Enum):
    _ignore_ = "k j"
    for k in range(2):
        j = k
    v = 3
print(list(E), "k" in E.__dict__, hasattr(E, "_ignore_"))
class F(Flag):
    A = 1
    B = 2
print(F, Enum, C, str(C), repr(F.A | F.B), Enum("Anim", "ANT BEE"))
# ---
# Exceptions carry traceback objects (tb_lineno, tb_next; no frame): e.__traceback__ is
# sys.exc_info()[2], the chain runs outermost first, a re-raise adds the raising frame.
import sys, traceback, types
def f():
    g()
def g():
    1/0
try:
    f()
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(tb is e.__traceback__, tb is sys.exc_info()[2], type(tb).__name__, type(tb) is types.TracebackType)
    lines = []
    while tb is not None:
        lines.append(tb.tb_lineno)
        tb = tb.tb_next
    print(lines)
    for l in traceback.format_tb(e.__traceback__) + traceback.format_tb(e.__traceback__.tb_next):
        print(l.split("\n")[0].split(",")[1:])
print(sys.exc_info(), ValueError().__traceback__)
def h():
    try:
        raise KeyError("k")
    except KeyError as e:
        return e
e = h()
print(e.__traceback__.tb_lineno, e.__traceback__.tb_next)
try:
    raise e
except KeyError as e2:
    t = e2.__traceback__
    print([t.tb_lineno, t.tb_next.tb_lineno], t.tb_next.tb_next, bool(t))
    assert sys.exc_info()[2] is not None
# ---
# super() without arguments and without a __class__ cell: CPython blames the cell when the
# function has positional parameters, else the missing arguments.
class A:
    def g(self):
        __class__ = "local"
        try:
            super()
        except RuntimeError as e:
            print(e)
def f(x):
    try:
        super()
    except RuntimeError as e:
        print(e)
def h(*a):
    try:
        super()
    except RuntimeError as e:
        print(e)
A().g(); f(1); h(1)
try:
    super()
except RuntimeError as e:
    print(e)
class B(A):
    def g(self):
        return super().g()
B().g()
print(B.g.__name__)
