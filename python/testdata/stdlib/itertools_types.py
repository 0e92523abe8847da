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
