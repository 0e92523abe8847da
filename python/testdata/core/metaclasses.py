# Metaclasses: class M(type) with __new__, __init__, __call__, __prepare__,
# the dunders of classes, metaclass attributes, type(), the most derived
# metaclass, abc.ABCMeta.
class M(type):
    def __new__(mcs, name, bases, ns, **kw):
        print("new", mcs.__name__, name, [b.__name__ for b in bases], sorted(k for k in ns if not k.startswith('__')), kw)
        cls = super().__new__(mcs, name, bases, ns)
        cls.tag = name.lower()
        return cls

    def __init__(cls, name, bases, ns, **kw):
        print("init", name, kw)
        super().__init__(name, bases, ns)


class C(metaclass=M):
    x = 1


class D(C, flavour="mint"):
    y = 2

    def __init_subclass__(cls, **kw):
        pass


print(type(C) is M, type(D) is M, isinstance(C, M), isinstance(C, type), issubclass(M, type))
print(C.tag, D.tag, D.x, D.y, C.__class__ is M, type(C()) is C)
assert M.__mro__ == (M, type, object)
# ---
# __call__ on the metaclass decides what calling the class does; type.__call__
# through super() makes the instance as usual.
class Counting(type):
    calls = 0

    def __call__(cls, *args, **kw):
        Counting.calls += 1
        obj = super().__call__(*args, **kw)
        obj.made_by = "Counting"
        return obj


class P(metaclass=Counting):
    def __init__(self, a, b=2):
        self.a, self.b = a, b


p = P(1, b=3)
q = P(4)
print(p.a, p.b, q.a, q.b, p.made_by, Counting.calls)


class Singleton(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class Config(metaclass=Singleton):
    def __init__(self):
        self.values = {}


a = Config()
a.values["k"] = 1
b = Config()
print(a is b, b.values)


class Sub(Config):
    pass


print(Sub() is Sub(), Sub() is a, type(Sub) is Singleton)
# ---
# __call__ that returns anything at all.
class Factory(type):
    def __call__(cls, *args):
        return ("made", cls.__name__, args)


class Thing(metaclass=Factory):
    def __init__(self):
        raise AssertionError("never runs")


print(Thing(1, 2))
# ---
# __prepare__ returning a dict subclass that records the order of names and
# refuses duplicates; the namespace reaches __new__.
class NoDupes(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, key, value):
        if key in self and not key.startswith("__"):
            raise TypeError("duplicate " + key)
        self.order.append(key)
        super().__setitem__(key, value)


class Ordered(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        print("prepare", name, [b.__name__ for b in bases], kw)
        return NoDupes()

    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.order = [k for k in ns.order if not k.startswith("__")]
        return cls

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)


class Rec(metaclass=Ordered, opt=1):
    b = 1
    a = 2

    def m(self):
        return self.a

    c = a + b


print(Rec.order, Rec().m(), Rec.c)
try:
    class Bad(metaclass=Ordered):
        a = 1
        a = 2
except TypeError as e:
    print("TypeError", e)
# ---
# __prepare__ returning a plain dict with an entry already in it; names the
# body reads come from it first.
class Pre(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return {"preset": 41}


class Q(metaclass=Pre):
    answer = preset + 1


print(Q.preset, Q.answer)
# ---
# __prepare__ that returns no mapping.
class BadPrepare(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return 1


class Z(metaclass=BadPrepare):
    pass
# raises: TypeError: BadPrepare.__prepare__() must return a mapping, not int
# ---
# Dunders defined on the metaclass act on the class: len, iter, [], in,
# repr, str, bool, and __getattr__ for missing class attributes.
class Container(type):
    def __len__(cls):
        return len(cls.items)

    def __iter__(cls):
        return iter(cls.items)

    def __getitem__(cls, i):
        return cls.items[i]

    def __contains__(cls, x):
        return x in cls.items

    def __repr__(cls):
        return "<Container %s>" % cls.__name__

    def __str__(cls):
        return "Container " + cls.__name__

    def __getattr__(cls, name):
        if name.startswith("get_"):
            return name[4:]
        raise AttributeError(name)


class Colors(metaclass=Container):
    items = ["red", "green"]


print(len(Colors), list(Colors), Colors[1], "red" in Colors, "blue" in Colors)
print(repr(Colors), str(Colors), [Colors], f"{Colors}", Colors.get_thing)
print(sorted(Colors), dict.fromkeys(Colors), bool(Colors))
try:
    Colors.missing
except AttributeError as e:
    print("AttributeError", e)
for i, c in enumerate(Colors):
    print(i, c)


class Empty(type):
    def __len__(cls):
        return 0


class E(metaclass=Empty):
    pass


print(bool(E), "falsy" if not E else "truthy")
# ---
# Metaclass attributes and methods are visible on the class, not on its
# instances; the class's own attributes shadow the metaclass's.
class Meta(type):
    registry_name = "meta-level"
    shared = "from meta"

    def describe(cls):
        return "class " + cls.__name__

    @property
    def upper_name(cls):
        return cls.__name__.upper()

    @classmethod
    def which(mcs):
        return mcs.__name__

    @staticmethod
    def helper(x):
        return x * 2


class K(metaclass=Meta):
    shared = "from class"


print(K.registry_name, K.describe(), K.upper_name, K.which(), K.helper(4), K.shared)
k = K()
print(k.shared, hasattr(k, "describe"), hasattr(k, "registry_name"), hasattr(k, "upper_name"))
try:
    k.describe()
except AttributeError as e:
    print("AttributeError", e)
print(Meta.describe(K), type(K).upper_name.fget(K))
# ---
# A property with a setter on the metaclass handles class attribute stores.
class Guarded(type):
    _limit = 0

    @property
    def limit(cls):
        return cls._limit

    @limit.setter
    def limit(cls, v):
        if v < 0:
            raise ValueError("negative")
        cls._limit = v


class G(metaclass=Guarded):
    pass


G.limit = 5
print(G.limit, G._limit, "limit" in G.__dict__)
try:
    G.limit = -1
except ValueError as e:
    print("ValueError", e)
# ---
# type(name, bases, ns) and calling a metaclass directly; type.__new__ with a
# metaclass; the namespace is copied.
ns = {"a": 1, "f": lambda self: self.a + 1}
T = type("T", (), ns)
ns["a"] = 99
print(T.__name__, T.a, T().f(), type(T) is type, T.__qualname__, T.__doc__)


class M(type):
    pass


X = M("X", (T,), {"b": 2})
print(type(X) is M, X.b, X.a, X.__bases__ == (T,))
Y = type.__new__(M, "Y", (), {})
print(type(Y) is M, Y.__name__)
Z = type("Z", (X,), {})
print(type(Z) is M)
print(type.__new__(type, 5) is int if False else type(5) is int)
# ---
# The most derived metaclass is chosen from the bases; the metaclass is
# inherited by subclasses.
class A(type):
    pass


class B(A):
    pass


class One(metaclass=A):
    pass


class Two(metaclass=B):
    pass


class Both(One, Two):
    pass


class Explicit(Two, metaclass=A):
    pass


class Child(Two):
    pass


print(type(Both).__name__, type(Explicit).__name__, type(Child).__name__)
# ---
class A(type):
    pass


class B(type):
    pass


class One(metaclass=A):
    pass


class Two(metaclass=B):
    pass


class Both(One, Two):
    pass
# raises: TypeError: metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases
# ---
class A(type):
    pass


class One(metaclass=A):
    pass


T = type("T", (One, int), {})
print(type(T) is A)
U = type("U", (1,), {})
# raises: TypeError: metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases
# ---
# __instancecheck__ and __subclasscheck__ on the metaclass.
class Duck(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")

    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")


class Quacker(metaclass=Duck):
    pass


class Mallard:
    def quack(self):
        return "quack"


print(isinstance(Mallard(), Quacker), isinstance(1, Quacker), issubclass(Mallard, Quacker), issubclass(int, Quacker))
print(isinstance(Quacker(), Quacker), isinstance(Mallard(), (int, Quacker)))
# ---
# metaclass= a plain function: called with name, bases and namespace (and the
# class keywords); what it returns is bound to the name.
def upper_attrs(name, bases, ns, **kw):
    print("called", name, bases, kw)
    return type(name, bases, {k.upper() if not k.startswith("__") else k: v for k, v in ns.items()})


class U(metaclass=upper_attrs, extra=1):
    size = 3


print(U.SIZE, hasattr(U, "size"), type(U) is type)


def not_a_class(name, bases, ns):
    return 42


class V(metaclass=not_a_class):
    pass


print(V)
# ---
# __init_subclass__ and __set_name__ run inside type.__new__: __set_name__
# first, then __init_subclass__, both before the metaclass's __init__.
class Field:
    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
        self.name = name


class Base:
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.__name__, kw)
        super().__init_subclass__()


class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        print("meta new", name)
        cls = super().__new__(mcs, name, bases, ns, **kw)
        print("meta new done", name)
        return cls

    def __init__(cls, name, bases, ns, **kw):
        print("meta init", name)


class Model(Base, metaclass=Meta, table="t"):
    f = Field()
    g = Field()


print(Model.f.name, Model.g.name)


class Plain(Base, option=2):
    h = Field()
# ---
class A:
    pass


class B(A, unexpected=1):
    pass
# raises: TypeError: B.__init_subclass__() takes no keyword arguments
# ---
# __new__ of a metaclass returning something that is no class: no __init__,
# and the statement binds it.
class Weird(type):
    def __new__(mcs, name, bases, ns):
        return {"name": name}

    def __init__(cls, *a):
        raise AssertionError("not called")


class W(metaclass=Weird):
    pass


print(W)
# ---
# abc.ABCMeta as metaclass enforces abstract methods as ABC does; register()
# makes virtual subclasses; __subclasshook__ decides isinstance.
from abc import ABC, ABCMeta, abstractmethod


class Base(metaclass=ABCMeta):
    @abstractmethod
    def run(self):
        pass

    @abstractmethod
    def stop(self):
        pass


class Half(Base):
    def run(self):
        return "ran"


class Full(Half):
    def stop(self):
        return "stopped"


for cls in (Base, Half):
    try:
        cls()
    except TypeError as e:
        print("TypeError", e)
print(Full().run(), Full().stop(), sorted(Base.__abstractmethods__), Full.__abstractmethods__)
print(type(Base) is ABCMeta, type(ABC) is ABCMeta, isinstance(Full(), Base), issubclass(Full, Half))


class Other:
    pass


print(isinstance(Other(), Base))
Base.register(Other)
print(isinstance(Other(), Base), issubclass(Other, Base), issubclass(Other, Half))


@Half.register
class Third:
    pass


print(issubclass(Third, Half), issubclass(Third, Base), Third.__name__)


class Hooked(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hooked:
            return hasattr(C, "quack")
        return NotImplemented


class Duck:
    def quack(self):
        pass


print(isinstance(Duck(), Hooked), isinstance(1, Hooked))


class Shape(ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def make(cls):
        ...


try:
    Shape()
except TypeError as e:
    print("TypeError", e)


class Sq(Shape):
    name = "sq"

    @classmethod
    def make(cls):
        return cls()


print(Sq.make().name)
# ---
from abc import ABCMeta, abstractmethod


class Base(metaclass=ABCMeta):
    @abstractmethod
    def area(self):
        ...


Base()
# raises: TypeError: Can't instantiate abstract class Base with abstract method area
# ---
# A metaclass that registers every class it makes, with a __getattribute__
# that counts lookups.
class Registry(type):
    classes = []
    lookups = 0

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.classes.append(name)
        return cls

    def __getattribute__(cls, name):
        Registry.lookups += 1
        return super().__getattribute__(name)


class Plugin(metaclass=Registry):
    kind = "base"


class CsvPlugin(Plugin):
    kind = "csv"


class JsonPlugin(Plugin):
    pass


print(Registry.classes, CsvPlugin.kind, JsonPlugin.kind)
print(Registry.lookups >= 2)
# ---
# __class__ cell and zero-argument super() in a class whose metaclass is
# user-defined; class decorators see the finished class.
class M(type):
    def __new__(mcs, name, bases, ns):
        return super().__new__(mcs, name, bases, ns)


def deco(cls):
    cls.decorated = type(cls).__name__
    return cls


@deco
class Base(metaclass=M):
    def who(self):
        return __class__.__name__


class Derived(Base):
    def who(self):
        return "derived/" + super().who()


print(Derived().who(), Base.decorated, Derived.decorated)
# ---
# type.__new__ checks its arguments.
class M(type):
    pass


for args in [("X", ()), ("X", [], {}), (1, (), {}), ("X", (), [])]:
    try:
        type.__new__(M, *args)
    except TypeError as e:
        print("TypeError", e)
try:
    type.__new__(int, "X", (), {})
except TypeError as e:
    print("TypeError", e)
try:
    type("X", ())
except TypeError as e:
    print("TypeError", e)
# ---
# enum keeps its behaviour: members, iteration, calls and lookups.
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2


print(list(Color), len(Color), Color(1), Color["GREEN"], Color.RED in Color, isinstance(Color.RED, Color))
# ---
# ==, hash, ordering and binary operators defined by the metaclass act on its
# classes; a metaclass with __eq__ and no __hash__ makes its classes
# unhashable.
class Keyed(type):
    def __eq__(cls, other):
        return getattr(other, "key", None) == cls.key

    def __hash__(cls):
        return hash(cls.key)

    def __lt__(cls, other):
        return cls.key < other.key

    def __or__(cls, other):
        return ("or", cls.__name__, other)

    def __radd__(cls, other):
        return ("radd", other, cls.__name__)


class A(metaclass=Keyed):
    key = 1


class B(metaclass=Keyed):
    key = 1


class C(metaclass=Keyed):
    key = 2


print(A == B, A != C, A == 1, len({A, B, C}), A | 5, 3 + A, [k.__name__ for k in sorted([C, A])])
print(A in [B], {A: 1}.get(B), [C, A].index(B), C > A, A < C)
try:
    C >= A
except TypeError as e:
    print("TypeError", e)


class NoHash(type):
    def __eq__(cls, other):
        return True


class N(metaclass=NoHash):
    pass


print(N == 1)
{N}
# raises: TypeError: unhashable type: 'NoHash'
# ---
# Errors and odd answers from metaclass machinery end as CPython's exceptions.
def t(f):
    try:
        r = f()
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)
class M(type): pass
t(lambda: type.__new__(M))
t(lambda: type.__init__())
t(lambda: type.__getattribute__(1, 'x'))
t(lambda: type.__call__(M, 'Q', (), {}))
t(lambda: type.__prepare__())
t(lambda: M.__prepare__('x', ()))
class N(type): __new__ = 5
t(lambda: N('X', (), {}))
def mk1():
    class X(type, int): pass
def mk2():
    class X(type, dict): pass
t(mk1)
t(mk2)
class L(type):
    @classmethod
    def __prepare__(m, n, b): return []
def body():
    class Z(metaclass=L):
        a = 1
    return Z
t(body)
class LM(type):
    @classmethod
    def __prepare__(m, n, b): return {"x": 1}
    def __new__(m, n, b, ns): return locals()['ns']
def body2():
    class Z(metaclass=LM):
        y = x
        del x
        z = locals().copy()
    return Z
t(body2)
t(lambda: M.mro())
t(lambda: type(M).__name__)
t(lambda: M.__dict__['x'])
class IM(type):
    def __instancecheck__(cls, o): return 1/0
class I(metaclass=IM): pass
t(lambda: isinstance(1, I))
t(lambda: isinstance(1, (int, I)))
t(lambda: isinstance(1, (str, I)))
t(lambda: issubclass(I, I))
class R(type):
    def __repr__(cls): return 5
class RR(metaclass=R): pass
t(lambda: repr(RR))
t(lambda: str([RR]))
class LL(type):
    def __len__(cls): return -1
class LLL(metaclass=LL): pass
t(lambda: len(LLL))
t(lambda: bool(LLL))
class It(type):
    def __iter__(cls): return 5
class It2(metaclass=It): pass
t(lambda: list(It2))
t(lambda: [x for x in It2])
# ---
# A mapping namespace from __prepare__: names the body reads that the mapping
# lacks come from the globals, then the builtins; del of a missing name is a
# NameError.
import collections

g = "global"


class M(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return collections.OrderedDict(preset=1)

    def __new__(mcs, name, bases, ns):
        print(type(ns).__name__, list(ns))
        return super().__new__(mcs, name, bases, dict(ns))


class C(metaclass=M):
    a = g
    b = len("abc")
    c = a + "!" + str(preset)
    del preset


print(C.a, C.b, C.c, hasattr(C, "preset"))


class D(metaclass=M):
    del missing
# raises: NameError: name 'missing' is not defined
# ---
# Unary operators and attribute deletion through the metaclass; deleting
# __abstractmethods__ makes the class instantiable again.
class M(type):
    def __neg__(cls):
        return "neg " + cls.__name__

    def __invert__(cls):
        return "inv " + cls.__name__

    @property
    def tag(cls):
        return cls._tag

    @tag.deleter
    def tag(cls):
        print("deleting tag of", cls.__name__)
        cls._tag = None

    def __delattr__(cls, name):
        if name == "locked":
            raise AttributeError("locked stays")
        super().__delattr__(name)


class C(metaclass=M):
    _tag = "t"
    locked = 1
    free = 2


print(-C, ~C)
del C.tag
print(C._tag)
try:
    del C.locked
except AttributeError as e:
    print("AttributeError", e)
del C.free
print(hasattr(C, "free"), C.locked)
try:
    +C
except TypeError as e:
    print("TypeError", e)
from abc import ABC, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...


try:
    Shape()
except TypeError as e:
    print("TypeError", e)
del Shape.__abstractmethods__
print(type(Shape()).__name__)
