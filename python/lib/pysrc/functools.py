"""functools: reduce, partial, lru_cache, cache, wraps, cmp_to_key, total_ordering,
cached_property, singledispatch."""

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)

_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    """function(...function(function(initial, x0), x1)..., xn); without initial, the
    first element starts the fold."""
    items = iter(sequence)
    total = initial
    if total is _initial_missing:
        for total in items:
            break
        else:
            raise TypeError('reduce() of empty iterable with no initial value')
    for item in items:
        total = function(total, item)
    return total


_ABSENT = object()


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Make wrapper look like wrapped: copy the `assigned` attributes it has, merge the
    `updated` mappings (its __dict__), and point wrapper.__wrapped__ at it."""
    for name in assigned:
        value = getattr(wrapped, name, _ABSENT)
        if value is _ABSENT:
            continue
        try:
            setattr(wrapper, name, value)
        except (AttributeError, TypeError):
            pass  # a read-only attribute of the wrapper stays as it is
    for name in updated:
        try:
            target = getattr(wrapper, name)
            target.update(getattr(wrapped, name, {}))
        except (AttributeError, TypeError):
            pass
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator


class partial:
    """New function with partial application of the given arguments and keywords."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __get__(self, obj, objtype=None):
        return self

    def __repr__(self):
        args = [repr(self.func)]
        args.extend(repr(x) for x in self.args)
        args.extend('%s=%r' % (k, v) for (k, v) in self.keywords.items())
        return 'functools.partial(' + ', '.join(args) + ')'


class partialmethod:
    """Method descriptor with partial application of the given arguments."""

    def __init__(self, func, /, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return partial(self.func, obj, *self.args, **self.keywords)


_cache_info_type = []


def _CacheInfo(hits, misses, maxsize, currsize):
    # Built on first use: importing collections costs every run that imports functools.
    if not _cache_info_type:
        from collections import namedtuple
        _cache_info_type.append(namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'], module='functools'))
    return _cache_info_type[0](hits, misses, maxsize, currsize)

_kwd_mark = object()


def _make_key(args, kwds, typed):
    # The positional arguments, a marker, the keyword pairs in call order; with typed,
    # the argument types as well. Hashed once here so an unhashable argument fails early.
    # A lone exact int or str argument is its own key (as in CPython, so f(1), f(1.0)
    # and f(True) are three entries).
    if len(args) == 1 and not kwds and not typed and type(args[0]) in (int, str):
        return args[0]
    parts = list(args)
    if kwds:
        parts.append(_kwd_mark)
        for pair in kwds.items():
            parts.extend(pair)
    if typed:
        parts.extend([type(value) for value in args])
        parts.extend([type(value) for value in kwds.values()])
    key = tuple(parts)
    hash(key)
    return key


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator: @lru_cache, @lru_cache(maxsize=None)."""
    if not isinstance(maxsize, int):
        if callable(maxsize) and isinstance(typed, bool):
            # Used bare: @lru_cache on the function itself.
            return _lru_cache_wrapper(maxsize, 128, typed)
        if maxsize is not None:
            raise TypeError('Expected first argument to be an integer, a callable, or None')
    elif maxsize < 0:
        maxsize = 0

    def decorating_function(user_function):
        return _lru_cache_wrapper(user_function, maxsize, typed)
    return decorating_function


def _lru_cache_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]

    def wrapper(*args, **kwds):
        key = _make_key(args, kwds, typed)
        if key in cache:
            stats[0] += 1
            result = cache[key]
            if maxsize is not None:
                del cache[key]
                cache[key] = result
            return result
        stats[1] += 1
        result = user_function(*args, **kwds)
        if maxsize == 0:
            return result
        cache[key] = result
        if maxsize is not None and len(cache) > maxsize:
            del cache[next(iter(cache))]
        return result

    def cache_info():
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    update_wrapper(wrapper, user_function)
    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def cache(user_function, /):
    """Unbounded cache: @cache."""
    return lru_cache(maxsize=None)(user_function)


class KeyWrapper:
    """What cmp_to_key returns: called with a value, it wraps it in a KeyWrapper that
    orders by the comparison function (negative, zero or positive, like the old cmp=)."""

    __slots__ = ('_compare', 'obj')

    def __init__(self, compare):
        self._compare = compare
        self.obj = None

    def __call__(self, obj):
        wrapped = KeyWrapper(self._compare)
        wrapped.obj = obj
        return wrapped

    def _against(self, other):
        if type(other) is not KeyWrapper:
            raise TypeError('other argument must be K instance')
        return self._compare(self.obj, other.obj)

    def __lt__(self, other): return self._against(other) < 0
    def __le__(self, other): return self._against(other) <= 0
    def __eq__(self, other): return self._against(other) == 0
    def __ne__(self, other): return self._against(other) != 0
    def __gt__(self, other): return self._against(other) > 0
    def __ge__(self, other): return self._against(other) >= 0

    __hash__ = None


KeyWrapper.__module__ = 'functools'


def cmp_to_key(mycmp):
    """Turn a comparison function (mycmp(x, y) < 0 when x sorts first) into a key= function."""
    return KeyWrapper(mycmp)


def _gt_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _le_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _ge_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _ge_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _lt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _gt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _lt_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _ge_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _le_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _le_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _gt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _lt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


_convert = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def _defines(cls, op):
    for k in cls.__mro__:
        if k is object:
            return False
        if op in k.__dict__:
            return True
    return False


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods."""
    roots = {op for op in _convert if _defines(cls, op)}
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)
    for opname, opfunc in _convert[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


_NOT_FOUND = object()


class cached_property:
    """A property computed once per instance, then stored in the instance's __dict__."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname not in (None, name):
            raise TypeError('Cannot assign the same cached_property to two different names '
                            '(%r and %r).' % (self.attrname, name))
        self.attrname = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        name = self.attrname
        if name is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        try:
            store = instance.__dict__
        except AttributeError:
            raise TypeError("No '__dict__' attribute on %r instance to cache %r property."
                            % (type(instance).__name__, name)) from None
        if name in store:
            return store[name]
        value = self.func(instance)
        try:
            store[name] = value
        except TypeError:
            raise TypeError("The '__dict__' attribute on %r instance does not support item "
                            "assignment for caching %r property." % (type(instance).__name__, name)) from None
        return value


def singledispatch(func):
    """Single-dispatch generic function decorator (dispatch on the first argument's type)."""
    registry = {object: func}

    def dispatch(cls):
        for k in cls.__mro__:
            if k in registry:
                return registry[k]
        return func

    def _is_union(cls):
        if isinstance(cls, type(int | str)):
            return True
        from typing import get_origin, Union
        return get_origin(cls) is Union

    def _valid(cls):
        if isinstance(cls, type):
            return True
        if not _is_union(cls):
            return False
        from typing import get_args
        return all(isinstance(a, type) for a in get_args(cls))

    def register(cls, f=None):
        if _valid(cls):
            if f is None:
                return lambda f: register(cls, f)
        else:
            if f is not None:
                raise TypeError(f"Invalid first argument to `register()`. {cls!r} is not a class or union type.")
            ann = getattr(cls, '__annotations__', {})
            if not ann:
                raise TypeError(f"Invalid first argument to `register()`: {cls!r}. "
                                f"Use either `@register(some_class)` or plain `@register` on an annotated function.")
            f = cls
            from typing import get_type_hints
            argname, cls = next(iter(get_type_hints(f).items()))
            if not _valid(cls):
                if _is_union(cls):
                    raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} not all arguments are classes.")
                raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} is not a class.")
        if isinstance(cls, type):
            registry[cls] = f
        else:
            from typing import get_args
            for a in get_args(cls):
                registry[a] = f
        return f

    def wrapper(*args, **kw):
        if not args:
            raise TypeError('%s requires at least 1 positional argument' % getattr(func, '__name__', 'singledispatch function'))
        return dispatch(args[0].__class__)(*args, **kw)

    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper
