# copy.copy/deepcopy of exceptions rebuild them as BaseException.__reduce__ does:
# the class called with the (copied) args, then the instance attributes.
import copy
class TooBig(Exception):
    def __init__(self, value, limit):
        super().__init__(value, limit)
        self.value, self.limit = value, limit
e2 = copy.copy(TooBig(3, 1))
e3 = copy.deepcopy(ValueError("x", [1]))
print(e2.args, e2.value, e3.args, type(e2).__name__, type(e3).__name__)
l = [1]
e4 = copy.deepcopy(KeyError(l))
print(e4.args[0] is l, e4.args, copy.copy(ValueError()).args, str(copy.copy(KeyError('k'))))
class Note(Exception):
    pass
n = Note('a', 'b')
n.extra = {'k': [1]}
m = copy.deepcopy(n)
print(m.args, m.extra, m.extra is n.extra, m.extra == n.extra)
