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
