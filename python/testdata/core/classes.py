class Dog:
    species = "canis"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says woof"
d = Dog("rex")
print(d.speak(), d.species, Dog.species, d.name, type(d).__name__, isinstance(d, Dog))
# ---
class A:
    def who(self):
        return "A"
class B(A):
    def who(self):
        return "B+" + super().who()
class C(B):
    def who(self):
        return "C+" + super().who()
print(C().who(), issubclass(C, A), isinstance(C(), B), [k.__name__ for k in C.__mro__])
# ---
class O: pass
class A(O): pass
class B(O): pass
class C(A, B): pass
class D(B): pass
class E(C, D): pass
print([k.__name__ for k in E.__mro__])
print([k.__name__ for k in E.mro()])
# ---
class X: pass
class Y: pass
class A(X, Y): pass
class B(Y, X): pass
try:
    class C(A, B): pass
except TypeError as e:
    print(" ".join(str(e).split()))
# ---
class Base:
    def __init__(self):
        self.log = ["base"]
class Left(Base):
    def __init__(self):
        super().__init__()
        self.log.append("left")
class Right(Base):
    def __init__(self):
        super().__init__()
        self.log.append("right")
class Both(Left, Right):
    def __init__(self):
        super().__init__()
        self.log.append("both")
print(Both().log)
# ---
class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v
    @property
    def f(self):
        return self._c * 9 / 5 + 32
t = Temp(100)
t.c = 0
print(t.c, t.f)
t.c = -300
# raises: ValueError: too cold
# ---
class R:
    @property
    def x(self):
        return 1
r = R()
r.x = 2
# raises: AttributeError: property 'x' of 'R' object has no setter
# ---
class M:
    count = 0
    def __init__(self):
        M.count += 1
    @classmethod
    def make(cls):
        return cls()
    @staticmethod
    def helper(a, b):
        return a + b
M(); M.make(); M().make()
print(M.count, M.helper(2, 3), M().helper(1, 1))
# ---
class Shape:
    @classmethod
    def name(cls):
        return cls.__name__.lower()
class Square(Shape):
    pass
print(Shape.name(), Square.name(), Square().name())
# ---
class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
        return self
    def pop(self):
        return self.items.pop()
s = Stack().push(1).push(2).push(3)
print(s.pop(), s.items)
# ---
class A:
    x = 1
a = A()
a.x = 2
print(a.x, A.x, a.__dict__, "x" in A.__dict__)
del a.x
print(a.x)
# ---
class A:
    def m(self):
        return "m"
a = A()
f = a.m
print(f(), A.m(a), f.__name__)
# ---
class A:
    pass
A().missing
# raises: AttributeError: 'A' object has no attribute 'missing'
# ---
class A:
    pass
A.missing
# raises: AttributeError: type object 'A' has no attribute 'missing'
# ---
class A:
    def __init__(self, x):
        self.x = x
A()
# raises: TypeError: A.__init__() missing 1 required positional argument: 'x'
# ---
class A:
    def m(self):
        return 1
A().m(5)
# raises: TypeError: A.m() takes 1 positional argument but 2 were given
# ---
class Animal:
    sound = "..."
    def speak(self):
        return self.sound
class Cat(Animal):
    sound = "meow"
class Lion(Cat):
    def speak(self):
        return super().speak().upper()
print([a.speak() for a in (Animal(), Cat(), Lion())])
# ---
class Node:
    def __init__(self, val, children=None):
        self.val = val
        self.children = children or []
    def total(self):
        return self.val + sum(c.total() for c in self.children)
tree = Node(1, [Node(2, [Node(4)]), Node(3)])
print(tree.total())
# ---
class P:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
p = P(1, 2)
print(p.x + p.y)
p.z = 3
# raises: AttributeError: 'P' object has no attribute 'z'
# ---
class C:
    pass
print(C.__name__, C.__qualname__, C.__module__, repr(C), str(int), repr(type))
# ---
class Meta:
    a = 1
    def get(self):
        return self.a
class Sub(Meta):
    a = 2
print(Sub().get(), Meta().get(), getattr(Sub, "a"), Sub.__bases__[0].__name__)
# ---
class Account:
    interest = 0.02
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
    def deposit(self, amt):
        if amt <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amt
        return self.balance
acct = Account("ada")
acct.deposit(50)
print(acct.balance)
acct.deposit(-1)
# raises: ValueError: deposit must be positive
# ---
class A:
    def __init__(self):
        self.v = 1
class B(A):
    def __init__(self):
        self.w = 2
b = B()
print(b.w, hasattr(b, "v"))
# ---
class Base:
    def template(self):
        return f"[{self.hook()}]"
    def hook(self):
        raise NotImplementedError("subclass must implement hook")
class Impl(Base):
    def hook(self):
        return "impl"
print(Impl().template())
Base().template()
# raises: NotImplementedError: subclass must implement hook
# ---
class A:
    def f(self):
        return "A.f"
class B(A):
    def f(self):
        return "B.f"
b = B()
print(b.f(), A.f(b), super(B, b).f())
# ---
class Counter:
    instances = []
    def __init__(self):
        type(self).instances.append(self)
class Sub(Counter):
    pass
Counter(); Sub(); Sub()
print(len(Counter.instances), Sub.instances is Counter.instances)
# ---
class C:
    def __init__(self):
        self.data = {}
    def __getattr__(self, name):
        if name.startswith("get_"):
            return lambda: self.data.get(name[4:], "none")
        raise AttributeError(name)
c = C()
c.data["x"] = 5
print(c.get_x(), c.get_y())
c.other
# raises: AttributeError: other
# ---
class Frozen:
    def __init__(self, v):
        object.__setattr__(self, "v", v)
    def __setattr__(self, k, v):
        raise AttributeError(f"cannot set {k}")
f = Frozen(3)
print(f.v)
f.v = 4
# raises: AttributeError: cannot set v
# ---
class C:
    a = 1
    b = a + 1
    lst = [a, b]
print(C.b, C.lst)
# ---
class E:
    pass
e = E()
setattr(e, "dyn", 5)
print(getattr(e, "dyn"), getattr(e, "nope", "dflt"), hasattr(e, "dyn"), vars(e))
delattr(e, "dyn")
print(vars(e))
