"""itertools: iterator building blocks.

The functions check their arguments eagerly (as CPython's constructors do) and return
iterators made in Go (the _names below come from natives.go); _itertype (at the end)
turns each into a type whose instances are those iterators (_typed gives them the
class), so type(count()) is itertools.count and isinstance(x, itertools.chain) works.
tee is a function, as in CPython, returning _tee objects (copyable iterators).
The make functions take the class first: _newfrom passes the arguments of the type's
call unchanged.
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


def _cargs(spec):
    # The make functions below take the class first (the type's __new__ passes it)
    # and fail a wrong call in the words of CPython's C argument parsing (see
    # __toolplane_cargs__ in the interpreter).
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark


def _is_number(v):
    # PyNumber_Check: what count() takes.
    t = type(v)
    return isinstance(v, (int, float, complex)) or any(hasattr(t, m) for m in ('__index__', '__int__', '__float__'))


@_cargs('kw:count')
def count(cls, start=0, step=1):
    for v in (start, step):
        if not _is_number(v):
            raise TypeError('a number is required')
    return _count(start, step)


@_cargs('check:cycle')
def cycle(cls, iterable):
    return _cycle(iter(iterable))


@_cargs('kw:repeat')
def repeat(cls, object, times=None):
    if times is not None:
        times = _check_int('repeat', times, 'times')
    return _repeat(object, times)


@_cargs('kw:accumulate')
def accumulate(cls, iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial, initial is not None)


class chain(_Iterator):
    """chain(*iterables); chain.from_iterable(iterable)."""
    __slots__ = ()

    def __new__(cls, *iterables, **kwargs):
        if not isinstance(cls, type):
            raise TypeError('itertools.chain.__new__(X): X is not a type object (%s)' % type(cls).__name__)
        if not issubclass(cls, chain):
            name = ('itertools.' if cls.__module__ == 'itertools' else '') + cls.__name__
            raise TypeError('itertools.chain.__new__(%s): %s is not a subtype of itertools.chain' % (name, name))
        if kwargs:
            raise TypeError('chain() takes no keyword arguments')
        return _typed(_chain(iter(iterables)), cls)

    @classmethod
    def from_iterable(cls, iterable):
        return _typed(_chain(iter(iterable)), cls)


@_cargs('kw:compress')
def compress(cls, data, selectors):
    return _compress(iter(data), iter(selectors))


@_cargs('check:dropwhile')
def dropwhile(cls, predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


@_cargs('check:takewhile')
def takewhile(cls, predicate, iterable):
    return _takewhile(predicate, iter(iterable))


@_cargs('check:filterfalse')
def filterfalse(cls, predicate, iterable):
    return _filterfalse(predicate, iter(iterable))


@_cargs('kw:groupby')
def groupby(cls, iterable, key=None):
    return _over(_groupby(iter(iterable), key))


class _grouper(_Iterator):
    """The iterator over one group of groupby()."""
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'itertools._grouper' instances")


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
        yield (tgt, _typed(_over(grouper(tgt, state['gen'])), _grouper))
        while not state['done'] and state['key'] == tgt:
            advance()


def _identity(x):
    return x


_NOARG = object()
_MAXSIZE = 9223372036854775807


@_cargs('check:islice')
def islice(cls, iterable, start, stop=_NOARG, step=_NOARG):
    if stop is _NOARG:
        start, stop = None, start
    if step is _NOARG:
        step = None
    if stop is not None and (not isinstance(stop, int) or not 0 <= stop <= _MAXSIZE):
        raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if start is not None and (not isinstance(start, int) or not 0 <= start <= _MAXSIZE):
        raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if step is not None and (not isinstance(step, int) or not 0 < step <= _MAXSIZE):
        raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(iter(iterable), start or 0, stop, step or 1)


@_cargs('check:pairwise')
def pairwise(cls, iterable):
    return _pairwise(iter(iterable))


@_cargs('check:starmap')
def starmap(cls, function, iterable):
    return _starmap(function, iter(iterable))


def tee(*args, **kwargs):
    """tee(iterable, n=2) --> tuple of n independent iterators."""
    if kwargs:
        raise TypeError('itertools.tee() takes no keyword arguments')
    if not 1 <= len(args) <= 2:
        raise TypeError('tee expected at %s, got %d' % ('least 1 argument' if not args else 'most 2 arguments', len(args)))
    iterable, n = args[0], (args[1] if len(args) == 2 else 2)
    n = _check_int('tee', n, 'n')
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    if n == 0:
        return ()
    copy = getattr(it, '__copy__', None)
    first = it if copy is not None else _tee(it)
    if copy is None:
        copy = first.__copy__
    return (first,) + tuple(copy() for _ in range(n - 1))


class _tee:
    """Iterator wrapped to make it copyable."""
    # Copies share one chain of links [fetched, value, next], each copy holding the
    # link of the value it yields next; a value is kept until the slowest copy passes
    # it (CPython's teedataobject).
    __slots__ = ('_it', '_link')

    def __new__(cls, *args, **kwargs):
        if kwargs:
            raise TypeError('_tee() takes no keyword arguments')
        if len(args) != 1:
            raise TypeError('_tee expected 1 argument, got %d' % len(args))
        it = iter(args[0])
        if type(it) is _tee:
            return it.__copy__()
        self = object.__new__(cls)
        self._it = it
        self._link = [False, None, None]
        return self

    def __iter__(self):
        return self

    def __next__(self):
        link = self._link
        fetched = link[0]
        if fetched is None:
            raise RuntimeError('cannot re-enter the tee iterator')
        if not fetched:
            link[0] = None
            try:
                value = next(self._it)
            except BaseException:
                link[0] = False
                raise
            link[0], link[1], link[2] = True, value, [False, None, None]
        self._link = link[2]
        return link[1]

    def __copy__(self):
        new = object.__new__(_tee)
        new._it = self._it
        new._link = self._link
        return new


@_cargs('kw:zip_longest')
def zip_longest(cls, *iterables, **kwargs):
    fillvalue = None
    if kwargs:
        if len(kwargs) != 1 or 'fillvalue' not in kwargs:
            raise TypeError('zip_longest() got an unexpected keyword argument')
        fillvalue = kwargs['fillvalue']
    return _zip_longest(tuple(iter(it) for it in iterables), fillvalue)


def product(cls, *iterables, **kwargs):
    repeat = 1
    if kwargs:
        if len(kwargs) > 1:
            raise TypeError('product() takes at most 1 keyword argument (%d given)' % len(kwargs))
        for k in kwargs:
            if k != 'repeat':
                raise TypeError("'%s' is an invalid keyword argument for product()" % k)
        repeat = _check_int('product', kwargs['repeat'], 'repeat')
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = tuple(tuple(pool) for pool in iterables) * repeat
    return _product(pools)


@_cargs('kw:permutations')
def permutations(cls, iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    if r is None:
        r = n
    elif not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _permutations(pool, r)


@_cargs('kw:combinations')
def combinations(cls, iterable, r):
    pool = tuple(iterable)
    r = _check_int('combinations', r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(pool, r)


@_cargs('kw:combinations_with_replacement')
def combinations_with_replacement(cls, iterable, r):
    pool = tuple(iterable)
    r = _check_int('combinations_with_replacement', r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _cwr(pool, r)


def _itertype(make):
    # The type named as the function make: calling it checks the arguments as make
    # does (its messages name the function, as CPython's name the type) and gives the
    # iterator make returns this class (_newfrom, in Go: no frame of its own).
    cls = type(make.__name__, (_Iterator,), {'__slots__': (), '__doc__': make.__doc__})
    cls.__new__ = staticmethod(_newfrom(make, cls))
    return cls


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
