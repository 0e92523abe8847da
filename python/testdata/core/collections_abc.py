# collections.abc: real ABCs. User Mapping/MutableMapping/Sequence/MutableSequence/
# Set/MutableSet subclasses get the mixins; builtins are registered; the one-method
# ABCs recognise classes by their methods; abstract classes refuse instantiation.
import collections.abc as abc
from collections.abc import Mapping


class M(Mapping):
    def __init__(self, d):
        self._d = dict(d)

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


m = M({'a': 1, 'b': 2})
print(m.get('a'), m.get('z'), m.get('z', 0), 'a' in m, 'z' in m, len(m))
print(list(m.keys()), list(m.items()), list(m.values()))
print(m == {'a': 1, 'b': 2}, m == {'a': 1}, m != M({'a': 1}), m == [1])
print(type(m.keys()).__name__, type(m.items()).__name__, type(m.values()).__name__)
print(m.keys() & {'a', 'q'}, m.keys() | {'c'} == {'a', 'b', 'c'}, ('a', 1) in m.items(), 2 in m.values())
print(isinstance(m, abc.Mapping), isinstance(m, abc.MutableMapping), isinstance(m, abc.Collection), issubclass(M, abc.Sized))
print(M.__mro__[1:4] == (abc.Mapping, abc.Collection, abc.Sized))
print(sorted(Mapping.__abstractmethods__), M.__abstractmethods__ == frozenset())
# ---
from collections.abc import MutableMapping


class MM(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        del self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


x = MM()
x['a'] = 1
x.update({'b': 2}, c=3)
x.update([('d', 4)])
print(sorted(x.items()), x.setdefault('a', 9), x.setdefault('e', 5), x.pop('e'), x.pop('zz', 'dflt'))
print(x.popitem(), len(x))
try:
    x.pop('missing')
except KeyError as e:
    print('KeyError', e)
x.clear()
print(len(x), dict(x))
try:
    x.popitem()
except KeyError as e:
    print('KeyError', repr(e))
# ---
import collections.abc as abc
from collections.abc import Sequence, MutableSequence


class S(Sequence):
    def __init__(self, *items):
        self._items = list(items)

    def __getitem__(self, i):
        return self._items[i]

    def __len__(self):
        return len(self._items)


s = S(1, 2, 3, 2)
print(list(s), list(reversed(s)), 2 in s, 9 in s, s.index(2), s.index(2, 2), s.count(2), s.count(7))
try:
    s.index(9)
except ValueError as e:
    print('ValueError', repr(e))


class L(MutableSequence):
    def __init__(self):
        self._items = []

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __delitem__(self, i):
        del self._items[i]

    def __len__(self):
        return len(self._items)

    def insert(self, i, v):
        self._items.insert(i, v)


l = L()
l.append(1)
l.extend([2, 3, 4])
l += (5,)
print(list(l), l.pop(), l.pop(0), list(l))
l.remove(3)
l.reverse()
print(list(l), isinstance(l, abc.Sequence), isinstance(l, abc.Reversible))
l.clear()
print(list(l), len(l))
# ---
import collections.abc as abc
from collections.abc import Set, MutableSet


class FS(Set):
    def __init__(self, it=()):
        self._s = []
        for v in it:
            if v not in self._s:
                self._s.append(v)

    def __contains__(self, v):
        return v in self._s

    def __iter__(self):
        return iter(self._s)

    def __len__(self):
        return len(self._s)


a, b = FS([1, 2, 3]), FS([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), type(a & b).__name__)
print(a == FS([3, 2, 1]), a <= FS([1, 2, 3, 4]), a < a, a >= FS([1]), a > FS([1]), a.isdisjoint([7, 8]), a.isdisjoint([1]))
print(a == {1, 2, 3}, sorted(a & {1, 9}), isinstance(a._hash(), int), FS([1, 2])._hash() == FS([2, 1])._hash())


class MS(MutableSet):
    def __init__(self, it=()):
        self._s = set(it)

    def __contains__(self, v):
        return v in self._s

    def __iter__(self):
        return iter(sorted(self._s))

    def __len__(self):
        return len(self._s)

    def add(self, v):
        self._s.add(v)

    def discard(self, v):
        self._s.discard(v)


t = MS([1, 2, 3])
t |= {4, 5}
t &= {1, 2, 3, 4}
t ^= {1, 10}
t -= {2}
print(sorted(t), t.pop(), sorted(t))
t.remove(4)
try:
    t.remove(99)
except KeyError as e:
    print('KeyError', e)
t.clear()
print(len(t), isinstance(t, abc.Set), isinstance(t, abc.Hashable))
# ---
# Builtins are registered as CPython registers them.
import collections.abc as abc
names = ['Container', 'Hashable', 'Iterable', 'Iterator', 'Reversible', 'Generator', 'Sized',
         'Callable', 'Collection', 'Sequence', 'MutableSequence', 'Set', 'MutableSet', 'Mapping',
         'MutableMapping', 'MappingView', 'KeysView', 'ItemsView', 'ValuesView', 'ByteString']


def gen():
    yield 1


d = {'a': 1}
for obj in ([], (), '', b'', bytearray(), range(3), {}, set(), frozenset(), d.keys(), d.values(),
            d.items(), iter([]), iter(''), iter(d), gen(), len, 3, None, object()):
    print(type(obj).__name__, [n for n in names if isinstance(obj, getattr(abc, n))])
# ---
# __subclasshook__: a class that only defines the methods passes the one-method ABCs.
import collections.abc as abc


class OnlyIter:
    def __iter__(self):
        return iter(())


class OnlyLen:
    def __len__(self):
        return 0


class Both(OnlyIter, OnlyLen):
    def __contains__(self, x):
        return False


class It:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


class NoHash:
    __hash__ = None


class NotIter(OnlyIter):
    __iter__ = None


for C in (OnlyIter, OnlyLen, Both, It, NoHash, NotIter):
    print(C.__name__, issubclass(C, abc.Iterable), issubclass(C, abc.Sized), issubclass(C, abc.Container),
          issubclass(C, abc.Collection), issubclass(C, abc.Iterator), issubclass(C, abc.Hashable),
          issubclass(C, abc.Sequence), isinstance(C(), abc.Iterable), issubclass(C, abc.Reversible))
print(isinstance(lambda: 0, abc.Callable), issubclass(type, abc.Callable), isinstance(It(), abc.Callable))
print(iter(It()).__class__.__name__, abc.Iterator.__iter__(It()).__class__.__name__)
# ---
# Abstract classes refuse instantiation with CPython's message.
from collections.abc import Mapping, Sequence, Iterable, MutableSet


class Half(Mapping):
    def __getitem__(self, k):
        return k


class One(Sequence):
    def __len__(self):
        return 0


for C in (Half, One, Mapping, Iterable, MutableSet):
    try:
        C()
    except TypeError as e:
        print(e)


class Full(One):
    def __getitem__(self, i):
        raise IndexError(i)


print(list(Full()), len(Full()))
# ---
# register() and virtual subclasses; subscription gives generic aliases.
import collections.abc as abc
import typing


class Thing:
    def __getitem__(self, i):
        return i

    def __len__(self):
        return 1


print(issubclass(Thing, abc.Sequence), isinstance(Thing(), abc.Sized))
abc.Sequence.register(Thing)
print(issubclass(Thing, abc.Sequence), issubclass(Thing, abc.Collection), issubclass(Thing, abc.MutableSequence))
print(abc.Mapping[str, int], abc.Iterable[int], abc.Callable[[int], str].__origin__ is abc.Callable)
print(abc.Mapping[str, int].__origin__ is abc.Mapping, abc.Sequence[int].__args__)
print(typing.Mapping[str, int], isinstance({}, typing.Mapping), isinstance([], typing.Sequence))
print(isinstance({}, abc.Mapping), issubclass(list, abc.Sequence), abc.Set is not set)


def f(x: abc.Mapping[str, abc.Sequence[int]]) -> abc.Iterator[int]:
    return iter(())


print(f.__annotations__['x'])
# ---
# The mixins work with a Mapping subclass's own ordering and missing keys.
from collections.abc import Mapping, KeysView, ItemsView, ValuesView


class Squares(Mapping):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, k):
        if not isinstance(k, int) or not 0 <= k < self.n:
            raise KeyError(k)
        return k * k

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        return self.n


sq = Squares(4)
print(dict(sq), sorted(sq.items()), 3 in sq, 4 in sq, sq.get(5, 'no'))
print(KeysView(sq) == {0, 1, 2, 3}, len(ValuesView(sq)), list(ItemsView(sq))[-1], repr(sq.keys())[:9])
print(dict(**{str(k): v for k, v in sq.items()}), {**dict(sq)} == dict(sq))
# ---
# typing's container forms subclass and check through the collections.abc classes.
import typing
import collections.abc as abc


class TM(typing.Mapping):
    def __getitem__(self, k):
        raise KeyError(k)

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


print(abc.Mapping in TM.__mro__, isinstance(TM(), typing.Mapping), isinstance(TM(), typing.MutableMapping), dict(TM()))
print(isinstance({}, typing.Mapping), isinstance([], typing.Sequence), isinstance(iter([]), typing.Iterator))
print(isinstance([], typing.Hashable), isinstance(3, typing.Hashable), isinstance(set(), typing.AbstractSet))
print(typing.Mapping[str, int], typing.Sequence[int], issubclass(list, typing.Iterable))
