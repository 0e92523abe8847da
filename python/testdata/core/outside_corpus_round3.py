# Classes of behaviour found by scoring an outside corpus (issue 18, round 3).
# A user __eq__/__ne__/__lt__ may answer any object: the operator hands it back.
class Vec:
    def __init__(self, xs):
        self.xs = xs
    def __eq__(self, other):
        return [a == b for a, b in zip(self.xs, other.xs)]
    def __ne__(self, other):
        return "ne-" + str(len(self.xs))
    def __lt__(self, other):
        return None
a, b = Vec([1, 2, 3]), Vec([1, 0, 3])
print(a == b, a != b, a < b, a > b)
print((a == b) is not True, type(a == b).__name__)
class Tag:
    def __init__(self, t):
        self.t = t
    def __eq__(self, other):
        return self.t
    def __hash__(self):
        return 1
print(Tag("x") == Tag("y"), Tag(0) == Tag(1), Tag(None) == 5, 5 == Tag("r"))
print(Tag([]) in [Tag([])], Tag("s") in [Tag("s")], Tag(0) in {Tag(0)})
# ---
# The right operand's reflected method goes first when its class derives
# from the left's, and its answer comes back unchanged.
class Base:
    def __eq__(self, other):
        return "base"
class Derived(Base):
    def __eq__(self, other):
        return "derived"
    def __ne__(self, other):
        return "derived-ne"
print(Base() == Derived(), Derived() == Base(), Base() != Derived())
class OnlyEq:
    def __eq__(self, other):
        return 0
print(OnlyEq() != OnlyEq(), OnlyEq() == OnlyEq())
# ---
# A tuple that holds a list that holds the tuple prints (...) inside.
l = []
t = (l, 1)
l.append(t)
print(repr(t), repr(l), str(t))
d = {}
t2 = (d,)
d["k"] = t2
print(t2, d)
inner = []
nest = ((inner,),)
inner.append(nest)
print(nest)
print((), ((),), (1, (2, (3,))))
# ---
# str, list and dict's __eq__/__ne__ answer NotImplemented for another type.
print("".__eq__(1), "".__ne__(1), "a".__eq__("a"), "a".__ne__("b"), str.__eq__("a", 1))
print([1].__eq__(1), [1].__eq__([1]), [1].__ne__((1,)), [].__ne__([]))
print({}.__eq__([]), {}.__ne__(1), {}.__eq__({}), {"a": 1}.__ne__({"a": 2}))
class L(list):
    pass
class D(dict):
    pass
print([1].__eq__(L([1])), L([2]).__eq__([2]), {}.__eq__(D()), D(a=1).__ne__({"a": 1}))
# ---
# int() takes an int from __int__, __index__ or __trunc__, and nothing else.
class Half:
    def __int__(self):
        return 0.5
try:
    int(Half())
except TypeError as e:
    print(e)
class Word:
    def __index__(self):
        return "seven"
try:
    int(Word())
except TypeError as e:
    print(e)
class Tr:
    def __trunc__(self):
        return 2.5
try:
    int(Tr())
except TypeError as e:
    print(e)
class Yes:
    def __int__(self):
        return True
class Fine:
    def __int__(self):
        return 12
r = int(Fine())
print(r, type(r).__name__, int(Yes()) + 1)
