import itertools
it = itertools.count(1)
chain = itertools.chain([1], [2])
print(it.__next__(), next(it), chain.__next__(), list(chain))
# ---
import itertools
it = itertools.count()
try:
    it.send(None)
except AttributeError as e:
    print("no send")
# ---
class Tag(str):
    pass
tags = [Tag("a"), Tag("b")]
print("-".join(tags), ", ".join(sorted(tags, reverse=True)), Tag("x").upper(), type(Tag("a,b").split(",")[0]).__name__)
# ---
import re, json
class Text(str):
    def words(self):
        return self.split()
t = Text("alpha beta 42")
print(re.findall(r"\d+", t), re.sub(r"a", "A", t), bool(re.match(r"\w+", t)), json.loads(Text('{"k": [1]}')))
# ---
import copy
class Record(dict):
    def total(self):
        return sum(self.values())
r = Record(a=1, b=2)
c = copy.deepcopy(r)
s = copy.copy(r)
print(type(c).__name__, type(s).__name__, c.total(), c == r)
# ---
class Rows(list):
    def total(self):
        return sum(self)
class Record(dict):
    pass
rows = Rows([3, 1, 2])
rows.append(4)
rows.sort()
print(rows, rows.total(), rows[1:], type(rows[1:]).__name__, rows + [0], len(rows), Record(a=1) | {"b": 2}, max(rows), sorted(Rows([2, 1])))
# ---
class UserId(int):
    def __repr__(self):
        return f"UserId({int(self)})"
ids = [UserId(3), UserId(1)]
print(sorted(ids), sum(ids), ids[0] + 1, type(ids[0] + 1).__name__, f"{ids[0]:03d}", "%d" % ids[1], [10, 20, 30, 40][ids[0]], {1: "one"}[ids[1]], hash(UserId(5)) == hash(5))
