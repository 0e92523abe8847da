"""collections: Counter, defaultdict, OrderedDict, deque, namedtuple, ChainMap.

CPython derives Counter, defaultdict and OrderedDict from dict and namedtuple classes
from tuple. Here they are mapping and sequence classes over a plain dict or list with
the same methods, reprs and errors; __toolplane_base__ names the builtin type each
stands for, so isinstance(Counter(), dict) and isinstance(point, tuple) are True as
in CPython, and '%s-%s' % point formats a namedtuple's fields. json encodes them as
CPython does through __toolplane_json__.
"""

_sentinel = object()
# Counter[str], deque[int], ... are generic aliases, as in CPython.
_GenericAlias = type(list[int])


def _cargs(spec):
    """Marks a method of a type CPython writes in C with the argument parser C uses,
    so a wrong call fails in C's words (see __toolplane_cargs__ in the interpreter)."""
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark


def _is_mapping(obj):
    return isinstance(obj, (dict, _DictBase, ChainMap)) or hasattr(obj, 'keys')


class _DictBase:
    """A mutable mapping over self._data, with dict's methods and errors."""

    __toolplane_base__ = dict

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, *args, **kwargs):
        self._data = {}
        if len(args) > 1:
            # CPython's words: defaultdict's come from dict's __init__,
            # OrderedDict's from its own C code.
            if isinstance(self, defaultdict):
                raise TypeError('dict expected at most 1 argument, got %d' % len(args))
            if isinstance(self, OrderedDict):
                raise TypeError('expected at most 1 arguments, got %d' % len(args))
            raise TypeError('%s expected at most 1 argument, got %d' % (type(self).__name__, len(args)))
        self.update(*args, **kwargs)

    def __missing__(self, key):
        raise KeyError(key)

    # Item access, membership and len are Go natives (natives.go) over self._data.
    __getitem__ = _native_getitem
    __setitem__ = _native_setitem
    __contains__ = _native_contains
    __len__ = _native_len

    def __delitem__(self, key):
        del self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __reversed__(self):
        return reversed(self._data)

    def __bool__(self):
        return len(self._data) > 0

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, default=_sentinel):
        if default is _sentinel:
            return self._data.pop(key)
        return self._data.pop(key, default)

    def popitem(self):
        if not self._data:
            raise KeyError('popitem(): dictionary is empty')
        return self._data.popitem()

    def setdefault(self, key, default=None):
        return self._data.setdefault(key, default)

    def update(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError('update expected at most 1 argument, got %d' % len(args))
        if args:
            other = args[0]
            if isinstance(other, _DictBase):
                other = other._data
            if isinstance(other, dict):
                for k in other:
                    self[k] = other[k]
            elif hasattr(other, 'keys'):
                for k in other.keys():
                    self[k] = other[k]
            else:
                for pair in other:
                    k, v = pair
                    self[k] = v
        for k in kwargs:
            self[k] = kwargs[k]

    def clear(self):
        self._data.clear()

    def copy(self):
        new = self.__class__.__new__(self.__class__)
        new.__dict__.update(self.__dict__)
        new._data = self._data.copy()
        return new

    __copy__ = copy

    def __eq__(self, other):
        if isinstance(other, _DictBase):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        if r is NotImplemented:
            return r
        return not r

    def __or__(self, other):
        if not isinstance(other, (dict, _DictBase)):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, (dict, _DictBase)):
            return NotImplemented
        new = self.__class__()
        new.update(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self

    def __toolplane_json__(self):
        return self._data

    def __repr__(self):
        if not self._data:
            return '%s()' % type(self).__name__
        return '%s(%r)' % (type(self).__name__, self._data)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        new = cls()
        for k in iterable:
            new[k] = value
        return new


# The ids of the OrderedDicts and deques whose repr is being made (this run's: the
# module is made afresh for every run).
_repr_running = set()


class OrderedDict(_DictBase):
    """dict that remembers insertion order, with move_to_end and popitem(last)."""

    @_cargs('kw:popitem')
    def popitem(self, last=True):
        if not self._data:
            raise KeyError('dictionary is empty')
        if last:
            return self._data.popitem()
        key = next(iter(self._data))
        return key, self._data.pop(key)

    def move_to_end(self, key, last=True):
        d = self._data
        value = d.pop(key)
        if last:
            d[key] = value
        else:
            self._data = {key: value}
            self._data.update(d)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._data.items()) == list(other._data.items())
        return _DictBase.__eq__(self, other)

    def __repr__(self):
        if not self._data:
            return '%s()' % type(self).__name__
        # An OrderedDict that holds itself shows '...' there, as CPython's.
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            return '%s(%r)' % (type(self).__name__, list(self._data.items()))
        finally:
            _repr_running.discard(key)


class defaultdict(_DictBase):
    """dict whose missing keys are filled by default_factory()."""

    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        _DictBase.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._data[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self._data)

    __copy__ = copy

    def __or__(self, other):
        if not isinstance(other, (dict, _DictBase)):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __repr__(self):
        f = self.default_factory
        if f is None:
            fr = 'None'
        else:
            fr = repr(f)
        return '%s(%s, %r)' % (type(self).__name__, fr, self._data)


class Counter(_DictBase):
    """dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        self._data = {}
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self._data.values())

    def most_common(self, n=None):
        items = sorted(self._data.items(), key=lambda kv: kv[1], reverse=True)
        if n is None:
            return items
        # The steps of CPython's heapq.nlargest, whose errors a bad n shows.
        if n >= len(items):
            return items[:n]
        if n == 1:
            return items[:1]
        range(0, -n, -1)
        return items[:max(n, 0)]

    def elements(self):
        # Each count is read as itertools.repeat reads it (an integer within
        # a C ssize_t), when the iterator reaches it.
        for elem, count in self._data.items():
            if not isinstance(count, int):
                index = getattr(type(count), '__index__', None)
                if index is None:
                    raise TypeError("'%s' object cannot be interpreted as an integer" % type(count).__name__)
                count = index(count)
            if not -9223372036854775808 <= count <= 9223372036854775807:
                raise OverflowError('Python int too large to convert to C ssize_t')
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        d = self._data
        if iterable is not None:
            if isinstance(iterable, _DictBase):
                iterable = iterable._data
            if isinstance(iterable, dict):
                if d:
                    for elem, count in iterable.items():
                        d[elem] = count + d.get(elem, 0)
                else:
                    d.update(iterable)
            elif hasattr(iterable, 'keys'):
                for elem in iterable.keys():
                    d[elem] = iterable[elem] + d.get(elem, 0)
            else:
                _native_count(d, iterable)
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        d = self._data
        if iterable is not None:
            if isinstance(iterable, _DictBase):
                iterable = iterable._data
            if isinstance(iterable, dict) or hasattr(iterable, 'keys'):
                for elem in iterable.keys():
                    d[elem] = d.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    d[elem] = d.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self._data)

    __copy__ = copy

    def __delitem__(self, elem):
        if elem in self._data:
            del self._data[elem]

    def __eq__(self, other):
        if not isinstance(other, Counter):
            # CPython's Counter returns NotImplemented and dict.__eq__
            # answers: a Counter equals a mapping with the same items.
            return _DictBase.__eq__(self, other)
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return _DictBase.__ne__(self, other)
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __repr__(self):
        if not self._data:
            return '%s()' % type(self).__name__
        d = self.most_common()
        return '%s({%s})' % (type(self).__name__, ', '.join('%r: %r' % kv for kv in d))

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self._data.items() if not count > 0]
        for elem in nonpositive:
            del self._data[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


class ChainMap:
    """A view of several mappings searched in order; writes go to the first."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return '%s(%s)' % (type(self).__name__, ', '.join(map(repr, self.maps)))

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def clear(self):
        self.maps[0].clear()

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args, **kwargs):
        self.maps[0].update(*args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, ChainMap):
            other = dict(other.items())
        if isinstance(other, _DictBase):
            other = other._data
        if isinstance(other, dict):
            return dict(self.items()) == other
        return NotImplemented

    def __or__(self, other):
        m = self.copy()
        m.maps[0].update(other)
        return m


_SSIZE_MAX = 9223372036854775807


def _as_ssize(v):
    # An integer argument read as CPython's Py_ssize_t ("n" format).
    if not isinstance(v, int):
        index = getattr(type(v), '__index__', None)
        if index is None:
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)
        v = index(v)
    if not -_SSIZE_MAX - 1 <= v <= _SSIZE_MAX:
        raise OverflowError('Python int too large to convert to C ssize_t')
    return v


class deque:
    """list-like sequence with O(1) appends and pops at both ends and an optional maxlen.

    The items live in self._items[self._head:]; popleft advances _head and the dead
    prefix is dropped once it is half the list, appendleft reuses or grows it.
    """

    __class_getitem__ = classmethod(_GenericAlias)

    @_cargs('kw:deque')
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            maxlen = _as_ssize(maxlen)
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._items = []
        self._head = 0
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    @maxlen.setter
    def maxlen(self, value):
        raise AttributeError("attribute 'maxlen' of 'collections.deque' objects is not writable")

    def _live(self):
        if self._head:
            return self._items[self._head:]
        return self._items

    def _compact(self):
        if self._head:
            del self._items[:self._head]
            self._head = 0

    @_cargs('O')
    def append(self, x):
        items = self._items
        items.append(x)
        m = self._maxlen
        if m is not None and len(items) - self._head > m:
            if m == 0:
                items.pop()
            else:
                self._popleft()

    @_cargs('O')
    def appendleft(self, x):
        m = self._maxlen
        if m == 0:
            return
        if self._head:
            self._head -= 1
            self._items[self._head] = x
        else:
            grow = max(8, len(self._items))
            self._items[0:0] = [None] * grow
            self._head = grow - 1
            self._items[self._head] = x
        if m is not None and len(self._items) - self._head > m:
            self._items.pop()

    @_cargs('O')
    def extend(self, iterable):
        if iterable is self:
            iterable = list(self._live())
        for x in iterable:
            self.append(x)

    @_cargs('O')
    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(self._live())
        for x in iterable:
            self.appendleft(x)

    @_cargs('noargs')
    def pop(self):
        if len(self._items) == self._head:
            raise IndexError('pop from an empty deque')
        v = self._items.pop()
        if len(self._items) == self._head:
            self._items = []
            self._head = 0
        return v

    def _popleft(self):
        items = self._items
        h = self._head
        v = items[h]
        items[h] = None
        h += 1
        if h == len(items):
            self._items = []
            h = 0
        elif h > 16 and h * 2 > len(items):
            del items[:h]
            h = 0
        self._head = h
        return v

    @_cargs('noargs')
    def popleft(self):
        if len(self._items) == self._head:
            raise IndexError('pop from an empty deque')
        return self._popleft()

    @_cargs('noargs')
    def clear(self):
        self._items = []
        self._head = 0

    @_cargs('noargs')
    def copy(self):
        return deque(self._live(), self._maxlen)

    __copy__ = copy

    @_cargs('O')
    def count(self, x):
        return self._live().count(x)

    @_cargs('tuple:index')
    def index(self, x, *args):
        try:
            return self._live().index(x, *args)
        except ValueError:
            raise ValueError('%r is not in deque' % (x,))

    @_cargs('tuple:insert')
    def insert(self, i, x):
        i = _as_ssize(i)
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        self._compact()
        self._items.insert(i, x)

    @_cargs('O')
    def remove(self, value):
        self._compact()
        try:
            self._items.remove(value)
        except ValueError:
            raise ValueError('%r is not in deque' % (value,))

    @_cargs('noargs')
    def reverse(self):
        self._compact()
        self._items.reverse()

    @_cargs('check:deque.rotate')
    def rotate(self, n=1):
        n = _as_ssize(n)
        items = self._live()
        if not items:
            return
        n = n % len(items)
        if n:
            self._items = items[-n:] + items[:-n]
            self._head = 0

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError('sequence index must be integer, not %r' % type(i).__name__)
        if not -_SSIZE_MAX - 1 <= i <= _SSIZE_MAX:
            raise IndexError("cannot fit 'int' into an index-sized integer")
        n = len(self._items) - self._head
        if i < -n or i >= n:
            raise IndexError('deque index out of range')
        if i < 0:
            i += n
        return self._head + i

    def __getitem__(self, i):
        return self._items[self._index(i)]

    def __setitem__(self, i, v):
        self._items[self._index(i)] = v

    def __delitem__(self, i):
        j = self._index(i)
        del self._items[j]
        if len(self._items) == self._head:
            self.clear()

    def __len__(self):
        return len(self._items) - self._head

    def __bool__(self):
        return len(self._items) > self._head

    def __iter__(self):
        return iter(self._live())

    def __reversed__(self):
        return reversed(self._live())

    def __contains__(self, x):
        return x in self._live()

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() == other._live()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() < other._live()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() <= other._live()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() > other._live()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() >= other._live()

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' % type(other).__name__)
        return deque(self._live() + other._live(), self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def _repeated(self, n):
        # The items of self * n, only the last maxlen of them when bounded,
        # so a huge count on a bounded deque builds no more than it keeps.
        items = self._live()
        if isinstance(n, int) and not -_SSIZE_MAX - 1 <= n <= _SSIZE_MAX:
            raise OverflowError("cannot fit 'int' into an index-sized integer")
        m = self._maxlen
        if m is not None and isinstance(n, int) and items and n > 0 and len(items) * n > m:
            if m == 0:
                return []
            return (items * (m // len(items) + 1))[-m:]
        return items * n

    def __mul__(self, n):
        return deque(self._repeated(n), self._maxlen)

    __rmul__ = __mul__

    def __imul__(self, n):
        items = self._repeated(n)
        self._items = []
        self._head = 0
        self.extend(items)
        return self

    def __repr__(self):
        # A deque inside itself shows '[...]' there, and a subclass its own name,
        # as CPython's.
        key = id(self)
        if key in _repr_running:
            return '[...]'
        _repr_running.add(key)
        try:
            if self._maxlen is None:
                return '%s(%r)' % (type(self).__name__, self._live())
            return '%s(%r, maxlen=%d)' % (type(self).__name__, self._live(), self._maxlen)
        finally:
            _repr_running.discard(key)


_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class',
    'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global',
    'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise',
    'return', 'try', 'while', 'with', 'yield'])


class _TupleBase(tuple):
    """The methods of namedtuple classes, which namedtuple() copies into each
    class it makes (a tuple subclass with named fields, whose only base is
    tuple, as in CPython)."""

    __slots__ = ()

    _fields = ()
    _field_defaults = {}

    def __new__(cls, *args, **kwargs):
        fields = cls._fields
        if not kwargs and len(args) == len(fields):
            return tuple.__new__(cls, args)
        name = cls.__name__
        if len(args) > len(fields):
            takes = '%d' % (len(fields) + 1)
            if cls._field_defaults:
                takes = 'from %d to %s' % (len(fields) + 1 - len(cls._field_defaults), takes)
            raise TypeError('%s.__new__() takes %s positional arguments but %d were given'
                            % (name, takes, len(args) + 1))
        values = list(args)
        for f in fields[len(args):]:
            if f in kwargs:
                values.append(kwargs.pop(f))
            elif f in cls._field_defaults:
                values.append(cls._field_defaults[f])
            else:
                values.append(_sentinel)
        for k in kwargs:
            if k in fields:
                raise TypeError("%s.__new__() got multiple values for argument '%s'" % (name, k))
            raise TypeError("%s.__new__() got an unexpected keyword argument '%s'" % (name, k))
        missing = [f for f, v in zip(fields, values) if v is _sentinel]
        if missing:
            raise TypeError(_missing_arguments(name + '.__new__', missing))
        return tuple.__new__(cls, values)

    @classmethod
    def _make(cls, iterable):
        values = tuple(iterable)
        if len(values) != len(cls._fields):
            raise TypeError('Expected %d arguments, got %d' % (len(cls._fields), len(values)))
        return tuple.__new__(cls, values)

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, **kwds):
        values = [kwds.pop(f, v) for f, v in zip(self._fields, self)]
        if kwds:
            raise ValueError('Got unexpected field names: %r' % list(kwds))
        return self._make(values)

    def __repr__(self):
        return '%s(%s)' % (type(self).__name__,
                           ', '.join('%s=%r' % fv for fv in zip(self._fields, self)))

    def __getnewargs__(self):
        return tuple(self)


class _field_getter:
    """The descriptor of one namedtuple field: reads the tuple, refuses writes."""

    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return tuple.__getitem__(obj, self._index)

    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new class with named fields: Point = namedtuple('Point', ['x', 'y'])."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS
                    or name.startswith('_') or name in seen):
                field_names[index] = '_%d' % index
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: %r' % name)
        if name in _KEYWORDS:
            raise ValueError('Type names and field names cannot be a keyword: %r' % name)
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: %r' % name)
        if name in seen:
            raise ValueError('Encountered duplicate field name: %r' % name)
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))
    ns = {
        '_fields': tuple(field_names),
        '_field_defaults': field_defaults,
        '__match_args__': tuple(field_names),
        '__doc__': '%s(%s)' % (typename, ', '.join(field_names)),
        '__slots__': (),
    }
    for index, name in enumerate(field_names):
        ns[name] = _field_getter(index, 'Alias for field number %d' % index)
    for name, value in _TupleBase.__dict__.items():
        if name not in ns and name not in ('__dict__', '__module__', '__qualname__', '__weakref__'):
            ns[name] = value
    cls = type(typename, (tuple,), ns)
    cls.__module__ = module if module is not None else '__main__'
    return cls


class UserDict(_DictBase):
    """A dict wrapper meant for subclassing; the contents are in self.data."""

    __toolplane_base__ = None  # a mapping, not a dict subclass, as in CPython
    __toolplane_json__ = None  # so json.dumps refuses it, as CPython's does

    def __init__(self, *args, **kwargs):
        _DictBase.__init__(self, *args, **kwargs)

    @property
    def data(self):
        return self._data


class UserList:
    """A list wrapper meant for subclassing; the contents are in self.data."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, initlist=None):
        self.data = [] if initlist is None else list(initlist)

    def __repr__(self):
        return repr(self.data)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v

    def __delitem__(self, i):
        del self.data[i]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, x):
        return x in self.data

    def __eq__(self, other):
        return self.data == (other.data if isinstance(other, UserList) else other)

    def append(self, x):
        self.data.append(x)

    def extend(self, xs):
        self.data.extend(xs)

    def pop(self, i=-1):
        return self.data.pop(i)

    def insert(self, i, x):
        self.data.insert(i, x)

    def remove(self, x):
        self.data.remove(x)

    def sort(self, *args, **kwds):
        self.data.sort(*args, **kwds)

    def reverse(self):
        self.data.reverse()

    def index(self, x, *args):
        return self.data.index(x, *args)

    def count(self, x):
        return self.data.count(x)


def _missing_arguments(func, missing):
    """CPython's message for required positional arguments not given:
    "f() missing 2 required positional arguments: 'a' and 'b'" (", and"
    before the last of three or more)."""
    if len(missing) == 1:
        names = "'%s'" % missing[0]
    else:
        names = ', '.join("'%s'" % m for m in missing[:-1])
        names += (", and '%s'" if len(missing) > 2 else " and '%s'") % missing[-1]
    return '%s() missing %d required positional argument%s: %s' % (
        func, len(missing), '' if len(missing) == 1 else 's', names)
