"""Arrays of C numbers (CPython's array module): a typed, compact-in-spirit sequence.

The items live in self._items, a list of the Python values the array reads back
(ints, floats rounded as the C type stores them, one-character strings), so that
indexing and iteration cost what a list's do. Every value that enters is converted
and range-checked as CPython's C code does it, with its messages. _pack and
_unpack (Go) turn the list into machine bytes and back.
"""

from operator import index as _index

typecodes = 'bBuhHiIlLqQfd'

_SIZES = {'b': 1, 'B': 1, 'u': 4, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 8, 'L': 8,
          'q': 8, 'Q': 8, 'f': 4, 'd': 8}

# The range checks CPython's conversion of an int to each C type makes, in the
# order it makes them: (lowest, highest, message below, message above). The
# first failing check names the error, so 'b' reports values past a C short in
# a short's words.
_C_LONG = (-(1 << 63), (1 << 63) - 1, 'Python int too large to convert to C long',
           'Python int too large to convert to C long')
_C_SHORT = (-(1 << 15), (1 << 15) - 1, 'signed short integer is less than minimum',
            'signed short integer is greater than maximum')
_C_INT = (-(1 << 31), (1 << 31) - 1, 'signed integer is less than minimum',
          'signed integer is greater than maximum')
_C_ULONG = (0, (1 << 64) - 1, "can't convert negative value to unsigned int",
            'Python int too large to convert to C unsigned long')
_RANGE_CHECKS = {
    'b': (_C_LONG, _C_SHORT, (-128, 127, 'signed char is less than minimum',
                              'signed char is greater than maximum')),
    'B': (_C_LONG, (0, 255, 'unsigned byte integer is less than minimum',
                    'unsigned byte integer is greater than maximum')),
    'h': (_C_LONG, _C_SHORT),
    'H': (_C_LONG, _C_INT, (0, 65535, 'unsigned short is less than minimum',
                            'unsigned short is greater than maximum')),
    'i': (_C_LONG, _C_INT),
    'I': (_C_ULONG, (0, (1 << 32) - 1, None, 'unsigned int is greater than maximum')),
    'l': (_C_LONG,),
    'L': (_C_ULONG,),
    'q': ((-(1 << 63), (1 << 63) - 1, 'int too big to convert', 'int too big to convert'),),
    'Q': ((0, (1 << 64) - 1, "can't convert negative int to unsigned", 'int too big to convert'),),
}


def _int_converter(checks):
    lo, hi = checks[-1][0], checks[-1][1]

    def convert(v):
        if type(v) is not int:
            v = int(_index(v))
        if lo <= v <= hi:
            return v
        for clo, chi, below, above in checks:
            if v < clo:
                raise OverflowError(below)
            if v > chi:
                raise OverflowError(above)
        return v
    return convert


def _real(v):
    if type(v) is float:
        return v
    t = type(v)
    if isinstance(v, (int, float)) or hasattr(t, '__float__') or hasattr(t, '__index__'):
        return float(v)
    raise TypeError('must be real number, not %s' % t.__name__)


def _c_float(v):
    return _f32(_real(v))


def _wchar(v):
    if isinstance(v, str) and len(v) == 1:
        return str(v)
    raise TypeError('array item must be unicode character')


_CONVERTERS = {tc: _int_converter(checks) for tc, checks in _RANGE_CHECKS.items()}
_CONVERTERS['f'] = _c_float
_CONVERTERS['d'] = _real
_CONVERTERS['u'] = _wchar

_MISSING = object()


def _cargs(spec):
    # The argument parser CPython's C method uses, so a wrong call fails in its
    # words (see __toolplane_cargs__ in the interpreter).
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark


def _as_index(i):
    if isinstance(i, int):
        return int(i)
    if hasattr(type(i), '__index__'):
        return _index(i)
    raise TypeError('array indices must be integers')


class array:
    """array(typecode [, initializer]) -> array

    Return a new array whose items are restricted by typecode, and
    initialized from the optional initializer value, which must be a list,
    a bytes-like object, or iterable over elements of the appropriate type.
    """

    __slots__ = ('_tc', '_items', '_conv')

    def __new__(cls, *args, **kwargs):
        if kwargs and cls is array:
            raise TypeError('array.array() takes no keyword arguments')
        if len(args) > 2:
            raise TypeError('array() takes at most 2 arguments (%d given)' % len(args))
        if not args:
            raise TypeError('array() takes at least 1 argument (0 given)')
        tc = args[0]
        if not isinstance(tc, str) or len(tc) != 1:
            raise TypeError('array() argument 1 must be a unicode character, not %s'
                            % type(tc).__name__)
        if tc not in _SIZES:
            raise ValueError('bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)')
        self = object.__new__(cls)
        self._tc = tc
        self._items = []
        self._conv = _CONVERTERS[tc]
        if len(args) == 2:
            init = args[1]
            if isinstance(init, str):
                if tc != 'u':
                    raise TypeError('cannot use a str to initialize an array with typecode %r' % tc)
                self.fromunicode(init)
            elif isinstance(init, array) and init._tc == 'u' and tc != 'u':
                raise TypeError('cannot use a unicode array to initialize an array with typecode %r' % tc)
            elif isinstance(init, (bytes, bytearray)):
                self.frombytes(init)
            elif isinstance(init, array) and init._tc == tc:
                self._items = init._items[:]
            else:
                self._extend_iterable(init)
        return self

    # ---- attributes ----

    @property
    def typecode(self):
        """the typecode character used to create the array"""
        return self._tc

    @typecode.setter
    def typecode(self, value):
        raise AttributeError("attribute 'typecode' of 'array.array' objects is not writable")

    @property
    def itemsize(self):
        """the size, in bytes, of one array item"""
        return _SIZES[self._tc]

    @itemsize.setter
    def itemsize(self, value):
        raise AttributeError("attribute 'itemsize' of 'array.array' objects is not writable")

    # ---- the sequence protocol ----

    # __getitem__, __setitem__ and __len__ are Go natives (array.go) with a fast
    # path for an int index and a value that fits; the rest comes here.
    __len__ = _len
    __getitem__ = _getitem
    __setitem__ = _setitem

    def __iter__(self):
        return iter(self._items)

    def _getitem_slow(self, i):
        if isinstance(i, slice):
            out = object.__new__(array)
            out._tc = self._tc
            out._conv = self._conv
            out._items = self._items[i]
            return out
        i = _as_index(i)
        try:
            return self._items[i]
        except IndexError:
            raise IndexError('array index out of range') from None

    def _setitem_slow(self, i, v):
        items = self._items
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError('can only assign array (not "%s") to array slice' % type(v).__name__)
            if v._tc != self._tc:
                raise TypeError('bad argument type for built-in operation')
            new = v._items[:]
            start, stop, step = i.indices(len(items))
            if step != 1:
                size = len(range(start, stop, step))
                if len(new) != size:
                    if not new:
                        del items[i]
                        return
                    raise ValueError('attempt to assign array of size %d to extended slice of size %d'
                                     % (len(new), size))
            items[i] = new
            return
        i = _as_index(i)
        v = self._conv(v)
        n = len(items)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('array assignment index out of range')
        items[i] = v

    def __delitem__(self, i):
        if isinstance(i, slice):
            del self._items[i]
            return
        i = _as_index(i)
        try:
            del self._items[i]
        except IndexError:
            raise IndexError('array assignment index out of range') from None

    def __contains__(self, v):
        if self._tc in 'fd':
            for x in self._items:
                if x == v:
                    return True
            return False
        return v in self._items

    __hash__ = None

    # ---- operators ----

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only append array (not "%s") to array' % type(other).__name__)
        if other._tc != self._tc:
            raise TypeError('bad argument type for built-in operation')
        return self._with(self._items + other._items)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only extend array with array (not "%s")' % type(other).__name__)
        if other._tc != self._tc:
            raise TypeError('can only extend with array of same kind')
        self._items += other._items
        return self

    def __mul__(self, n):
        if not hasattr(type(n), '__index__'):
            raise TypeError("can't multiply sequence by non-int of type '%s'" % type(n).__name__)
        return self._with(self._items * _index(n))

    __rmul__ = __mul__

    def __imul__(self, n):
        if not hasattr(type(n), '__index__'):
            raise TypeError("can't multiply sequence by non-int of type '%s'" % type(n).__name__)
        self._items *= _index(n)
        return self

    def _compare(self, other):
        # The items of two arrays in comparable form: floats are compared one by
        # one with ==, as C does, so a NaN is never equal to itself.
        if self._tc in 'fd' or other._tc in 'fd':
            return [_Real(x) for x in self._items], [_Real(x) for x in other._items]
        return self._items, other._items

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        if len(self._items) != len(other._items):
            return False
        a, b = self._compare(other)
        return a == b

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        if len(self._items) != len(other._items):
            return True
        a, b = self._compare(other)
        return a != b

    def __lt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        a, b = self._compare(other)
        return a < b

    def __le__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        a, b = self._compare(other)
        return a <= b

    def __gt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        a, b = self._compare(other)
        return a > b

    def __ge__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        a, b = self._compare(other)
        return a >= b

    def __repr__(self):
        name = type(self).__name__
        if not self._items:
            return '%s(%r)' % (name, self._tc)
        if self._tc == 'u':
            return '%s(%r, %r)' % (name, self._tc, ''.join(self._items))
        return '%s(%r, %r)' % (name, self._tc, self._items)

    def __bytes__(self):
        return _pack(self._tc, self._items)

    @_cargs('noargs')
    def __copy__(self):
        return self._with(self._items[:])

    @_cargs('O')
    def __deepcopy__(self, memo):
        return self._with(self._items[:])

    def _with(self, items):
        out = object.__new__(array)
        out._tc = self._tc
        out._conv = self._conv
        out._items = items
        return out

    # ---- methods ----

    @_cargs('O')
    def append(self, v):
        """Append new value v to the end of the array."""
        self._items.append(self._conv(v))

    def _extend_iterable(self, it):
        _extend(self, it)

    @_cargs('O')
    def extend(self, bb):
        """Append items to the end of the array."""
        if isinstance(bb, array):
            if bb._tc != self._tc:
                raise TypeError('can only extend with array of same kind')
            self._items += bb._items
            return
        self._extend_iterable(bb)

    @_cargs('check:insert')
    def insert(self, i, v):
        """Insert a new item v into the array before position i."""
        i = _index(i)
        self._items.insert(i, self._conv(v))

    @_cargs('check:pop')
    def pop(self, i=-1):
        """Return the i-th element and delete it from the array.

        i defaults to -1."""
        i = _index(i)
        items = self._items
        if not items:
            raise IndexError('pop from empty array')
        n = len(items)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('pop index out of range')
        return items.pop(i)

    @_cargs('O')
    def remove(self, v):
        """Remove the first occurrence of v in the array."""
        items = self._items
        for i in range(len(items)):
            if items[i] == v:
                del items[i]
                return
        raise ValueError('array.remove(x): x not in array')

    @_cargs('check:index')
    def index(self, v, start=0, stop=9223372036854775807):
        """Return index of first occurrence of v in the array."""
        items = self._items
        start, stop, _ = slice(_index(start), _index(stop)).indices(len(items))
        for i in range(start, stop):
            if items[i] == v:
                return i
        raise ValueError('array.index(x): x not in array')

    @_cargs('O')
    def count(self, v):
        """Return number of occurrences of v in the array."""
        n = 0
        for x in self._items:
            if x == v:
                n += 1
        return n

    @_cargs('noargs')
    def reverse(self):
        """Reverse the order of the items in the array."""
        self._items.reverse()

    @_cargs('noargs')
    def tolist(self):
        """Convert array to an ordinary list with the same items."""
        return self._items[:]

    @_cargs('O')
    def fromlist(self, lst):
        """Append items to array from list."""
        if not isinstance(lst, list):
            raise TypeError('arg must be list')
        conv = self._conv
        self._items += [conv(v) for v in lst]

    @_cargs('noargs')
    def tobytes(self):
        """Convert the array to an array of machine values and return the bytes representation."""
        return _pack(self._tc, self._items)

    @_cargs('O')
    def frombytes(self, buffer):
        """Appends items from the string, interpreting it as an array of machine values,
        as if it had been read from a file using the fromfile() method."""
        if isinstance(buffer, array):
            buffer = buffer.tobytes()
        elif not isinstance(buffer, (bytes, bytearray)):
            raise TypeError("a bytes-like object is required, not '%s'" % type(buffer).__name__)
        if len(buffer) % _SIZES[self._tc]:
            raise ValueError('bytes length not a multiple of item size')
        self._items += _unpack(self._tc, buffer)

    @_cargs('O')
    def fromunicode(self, ustr):
        """Extends this array with data from the unicode string ustr."""
        if not isinstance(ustr, str):
            raise TypeError('fromunicode() argument must be str, not %s' % type(ustr).__name__)
        if self._tc != 'u':
            raise ValueError('fromunicode() may only be called on unicode type arrays')
        self._items += list(ustr)

    @_cargs('noargs')
    def tounicode(self):
        """Convert the array to a unicode string (only for arrays of type 'u')."""
        if self._tc != 'u':
            raise ValueError('tounicode() may only be called on unicode type arrays')
        return ''.join(self._items)

    @_cargs('noargs')
    def byteswap(self):
        """Byteswap all items of the array."""
        size = _SIZES[self._tc]
        if size == 1:
            return
        data = _pack(self._tc, self._items)
        self._items[:] = _unpack(self._tc, data, True)

    @_cargs('noargs')
    def buffer_info(self):
        """Return a tuple (address, length) giving the current memory address and the length
        in items of the buffer used to hold array's contents.

        The sandbox has no memory addresses: the address is id(self), stable for the
        array's life."""
        return (id(self), len(self._items))


class _Real:
    # A float compared as C compares doubles: never identical to itself.
    __slots__ = ('x',)

    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return self.x == other.x

    def __ne__(self, other):
        return self.x != other.x

    def __lt__(self, other):
        return self.x < other.x

    def __le__(self, other):
        return self.x <= other.x

    def __gt__(self, other):
        return self.x > other.x

    def __ge__(self, other):
        return self.x >= other.x


ArrayType = array
