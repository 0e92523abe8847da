class NoInit:
    pass
try:
    NoInit(1)
except TypeError as e:
    print(str(e).replace("__snippet__.<locals>.", ""))
class OnlyNew:
    def __new__(cls, *a, **k):
        inst = super().__new__(cls)
        inst.a = a
        return inst
print(OnlyNew(1, x=2).a)
# ---
class BadNew:
    def __init__(self, v):
        self.v = v
    def __new__(cls, *args):
        return super().__new__(cls, *args)
try:
    BadNew(1)
except TypeError as e:
    print(e)
# ---
import functools
def logged(fn):
    @functools.wraps(fn)
    def inner(self, *a, **k):
        self.log = getattr(self, "log", []) + [fn.__name__]
        return fn(self, *a, **k)
    return inner
class W:
    @logged
    def __init__(self, v, scale=1):
        self.v = v * scale
    @logged
    def get(self):
        return self.v
w = W(2, scale=3)
print(w.get(), w.log, W.__init__.__name__)
# ---
class Temp:
    def __init__(self, c):
        self.c = c
    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)
    @staticmethod
    def valid(c):
        return c >= -273.15
class Warm(Temp):
    def __init__(self, c):
        super().__init__(max(c, 20))
ts = [Temp.from_f(212), Warm.from_f(32), Warm(30)]
print([(type(t).__name__, round(t.c, 2)) for t in ts], Temp.valid(-300), Warm.valid(0))
# ---
def make_classes():
    out = []
    for i in range(5):
        class C:
            n = i
            def get(self):
                return self.n * 10
        out.append(C)
    return out
cs = make_classes()
objs = [c() for c in cs] * 2
print([o.get() for o in objs], len(set(cs)))
cs[0].n = 99
print([o.get() for o in objs[:5]])
# ---
class Base:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)
    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in sorted(vars(self).items()))})"
Dyn = type("Dyn", (Base,), {"greet": lambda self: f"hi {self.name}", "kind": "dynamic"})
d = Dyn(name="ada", n=1)
print(d, d.greet(), d.kind, isinstance(d, Base), Dyn.__name__, Dyn.__bases__[0].__name__)
# ---
class A:
    def __init__(self):
        self.items = []
        self.setup()
    def setup(self):
        self.items.append("A")
class B(A):
    def setup(self):
        super().setup()
        self.items.append("B")
class C(B):
    def __init__(self):
        self.pre = True
        super().__init__()
    def setup(self):
        self.items.append("C-before")
        super().setup()
print(C().items, B().items, C().pre)
# ---
class Half:
    def __init__(self, a, b):
        self.a = a
        if b == 0:
            raise ZeroDivisionError("b is zero")
        self.q = a / b
objs = []
for a, b in [(1, 2), (3, 0), (4, 4)]:
    try:
        objs.append(Half(a, b).q)
    except ZeroDivisionError as e:
        objs.append(f"{type(e).__name__}: {e}")
print(objs)
# ---
class Node:
    count = 0
    def __init__(self, val, children=None):
        Node.count += 1
        self.val = val
        self.children = [Node(c) if not isinstance(c, Node) else c for c in (children or [])]
tree = Node(1, [2, 3, Node(4, [5, 6])])
def total(n):
    return n.val + sum(total(c) for c in n.children)
print(total(tree), Node.count)
# ---
import asyncio
class Fetcher:
    def __init__(self, uid):
        self.uid = uid
        self.data = None
    async def load(self):
        self.data = await get_user(self.uid)
        return self
    @classmethod
    async def create(cls, uid):
        return await cls(uid).load()
fs = await asyncio.gather(*(Fetcher.create(i) for i in (3, 1)))
print([(f.uid, f.data["name"]) for f in fs])
# ---
class Cnt:
    def __init__(self):
        self.n = 0
    def __call__(self, *args):
        self.n += 1
        return sum(args)
c = Cnt()
print(list(map(c, [1, 2], [3, 4])), sorted([3, 1, 2], key=c), c.n)
# ---
from typing import get_args, get_origin, Optional, Union
print(list[int], dict[str, list[int]], tuple[int, ...], list[int] == list[int], get_origin(list[int]), get_args(dict[str, int]), list[int] | None, get_args(Optional[int]), get_origin(Union[int, str]) is Union)
try:
    isinstance([], list[int])
except TypeError as e:
    print(e)
print(list[int]("ab"), dict[str, int](a=1), type(list[int]()).__name__)
# ---
class Registry:
    _items: dict[str, type] = {}
    @classmethod
    def register(cls, name: str):
        def deco(klass: type) -> type:
            cls._items[name] = klass
            klass.registered_as = name
            return klass
        return deco
    @classmethod
    def create(cls, name: str, *args, **kwargs):
        return cls._items[name](*args, **kwargs)
@Registry.register("echo")
class Echo:
    def __init__(self, msg: str = "", *, times: int = 1):
        self.out = msg * times
@Registry.register("sum")
class Summer:
    def __init__(self, *nums: int):
        self.out = sum(nums)
print(Registry.create("echo", "ab", times=3).out, Registry.create("sum", 1, 2, 3).out, Echo.registered_as, sorted(Registry._items))
# ---
class Vec(tuple):
    def __new__(cls, *xs):
        return super().__new__(cls, xs)
    def __add__(self, o):
        return Vec(*(a + b for a, b in zip(self, o)))
    def __repr__(self):
        return f"Vec{tuple(self)}"
v = Vec(1, 2) + Vec(3, 4)
print(v, len(v), v[0], isinstance(v, tuple), v == (4, 6), hash(v) == hash((4, 6)), sorted([Vec(2), Vec(1)]))
# ---
class Account:
    interest = 0.02
    def __init__(self, owner, balance=0.0):
        self.owner, self.balance = owner, balance
    def accrue(self):
        self.balance += self.balance * self.interest
        return self
class Premium(Account):
    interest = 0.05
accts = [Account("a", 100), Premium("b", 100), Account("c")]
for _ in range(3):
    for a in accts:
        a.accrue()
Account.interest = 0.1
accts[0].accrue()
print([(a.owner, round(a.balance, 4)) for a in accts])
