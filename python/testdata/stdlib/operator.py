import operator
print(operator.add(2, 3), operator.sub(5, 1), operator.mul(3, 4), operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 8))
print(operator.neg(4), operator.pos(-4), operator.abs(-4), operator.not_(0), operator.truth([]), operator.inv(5), operator.invert(0))
# ---
import operator
print(operator.lt(1, 2), operator.le(2, 2), operator.eq("a", "a"), operator.ne(1, 1), operator.gt(3, 2), operator.ge(1, 2), operator.is_(None, None), operator.is_not(1, None))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 4), operator.rshift(32, 2), operator.concat([1], [2]), operator.contains("abc", "b"))
# ---
from operator import itemgetter
rows = [("b", 2), ("a", 3), ("c", 1)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(0)), itemgetter(1, 0)(("x", "y")), itemgetter("k")({"k": 9}), itemgetter(slice(1, None))([1, 2, 3]))
# ---
from operator import attrgetter
class P:
    def __init__(self, name, age, boss=None): self.name, self.age, self.boss = name, age, boss
people = [P("ada", 36), P("bob", 25, P("cy", 50))]
print([p.name for p in sorted(people, key=attrgetter("age"))], attrgetter("name", "age")(people[0]), attrgetter("boss.name")(people[1]))
# ---
from operator import methodcaller
print(methodcaller("upper")("abc"), methodcaller("split", ",")("a,b"), methodcaller("replace", "a", maxsplit := "b")("aa") if False else methodcaller("rjust", 5, "*")("ab"))
# ---
import operator
d = {"a": 1}
operator.setitem(d, "b", 2)
operator.delitem(d, "a")
print(d, operator.getitem([5, 6], 1), operator.countOf([1, 2, 1], 1), operator.indexOf("abc", "c"), operator.index(7))
# ---
import operator
x = [1]
y = operator.iadd(x, [2])
print(x, y is x, operator.iadd(1, 2), operator.imul("ab", 2), operator.length_hint([1, 2, 3]))
# ---
import operator
from functools import reduce
print(reduce(operator.mul, range(1, 6)), list(map(operator.add, [1, 2], [10, 20])), sorted({"x": 3, "y": 1}.items(), key=operator.itemgetter(1)))
# ---
from operator import itemgetter
itemgetter(5)([1, 2])
# raises: IndexError: list index out of range
# ---
from operator import attrgetter
attrgetter("nope")(1)
# raises: AttributeError: 'int' object has no attribute 'nope'
# ---
from operator import attrgetter, itemgetter, methodcaller
class N:
    pass
root = N(); root.a = N(); root.a.b = N(); root.a.b.c = 7; root.x = "x"
print(attrgetter("a.b.c")(root), attrgetter("x", "a.b.c", "a.b")(root)[:2], attrgetter("x")(root))
print(repr(attrgetter("a.b")), repr(attrgetter("x", "a.b.c")), repr(itemgetter(1)), repr(itemgetter("k", 2, (1, 2))))
print(repr(methodcaller("f")), repr(methodcaller("f", 1, "two", k=3, z=None)), methodcaller("count", "a")("banana"), methodcaller("get", "k", default=0)({}) if False else methodcaller("get", "k", 0)({}))
print(itemgetter(0, 0, -1)("abc"), itemgetter(slice(None, None, -1))("abc"), itemgetter(1)(range(5)), itemgetter()("x") if False else None)
for bad in (lambda: attrgetter(1), lambda: attrgetter("a", 2), lambda: methodcaller(1), lambda: attrgetter("a.nope")(root), lambda: methodcaller("nope")(1), lambda: itemgetter("z")({})):
    try:
        bad()
    except (TypeError, AttributeError, KeyError) as e:
        print(type(e).__name__, e)
# ---
import operator
class Hint:
    def __init__(self, v): self.v = v
    def __length_hint__(self): return self.v
class Sized:
    def __len__(self): return 4
    def __length_hint__(self): return 99
print(operator.length_hint([]), operator.length_hint(iter([1, 2])), operator.length_hint(Hint(5)), operator.length_hint(Hint(NotImplemented), 3), operator.length_hint(Sized()), operator.length_hint(object(), 11), operator.length_hint(7))
for args in ((Hint(-1),), (Hint("x"),), (Hint(2.5),), ([], "d"), ([], 1.0)):
    try:
        print(operator.length_hint(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
# ---
import operator
class I:
    def __index__(self): return 5
class Bad:
    def __index__(self): return "no"
print(operator.index(I()), operator.index(True), operator.index(-3))
for x in (1.5, "3", Bad(), None):
    try:
        operator.index(x)
    except TypeError as e:
        print("TypeError", e)
for f, args in ((operator.concat, (1, 2)), (operator.concat, ({}, {})), (operator.indexOf, ([1, 2], 3)), (operator.indexOf, ([], 0))):
    try:
        print(f(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(operator.concat("ab", "cd"), operator.concat((1,), (2,)), operator.countOf([1, 1.0, True, "1"], 1), operator.indexOf([0, float("nan"), 2], 2))
nan = float("nan")
print(operator.countOf([nan, nan], nan), operator.indexOf([nan], nan), operator.contains([nan], nan))
# ---
import operator
t = (1,)
u = operator.iadd(t, (2,))
print(t, u, operator.isub(5, 2), operator.imul([0], 3), operator.itruediv(7, 2), operator.ifloordiv(7, 2), operator.imod(7, 4), operator.ipow(2, 10))
print(operator.ilshift(1, 3), operator.irshift(16, 2), operator.iand(12, 10), operator.ior(12, 10), operator.ixor(12, 10), operator.iconcat([1], (2,)))
s = {1, 2}
r = operator.ior(s, {3})
print(r is s, s, operator.isub({1, 2, 3}, {2}))
class M:
    def __init__(self, v): self.v = v
    def __matmul__(self, o): return M(self.v * o.v)
print(operator.matmul(M(2), M(3)).v, operator.pos(True), operator.neg(False), operator.truth("x"), operator.not_([1]), operator.abs(-2.5), operator.abs(3 - 4j))
print(operator.lt("a", "b"), operator.eq([1], [1]), operator.ne({1}, {1}), operator.invert(True), operator.inv(-1), operator.pow(2, -1), operator.mod("%d!", 3))
# ---
import operator
print(operator.__add__(1, 2), operator.__sub__(5, 3), operator.__mul__(2, 3), operator.__lt__(1, 2), operator.__eq__(1, 1), operator.__not__(0), operator.__getitem__("ab", 1), operator.__neg__(2), operator.__mod__(7, 4), operator.__truediv__(1, 4), operator.__floordiv__(9, 4), operator.__ge__(1, 1), operator.__gt__(1, 1), operator.__le__(1, 1), operator.__ne__(1, 2))
d = {}
operator.setitem(d, slice(1, 2) if False else "k", [1, 2, 3])
operator.delitem(d["k"], slice(0, 2))
print(d, operator.getitem(d, "k"), operator.is_([], []), operator.is_not(None, None))
# ---
import operator
class S:
    def __init__(self, v): self.v = v
    def __getitem__(self, i): return self.v[i]
    def __add__(self, o): return S(self.v + list(o))
    def __iadd__(self, o): self.v += list(o); return self
for x, y in (([1], [2]), ("a", "b"), (b"a", b"b"), ((1,), (2,)), (S([1]), [2]), (S([1]), (3,)), ([1], S([2])), (S([1]), 5), ({}, {}), (1, 2), (range(2), [1]), ([1], 2), ("a", 1), (bytearray(b"x"), b"y")):
    for f in (operator.concat, operator.iconcat):
        try:
            r = f(x, y)
            print(f.__name__, r.v if isinstance(r, S) else r)
        except TypeError as e:
            print(f.__name__, "TypeError", e)
print(operator.call(max, 3, 9, key=lambda v: -v), operator.call(dict, a=1))
class MM:
    def __init__(self): self.n = 1
    def __imatmul__(self, o): self.n *= o; return self
m = MM()
print(operator.imatmul(m, 5) is m, m.n, operator.__imatmul__ is operator.imatmul, operator.__call__(len, "ab"), operator.__and__(6, 3), operator.__or__(6, 3), operator.__not__(1), operator.__inv__(2), operator.__invert__(2), operator.__abs__(-1), operator.__index__(3), operator.__concat__("a", "b"), operator.__contains__("ab", "b"))
print(sorted(operator.__all__) == operator.__all__, len(operator.__all__), "call" in operator.__all__, "_same" in dir(operator) or True)
# ---
import operator
class Base:
    def __getitem__(self, i): return i
    def __add__(self, o): return "Base.add"
class Sub(Base):
    def __radd__(self, o): return "Sub.radd"
class RightOnly:
    def __getitem__(self, i): return i
    def __radd__(self, o): return "RightOnly.radd"
class NoAdd:
    def __getitem__(self, i): return i
class Refuses:
    def __getitem__(self, i): return i
    def __add__(self, o): return NotImplemented
    def __iadd__(self, o): return NotImplemented
class Raises:
    def __getitem__(self, i): return i
    def __add__(self, o): raise TypeError("mine")
for x, y in ((Base(), Sub()), (Sub(), Base()), (NoAdd(), RightOnly()), (Refuses(), RightOnly()), (Refuses(), NoAdd()), (Raises(), [1]), (NoAdd(), NoAdd()), ([1], "ab"), ("ab", Base())):
    for f in (operator.concat, operator.iconcat):
        try:
            print(f.__name__, f(x, y))
        except TypeError as e:
            print(f.__name__, "TypeError", e)
# ---
import operator
class L(list):
    def __add__(self, o): return "L.add"
    def __iadd__(self, o): return "L.iadd"
class T(tuple):
    def __add__(self, o): return "T.add"
class Right:
    def __getitem__(self, i): return i
    def __radd__(self, o): return "Right.radd"
x = L([1])
print(operator.concat(x, [2]), operator.iconcat(x, [3]), x, type(operator.concat(L([1]), [2])).__name__)
print(operator.concat(T((1,)), (2,)), operator.iconcat(T((1,)), (2,)), x + [0], operator.concat("a", "b"))
for f in (operator.concat, operator.iconcat):
    try:
        print(f((1,), 5))
    except TypeError as e:
        print("TypeError", e)
# ---
import operator
class OnlyI(list):
    def __iadd__(self, o): return "OnlyI.iadd"
class OnlyA(list):
    def __add__(self, o): return "OnlyA.add"
class B2(bytearray):
    def __iadd__(self, o): return "B2.iadd"
x = OnlyI([1])
print(operator.iconcat(x, [2]), x, operator.concat(OnlyI([1]), [5]), operator.iconcat(OnlyA([1]), [2]), operator.concat(OnlyA([1]), [2]))
print(operator.iconcat(B2(b"a"), b"b"), operator.concat(B2(b"a"), b"b"))
# ---
# A built-in sequence's own concatenation does not hand over to the right operand's __radd__
import operator
class Right:
    def __getitem__(self, i):
        if i < 2:
            return i
        raise IndexError(i)
    def __radd__(self, o): return "Right.radd"
for f in (operator.concat, operator.iconcat):
    for x in ((1,), [1], "a"):
        try:
            print(f(x, Right()))
        except TypeError as e:
            print("TypeError", e)
