# itertools' iterators are instances of their types, as in CPython 3.11:
# itertools.count is a type, type(count()) is itertools.count, isinstance works,
# subclasses work, methods are bound (it.__next__()).
import itertools as it
names = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement', 'compress', 'count', 'cycle',
         'dropwhile', 'filterfalse', 'groupby', 'islice', 'pairwise', 'permutations', 'product', 'repeat',
         'starmap', 'takewhile', 'zip_longest']
for n in names:
    o = getattr(it, n)
    print(n, type(o).__name__, repr(o), isinstance(o, type), o.__name__, o.__module__)
c = it.count(3)
print(type(c), isinstance(c, it.count), type(it.chain()) is it.chain, next(c), c.__next__(), iter(c) is c)
print(isinstance(it.chain([1]), it.chain), isinstance(it.chain.from_iterable([[1]]), it.chain))
print(type(it.islice([], 1)), type(it.groupby([])), type(it.product('ab')).__name__)
print([(k, list(g)) for k, g in it.groupby('aabbc')])
g = it.groupby([1, 1, 2])
print(isinstance(g, it.groupby), next(g)[0], g.__next__()[0])
print(list(it.islice(it.count(), 3)), list(it.chain.from_iterable(['ab', 'c'])))
class MyChain(it.chain):
    pass
m = MyChain('ab', 'c')
print(type(m).__name__, list(m), isinstance(m, it.chain), repr(it.chain())[:24])
print(isinstance(it.permutations('abc', 2), it.permutations), len(list(it.permutations('abc', 2))))
try:
    it.chain(x=1)
except TypeError as e:
    print(e)
# ---
# The itertools types fail a wrong call in the words of CPython's C argument
# parsing ("cycle expected 1 argument, got 0", "repeat() missing required
# argument 'object' (pos 1)", "'x' is an invalid keyword argument for count()"),
# also through T.__new__(T).
import itertools
for args in [(), (1,), ([1],), ([1],'a'), ([1],2,3)]:
    for name in ['count','cycle','repeat','chain','islice','tee','accumulate','compress','dropwhile','takewhile','starmap','groupby','pairwise','zip_longest','product','permutations','combinations','combinations_with_replacement','filterfalse']:
        t = getattr(itertools, name)
        try:
            r = t(*args)
            print(name, args, type(r).__name__)
        except Exception as e:
            print(name, args, type(e).__name__, e)
for name in ['count','cycle','repeat','chain','islice','tee','accumulate','compress','dropwhile','takewhile','starmap','groupby','pairwise','zip_longest','product','permutations','combinations','combinations_with_replacement','filterfalse']:
    t = getattr(itertools, name)
    try:
        r = t.__new__(t)
        print('new', name, type(r).__name__)
    except Exception as e:
        print('new', name, type(e).__name__, str(e).split(' (')[0])
    try:
        r = t(**{'x': 1})
    except Exception as e:
        print('kw', name, type(e).__name__, e)
    print(name, isinstance(t, type))
a, b = itertools.tee([1,2,3])
print(type(a), type(a).__name__, type(a) is type(b))
print(list(a), list(b))
T = type(a)
c = T([4,5])
print(list(c))
try: T()
except Exception as e: print(type(e).__name__, e)
try: itertools.tee([1], -1)
except Exception as e: print(type(e).__name__, e)
x, = itertools.tee(iter([1,2]), 1)
print(type(x).__name__, list(x))
a, b = itertools.tee(iter([1,2]))
c, d = itertools.tee(a)
print(c is a, d is a, list(c), list(d), list(b))
import copy
a, b = itertools.tee(range(3))
next(a)
e = copy.copy(a)
print(list(a), list(e))
print(a.__copy__ is not None)
print(iter(a) is a)
try: T(1)
except Exception as e: print(type(e).__name__, e)
print(hasattr(a, 'send'), hasattr(a, 'gi_frame'))
# ---
# itertools' keyword and value checks; tee gives _tee objects (a type, copyable,
# sharing one buffer), groupby's groups are itertools._grouper.
import itertools as I
def t(f):
    try: r = f(); print(type(r).__name__, list(I.islice(r, 5)) if hasattr(r, '__next__') else r)
    except Exception as e: print(type(e).__name__, e)
t(lambda: I.count(start=1, step=2))
t(lambda: I.count(1, start=2))
t(lambda: I.count(1, 2, step=3))
t(lambda: I.count('a'))
t(lambda: I.count(1, 'a'))
t(lambda: I.count(1j))
from fractions import Fraction
from decimal import Decimal
t(lambda: I.count(Fraction(1, 2)))
t(lambda: I.count(Decimal(1)))
t(lambda: I.count(None))
t(lambda: I.repeat(object=1, times=2))
t(lambda: I.repeat(1, x=2))
t(lambda: I.repeat(1, 2, times=3))
t(lambda: I.repeat(1, 'a'))
t(lambda: I.repeat(1, -1))
t(lambda: I.accumulate([1,2], initial=5))
t(lambda: I.accumulate(iterable=[1,2]))
t(lambda: I.accumulate([1,2], x=1))
t(lambda: I.accumulate([1,2], None, 3))
t(lambda: I.compress(data=[1], selectors=[1]))
t(lambda: I.compress([1], [1], x=1))
t(lambda: type(next(I.groupby(iterable=[1]))[1]).__name__)
t(lambda: I.groupby([1], keyfunc=None))
t(lambda: I.groupby([1], key=None, x=1))
t(lambda: I.islice([1,2,3], 1, 2, 1, 5))
t(lambda: I.islice([1,2,3], None))
t(lambda: I.islice([1,2,3], 1, None))
t(lambda: I.islice([1,2,3], None, None, None))
t(lambda: I.islice([1,2,3], 'a'))
t(lambda: I.islice([1,2,3], -1))
t(lambda: I.islice([1,2,3], 0, -1))
t(lambda: I.islice([1,2,3], 0, 2, 0))
t(lambda: I.islice(iterable=[1]))
t(lambda: I.permutations(iterable=[1,2], r=1))
t(lambda: I.permutations([1,2], r=1, x=2))
t(lambda: I.permutations([1,2], 'a'))
t(lambda: I.combinations([1,2], 1, r=1))
t(lambda: I.combinations([1,2], r=-1))
t(lambda: I.combinations([1,2], r='a'))
t(lambda: I.combinations_with_replacement([1,2], 1.0))
t(lambda: I.product([1], repeat='a'))
t(lambda: I.product([1], repeat=-1))
t(lambda: I.product([1], x=1, repeat=1))
t(lambda: I.zip_longest([1], fillvalue=0, x=1))
t(lambda: I.zip_longest([1], [2,3], fillvalue=0))
t(lambda: I.starmap(pow, [(2,3)]))
t(lambda: I.tee([1], 'a'))
t(lambda: I.tee([1], 1.5))
t(lambda: I.tee([1], n=2))
t(lambda: I.tee())
t(lambda: I.tee([1], 2, 3))
t(lambda: I.tee([1], 0))
t(lambda: I.tee(5))
t(lambda: I.chain.from_iterable([[1],[2]]))
t(lambda: I.chain([1], x=1))
t(lambda: I.pairwise(iterable=[1]))
t(lambda: I.cycle(iterable=[1]))
t(lambda: I.filterfalse(None, [0, 1, 2, 0]))
class C(I.count):
    pass
t(lambda: C(3))
t(lambda: type(C(3)).__name__)
a, b = I.tee(iter([1,2,3]))
print(type(a).__module__, type(a).__qualname__, repr(type(a)))
print(next(a), next(a), next(b))
c, = I.tee(a, 1)
print(c is a)
import copy
d = copy.copy(a)
print(type(d).__name__, list(d), list(a), list(b))
print(I.tee.__name__)
t(lambda: type(a)([1, 2], 3))
t(lambda: type(a)(iterable=[1]))
e = type(a)(a)
print(e is a)
print(isinstance(a, I._tee) if hasattr(I, '_tee') else 'no _tee')
# ---
import itertools
a, b, c = itertools.tee(range(5), 3)
print(next(a), next(a), next(b), list(c), list(a), list(b))
def g():
    yield 1
    yield next(x)
x, y = itertools.tee(g())
print(next(x))
try: next(x)
except RuntimeError as e: print('RuntimeError', e)
print(list(y))
def h():
    yield 1
    raise ValueError('boom')
p, q = itertools.tee(h())
print(next(p))
try: next(p)
except ValueError as e: print('ValueError', e)
print(list(q))
print(list(p))
print([list(t) for t in itertools.tee('abc', 4)])
import copy
r, s = itertools.tee([1, 2, 3])
next(r)
print(list(copy.copy(r)), list(r), list(s))
print(sum(1 for _ in itertools.tee(range(1000))[0]))
# ---
# T.__new__(X) of an itertools type requires a type deriving from T, in CPython's words.
import itertools as I
def t(f):
    try: r = f(); print(type(r).__name__, list(I.islice(r, 4)) if hasattr(r, '__next__') else r)
    except Exception as e: print(type(e).__name__, e)
t(lambda: I.count.__new__(I.chain))
t(lambda: I.count.__new__(int))
t(lambda: I.count.__new__(1))
t(lambda: I.chain.__new__(I.count))
t(lambda: I.chain.__new__(I.chain, [1], [2]))
class C2(I.count): pass
c = C2(5, 2)
print(type(c).__name__, next(c), next(c))
class D(I.chain):
    def __new__(cls, *a):
        return super().__new__(cls, *a, [99])
print(list(D([1])))
t(lambda: I.repeat.__new__(I.repeat, 'x', 2))
t(lambda: I.islice.__new__(I.islice, 'abc', 2))
t(lambda: I.tee.__name__)
t(lambda: I.accumulate([1,2,3], initial=None))
t(lambda: I.chain.from_iterable.__name__)
# ---
# repr of count and repeat shows their state, as CPython's (count(4), repeat('a', 1)).
import itertools as I
c = I.count(3)
print(repr(c), str(c)); next(c); print(repr(c))
print(repr(I.count()), repr(I.count(1.5, 2)), repr(I.count(1, 1.0)), repr(I.count(1, True)), repr(I.count(2**70, -1)), repr(I.count(0, 0.5)))
r = I.repeat('a', 2)
print(repr(r)); next(r); print(repr(r)); next(r); print(repr(r)); print(list(r), repr(r))
print(repr(I.repeat([1])), repr(I.repeat(None, 0)), repr(I.repeat(1, -3)))
class C(I.count): pass
print(repr(C(7)))
l = []
rr = I.repeat(l, 1)
l.append(rr)
print(repr(rr))
print([repr(I.count(5))], f"{I.repeat('x', 1)!r}")
# ---
# A subclass of an itertools type has a __dict__, as CPython's heap subtypes:
# attributes set in __init__ or later, vars(), del, properties before the dict,
# a class attribute shadowed; __slots__ = () takes the dict away again.
import itertools as I
class C(I.chain):
    pass
c = C([1], [2])
c.x = 5
print(c.x, list(c), c.__dict__, vars(c), 'x' in dir(c))
class Cy(I.count):
    def __init__(self, *a):
        self.tag = 'hi'
y = Cy(3)
print(y.tag, next(y), y.__dict__)
del y.tag
print(y.__dict__, hasattr(y, 'tag'))
try:
    del y.tag
except AttributeError as e:
    print(e)
class P(I.repeat):
    @property
    def p(self):
        return 'prop'
    q = 7
r = P('a', 2)
print(r.p, r.q, list(r))
try:
    r.p = 1
except AttributeError as e:
    print(e)
r.q = 8
r.__dict__['w'] = 3
print(r.q, P.q, sorted(r.__dict__), r.w, getattr(r, 'nope', 'dflt'))
class S(I.islice):
    __slots__ = ()
try:
    S([1], 1).z = 1
except AttributeError as e:
    print(e)
# ---
# Messages name itertools' types as CPython's tp_name does ('itertools.count'), and
# the types are immutable, as every type CPython writes in C; other immutable
# library types' messages use their tp_name too.
import itertools as I, functools, re
for f in [lambda: I.count().x, lambda: len(I.count()), lambda: I.chain()[0], lambda: I.repeat(1)(),
          lambda: I.count() + 1, lambda: setattr(I.islice([], 1), 'y', 2), lambda: I.count() < I.count(),
          lambda: setattr(I.count, 'x', 1), lambda: I.tee([1])[0].x, lambda: next(I.groupby('aab'))[1].x,
          lambda: functools.partial(print).x, lambda: re.compile('a').x, lambda: (int | str).x]:
    try:
        print(f())
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
class C(I.chain):
    pass
C.y = 1
print(C.y, C([1]).y)
