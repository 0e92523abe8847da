"""itertools: iterator building blocks.

The functions check their arguments eagerly (as CPython's constructors do) and return
iterators made in Go (the _names below come from natives.go); _itertype (at the end)
turns each into a type whose instances are those iterators (_typed gives them the
class), so type(count()) is itertools.count and isinstance(x, itertools.chain) works.
tee is a function, as in CPython.
"""


class _Iterator:
    """The base of itertools' iterator types: an instance is the Go iterator itself
    (natives.go), given its class by _typed."""
    __slots__ = ()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self)


def _check_int(name, v, what):
    # An int, or an object with __index__ (returned as its int).
    if isinstance(v, int):
        return v
    index = getattr(type(v), '__index__', None)
    if index is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)
    return index(v)


def count(start=0, step=1):
    for v in (start, step):
        if not isinstance(v, (int, float)) and not hasattr(v, '__add__'):
            raise TypeError('a number is required')
    return _count(start, step)


def cycle(iterable):
    return _cycle(iter(iterable))


def repeat(object, times=None):
    if times is not None:
        times = _check_int('repeat', times, 'times')
    return _repeat(object, times)


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial, initial is not None)


class chain(_Iterator):
    """chain(*iterables); chain.from_iterable(iterable)."""
    __slots__ = ()

    def __new__(cls, *iterables, **kwargs):
        if kwargs:
            raise TypeError('chain() takes no keyword arguments')
        return _typed(_chain(iter(iterables)), cls)

    @classmethod
    def from_iterable(cls, iterable):
        return _typed(_chain(iter(iterable)), cls)


def compress(data, selectors):
    return _compress(iter(data), iter(selectors))


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def filterfalse(predicate, iterable):
    return _filterfalse(predicate, iter(iterable))


def groupby(iterable, key=None):
    return _over(_groupby(iter(iterable), key))


def _groupby(it, keyfunc):
    if keyfunc is None:
        keyfunc = _identity
    state = {'done': False, 'cur': None, 'key': None, 'started': False, 'gen': 0}

    def advance():
        try:
            v = next(it)
        except StopIteration:
            state['done'] = True
            return False
        state['cur'] = v
        state['key'] = keyfunc(v)
        return True

    def grouper(tgtkey, gen):
        while state['gen'] == gen and not state['done'] and state['key'] == tgtkey:
            yield state['cur']
            if not advance():
                return

    if not advance():
        return
    while not state['done']:
        tgt = state['key']
        state['gen'] += 1
        yield (tgt, grouper(tgt, state['gen']))
        while not state['done'] and state['key'] == tgt:
            advance()


def _identity(x):
    return x


def islice(iterable, *args):
    s = slice(*args)
    start, stop, step = s.start or 0, s.stop, s.step or 1
    if s.stop is not None and (not isinstance(s.stop, int) or s.stop < 0):
        raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if s.start is not None and (not isinstance(s.start, int) or s.start < 0):
        raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if s.step is not None and (not isinstance(s.step, int) or s.step <= 0):
        raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(iter(iterable), start, stop, step)


def pairwise(iterable):
    return _pairwise(iter(iterable))


def starmap(function, iterable):
    return _starmap(function, iter(iterable))


def tee(iterable, n=2):
    if not isinstance(n, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(n).__name__)
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mybuf):
        while True:
            if not mybuf:
                try:
                    v = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(v)
            yield mybuf.pop(0)
    return tuple(gen(b) for b in buffers)


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest(tuple(iter(it) for it in iterables), fillvalue)


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = tuple(tuple(pool) for pool in iterables) * repeat
    return _product(pools)


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _permutations(pool, r)


def combinations(iterable, r):
    pool = tuple(iterable)
    if not isinstance(r, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(r).__name__)
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(pool, r)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    if not isinstance(r, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(r).__name__)
    if r < 0:
        raise ValueError('r must be non-negative')
    return _cwr(pool, r)


def _itertype(make):
    # The type named as the function make: calling it checks the arguments as make
    # does (its messages name the function, as CPython's name the type) and gives the
    # iterator make returns this class (_newfrom, in Go: no frame of its own).
    return type(make.__name__, (_Iterator,), {'__new__': staticmethod(_newfrom(make)), '__slots__': (),
                                              '__doc__': make.__doc__})


count = _itertype(count)
cycle = _itertype(cycle)
repeat = _itertype(repeat)
accumulate = _itertype(accumulate)
compress = _itertype(compress)
dropwhile = _itertype(dropwhile)
takewhile = _itertype(takewhile)
filterfalse = _itertype(filterfalse)
groupby = _itertype(groupby)
islice = _itertype(islice)
pairwise = _itertype(pairwise)
starmap = _itertype(starmap)
zip_longest = _itertype(zip_longest)
product = _itertype(product)
permutations = _itertype(permutations)
combinations = _itertype(combinations)
combinations_with_replacement = _itertype(combinations_with_replacement)
del _itertype
