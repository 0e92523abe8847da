"""itertools: iterator building blocks, as generators.

The functions check their arguments eagerly (as CPython's constructors do) and return
generators; type(count()) is 'generator' here rather than 'itertools.count'.
"""


def _check_int(name, v, what):
    if not isinstance(v, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)


def count(start=0, step=1):
    for v in (start, step):
        if not isinstance(v, (int, float)) and not hasattr(v, '__add__'):
            raise TypeError('a number is required')
    return _count(start, step)


def _count(n, step):
    while True:
        yield n
        n += step


def cycle(iterable):
    return _cycle(iter(iterable))


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


def repeat(object, times=None):
    if times is None:
        return _repeat_forever(object)
    _check_int('repeat', times, 'times')
    return _repeat(object, times)


def _repeat_forever(object):
    while True:
        yield object


def _repeat(object, times):
    for _ in range(times):
        yield object


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        if func is None:
            total = total + element
        else:
            total = func(total, element)
        yield total


class _Chain:
    """chain(*iterables); chain.from_iterable(iterable)."""

    def __call__(self, *iterables):
        return self._gen(iter(iterables))

    def from_iterable(self, iterable):
        return self._gen(iter(iterable))

    def _gen(self, its):
        for it in its:
            for element in it:
                yield element


chain = _Chain()


def compress(data, selectors):
    return (d for d, s in zip(iter(data), iter(selectors)) if s)


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    return _filterfalse(predicate, iter(iterable))


def _filterfalse(predicate, it):
    if predicate is None:
        predicate = bool
    for x in it:
        if not predicate(x):
            yield x


class _Grouper:
    pass


def groupby(iterable, key=None):
    return _groupby(iter(iterable), key)


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


def _islice(it, start, stop, step):
    if stop is None:
        i = 0
        nexti = start
        for element in it:
            if i == nexti:
                yield element
                nexti += step
            i += 1
        return
    nexti = start
    i = 0
    while i < stop:
        try:
            element = next(it)
        except StopIteration:
            return
        if i == nexti:
            yield element
            nexti += step
        i += 1


def pairwise(iterable):
    return _pairwise(iter(iterable))


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def starmap(function, iterable):
    return (function(*args) for args in iter(iterable))


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
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _zip_longest(its, fillvalue):
    if not its:
        return
    active = len(its)
    done = [False] * len(its)
    while True:
        values = []
        for i, it in enumerate(its):
            if done[i]:
                values.append(fillvalue)
                continue
            try:
                values.append(next(it))
            except StopIteration:
                done[i] = True
                active -= 1
                if not active:
                    return
                values.append(fillvalue)
        yield tuple(values)


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _product(pools):
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _permutations(pool, n, r)


def _permutations(pool, n, r):
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    pool = tuple(iterable)
    if not isinstance(r, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(r).__name__)
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    if not isinstance(r, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(r).__name__)
    if r < 0:
        raise ValueError('r must be non-negative')
    return _cwr(pool, r)


def _cwr(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
