# collections.abc mixins, each against CPython: the Set operators and comparisons with
# _from_iterable, the in-place MutableSet operators (x ^= x, x -= x), pop/popitem on empty
# containers (KeyError with StopIteration's context suppressed), MutableMapping.update
# from a Mapping, an object with keys() and pairs, Sequence.index bounds, the abstract
# methods and placeholders of every ABC, Generator.close/throw.
from collections.abc import *
import collections.abc as abc

class S(MutableSet):
    def __init__(self, it=()):
        self.d = []
        for x in it:
            if x not in self.d: self.d.append(x)
    def __contains__(self, x): return x in self.d
    def __iter__(self): return iter(list(self.d))
    def __len__(self): return len(self.d)
    def add(self, x):
        if x not in self.d: self.d.append(x)
    def discard(self, x):
        if x in self.d: self.d.remove(x)
    def __repr__(self): return "S(%r)" % self.d

a, b = S([1, 2, 3]), S([3, 4])
print(a & b, a | b, a - b, a ^ b, a & [3, 1], [3, 9] - a)
print(a <= b, a < S([1,2,3,4]), a == S([3,2,1]), a >= S([1]), a > S([1]), a == [1,2,3], a.isdisjoint([7]), a.isdisjoint([1]))
print(a.__and__(5), a.__le__(5), a.__sub__(5))
c = S([1, 2, 3]); c |= [9]; print(c); c &= [1, 9]; print(c); c ^= [1, 5]; print(c); c -= [5]; print(c)
c ^= c; print(c); c = S([1,2]); c -= c; print(c)
c = S([4, 5]); print(c.pop(), c); c.remove(5); print(c)
try: c.remove(1)
except KeyError as e: print("KeyError", e.args)
try: c.pop()
except KeyError as e: print("KeyError", e.args, e.__context__, e.__suppress_context__)
d = S([1, 2]); d.clear(); print(d, S([1, 2])._hash() == S([2, 1])._hash(), S([1, 2])._hash(), S()._hash(), S(["a"])._hash() == S(["a"])._hash())

# ---
from collections.abc import *
import collections.abc as abc

class M(MutableMapping):
    def __init__(self): self.d = {}
    def __getitem__(self, k): return self.d[k]
    def __setitem__(self, k, v): self.d[k] = v
    def __delitem__(self, k): del self.d[k]
    def __iter__(self): return iter(self.d)
    def __len__(self): return len(self.d)
m = M(); m.update({'a': 1}, b=2); m.update([('c', 3)]); 
class K:
    def keys(self): return ['z']
    def __getitem__(self, k): return k * 2
m.update(K()); print(dict(m), m.get('q'), m.get('a'), 'a' in m, 'q' in m)
print(m.setdefault('a', 9), m.setdefault('n'), m.pop('n'), m.pop('n', 'dflt'), m.popitem())
try: m.pop('nope')
except KeyError as e: print("KeyError", e.args)
print(repr(m.keys())[:9], ('b', 2) in m.items(), ('b', 3) in m.items(), 2 in m.values(), list(reversed(list(m.keys()))))
print(m.keys() & {'b'}, sorted(m.items() | {('a', 0)}), m == {'b': 2, 'c': 3, 'z': 'zz'}, m != {}, type(m.keys() - []).__name__)
m.clear(); print(dict(m))
try: M().popitem()
except KeyError as e: print("KeyError", e.args, e.__suppress_context__)
try: ('x',) in m.items()
except Exception as e: print(type(e).__name__, e)

# ---
from collections.abc import *
import collections.abc as abc

class Q(MutableSequence):
    def __init__(self, *a): self.l = list(a)
    def __getitem__(self, i): return self.l[i]
    def __setitem__(self, i, v): self.l[i] = v
    def __delitem__(self, i): del self.l[i]
    def __len__(self): return len(self.l)
    def insert(self, i, v): self.l.insert(i, v)
q = Q(1, 2, 3, 2)
print(list(q), 2 in q, 7 in q, list(reversed(q)), q.index(2), q.index(2, 2), q.index(2, -1), q.count(2))
for args in [(7,), (1, 1), (2, 0, 1), (3, -5, -1)]:
    try: print(q.index(*args))
    except ValueError as e: print("ValueError", e.args)
q.append(5); q.extend(q); q.reverse(); print(q.l); print(q.pop(), q.pop(0), q.l); q.remove(2); q += [8]; print(q.l); q.clear(); print(q.l)
try: q.pop()
except IndexError as e: print("IndexError", e)
try: Q().remove(1)
except ValueError as e: print("ValueError", e.args)

# ---
from collections.abc import *
import collections.abc as abc

for name in abc.__all__:
    C = getattr(abc, name)
    print(name, sorted(C.__abstractmethods__), C.__module__, C.__qualname__)
print(Iterable.__iter__.__name__, Reversible.__reversed__.__qualname__, Sized.__len__(None), Container.__contains__(None, 1), Hashable.__hash__(None), list(Iterable.__iter__(None)))
for C in (Iterable, Container, Awaitable, AsyncIterable, MappingView):
    print(C[int])
class G(Generator):
    def send(self, v): return v
    def throw(self, *a): raise StopIteration
g = G(); print(next(g), g.close())
class G2(Generator):
    def send(self, v): return 1
    def throw(self, *a): return 1
try: G2().close()
except RuntimeError as e: print(e)
try: Generator.throw(None, ValueError, None, None)
except ValueError as e: print("VE", e.args)
try: Generator.throw(None, ValueError("x"))
except ValueError as e: print("VE", e.args)
class M(Mapping):
    __getitem__ = __iter__ = __len__ = None


print(issubclass(M, Hashable), issubclass(type({}.keys()), Hashable), issubclass(tuple, Hashable), issubclass(list, Hashable))
print([issubclass(t, abc.Sequence) for t in (tuple, str, range, bytes, list)], issubclass(dict, Reversible), issubclass(M, Reversible))
print(repr(KeysView({1: 2})), ValuesView({}).__len__())
