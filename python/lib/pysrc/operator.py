"""operator: Python's operators as plain functions (operator.add(x, y) is x + y), their
in-place forms (operator.iadd(x, y) runs x += y and returns x), and the callable builders
attrgetter, itemgetter and methodcaller. Each function is also reachable under its
dunder alias (operator.__add__), as in CPython."""

_builtin_abs = abs


# Comparisons and truth.
def lt(x, y): return x < y
def le(x, y): return x <= y
def eq(x, y): return x == y
def ne(x, y): return x != y
def ge(x, y): return x >= y
def gt(x, y): return x > y
def not_(x): return not x
def truth(x): return bool(x)
def is_(x, y): return x is y
def is_not(x, y): return x is not y


# Arithmetic and bitwise operators.
def abs(x): return _builtin_abs(x)
def add(x, y): return x + y
def sub(x, y): return x - y
def mul(x, y): return x * y
def matmul(x, y): return x @ y
def truediv(x, y): return x / y
def floordiv(x, y): return x // y
def mod(x, y): return x % y
def pow(x, y): return x ** y
def neg(x): return -x
def pos(x): return +x
def inv(x): return ~x
invert = inv
def lshift(x, y): return x << y
def rshift(x, y): return x >> y
def and_(x, y): return x & y
def or_(x, y): return x | y
def xor(x, y): return x ^ y


def index(x):
    """x as an exact int, through __index__."""
    if isinstance(x, int):
        return int.__int__(x)
    hook = getattr(type(x), '__index__', None)
    if hook is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(x).__name__)
    value = hook(x)
    if isinstance(value, int):
        return int.__int__(value)
    raise TypeError('__index__ returned non-int (type %s)' % type(value).__name__)


# Sequences and containers.
def _is_sequence(x):
    # A mapping is not a sequence even though it has __getitem__.
    return hasattr(type(x), '__getitem__') and not isinstance(x, dict)


# The types whose + is sequence concatenation itself (used directly unless a subclass
# redefines it); for other sequences, concat and iconcat fall back to their + (or +=),
# and report "can't be concatenated" when neither side implements it.
_CONCAT_TYPES = (str, bytes, bytearray, list, tuple)


def _plus(x, y):
    # x + y by the operand hooks, or NotImplemented; the right operand goes first when its
    # type is a subclass with its own __radd__.
    left_type, right_type = type(x), type(y)
    radd = getattr(right_type, '__radd__', None)
    attempts = [(getattr(left_type, '__add__', None), x, y)]
    if right_type is not left_type and radd is not None:
        if issubclass(right_type, left_type) and radd is not getattr(left_type, '__radd__', None):
            attempts.insert(0, (radd, y, x))
        else:
            attempts.append((radd, y, x))
    for hook, first, second in attempts:
        if hook is not None:
            result = hook(first, second)
            if result is not NotImplemented:
                return result
    return NotImplemented


def _own(x, kind, hook):
    # True when x's type still uses kind's built-in hook (a subclass redefining it does not).
    return hasattr(kind, hook) and getattr(type(x), hook, None) is getattr(kind, hook)


def _join(x, y, in_place):
    for kind in _CONCAT_TYPES:
        if isinstance(x, kind):
            if in_place and _own(x, kind, '__iadd__'):
                return kind.__iadd__(x, y)
            if _own(x, kind, '__add__'):
                return kind.__add__(x, y)
            break
    if _is_sequence(x) and _is_sequence(y):
        hook = getattr(type(x), '__iadd__', None) if in_place else None
        result = NotImplemented if hook is None else hook(x, y)
        if result is NotImplemented:
            result = _plus(x, y)
        if result is not NotImplemented:
            return result
    raise TypeError("'%s' object can't be concatenated" % type(x).__name__)


def concat(x, y):
    """x + y for two sequences."""
    return _join(x, y, False)


def contains(container, item): return item in container
def getitem(container, key): return container[key]
def setitem(container, key, value): container[key] = value
def delitem(container, key): del container[key]


def _same(x, y):
    return x is y or x == y


def countOf(seq, item):
    """How many elements of seq are item (identity or equality)."""
    total = 0
    for element in seq:
        if _same(element, item):
            total += 1
    return total


def indexOf(seq, item):
    """The position of the first element of seq that is item (identity or equality)."""
    for position, element in enumerate(seq):
        if _same(element, item):
            return position
    raise ValueError('sequence.index(x): x not in sequence')


_NO_HOOK = object()


def length_hint(obj, default=0):
    """len(obj) if it has one, else its __length_hint__(), else default."""
    if not isinstance(default, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(default).__name__)
    try:
        return len(obj)
    except TypeError:
        pass
    hook = getattr(type(obj), '__length_hint__', _NO_HOOK)
    if hook is _NO_HOOK:
        return default
    guess = hook(obj)
    if guess is NotImplemented:
        return default
    if not isinstance(guess, int):
        raise TypeError('__length_hint__ must be an integer, not %s' % type(guess).__name__)
    if guess < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return guess


def call(obj, /, *args, **kwargs):
    """obj(*args, **kwargs)."""
    return obj(*args, **kwargs)


# In-place forms: the augmented assignment runs on the first argument, which is returned
# (a new object for immutable types).
def iadd(x, y):
    x += y
    return x


def isub(x, y):
    x -= y
    return x


def imul(x, y):
    x *= y
    return x


def imatmul(x, y):
    x @= y
    return x


def itruediv(x, y):
    x /= y
    return x


def ifloordiv(x, y):
    x //= y
    return x


def imod(x, y):
    x %= y
    return x


def ipow(x, y):
    x **= y
    return x


def ilshift(x, y):
    x <<= y
    return x


def irshift(x, y):
    x >>= y
    return x


def iand(x, y):
    x &= y
    return x


def ior(x, y):
    x |= y
    return x


def ixor(x, y):
    x ^= y
    return x


def iconcat(x, y):
    """x += y for two sequences."""
    return _join(x, y, True)


def _check_name(name, what):
    if not isinstance(name, str):
        raise TypeError('%s name must be a string' % what)


def _show(kind, parts):
    return 'operator.%s(%s)' % (kind, ', '.join(parts))


class attrgetter:
    """attrgetter('a')(obj) is obj.a; attrgetter('a', 'b.c')(obj) is (obj.a, obj.b.c)."""

    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        for name in names:
            _check_name(name, 'attribute')
        self._attrs = names
        self._chains = [name.split('.') for name in names]

    def _walk(self, obj, chain):
        for step in chain:
            obj = getattr(obj, step)
        return obj

    def __call__(self, obj):
        chains = self._chains
        if len(chains) == 1:
            return self._walk(obj, chains[0])
        return tuple([self._walk(obj, chain) for chain in chains])

    def __repr__(self):
        return _show('attrgetter', [repr(name) for name in self._attrs])


class itemgetter:
    """itemgetter(k)(obj) is obj[k]; itemgetter(1, 3)(seq) is (seq[1], seq[3])."""

    def __init__(self, item, *items):
        self._items = (item,) + items

    def __call__(self, obj):
        keys = self._items
        if len(keys) == 1:
            return obj[keys[0]]
        return tuple([obj[key] for key in keys])

    def __repr__(self):
        return _show('itemgetter', [repr(key) for key in self._items])


class methodcaller:
    """methodcaller('name', *args, **kwargs)(obj) is obj.name(*args, **kwargs)."""

    def __init__(self, name, /, *args, **kwargs):
        _check_name(name, 'method')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        bound = getattr(obj, self._name)
        return bound(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts += [repr(value) for value in self._args]
        parts += ['%s=%r' % pair for pair in self._kwargs.items()]
        return _show('methodcaller', parts)


__all__ = sorted(name for name in globals() if not name.startswith('_'))

# The dunder aliases: __add__ for add, __and__ for and_, and so on.
for _name in ('abs add and_ call concat contains delitem eq floordiv ge getitem gt iadd '
              'iand iconcat ifloordiv ilshift imatmul imod imul index inv invert ior ipow '
              'irshift isub itruediv ixor le lshift lt matmul mod mul ne neg not_ or_ pos '
              'pow rshift setitem sub truediv xor').split():
    globals()['__%s__' % _name.rstrip('_')] = globals()[_name]
del _name
