"""copy: shallow and deep copies (copy, deepcopy with memo, replace is 3.13)."""


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, str, bytes, type, range,
           type(len), type(lambda: 0), type(Ellipsis), type(NotImplemented), property)


def _is_atomic(x):
    # By exact type, as CPython's dispatch tables: an instance of a
    # subclass of int or str copies through its state (a new object with
    # the same value and a copy of its attributes). Classes are atomic.
    cls = type(x)
    return cls in _atomic or isinstance(x, type)


# The builtin types whose subclasses are rebuilt from their value
# (cls.__new__(cls, value), as their __getnewargs__ tells CPython's copy).
_scalar_bases = (int, float, complex, str, bytes)


def copy(x):
    """Shallow copy of x."""
    # Builtin containers are dispatched on their exact type, as CPython's
    # copy does: subclasses (and the collections classes, which stand for
    # dict and tuple) copy through __copy__ or their state and items.
    cls = type(x)
    if _is_atomic(x) or cls is tuple or cls is frozenset:
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set:
        return x.copy()
    cp = getattr(cls, '__copy__', None)
    if cp is not None:
        return cp(x)
    if isinstance(x, frozenset) and not hasattr(cls, '__toolplane_base__'):
        return x
    if isinstance(x, set) and not hasattr(cls, '__toolplane_base__'):
        return x.copy()
    return _reconstruct(x, None, {})


def _slotnames(cls):
    """The slot names of cls and its bases as stored (private names
    mangled), as copyreg._slotnames; None when no class declares any."""
    names = None
    for c in cls.__mro__:
        if '__slots__' not in c.__dict__:
            continue
        if names is None:
            names = []
        slots = c.__dict__['__slots__']
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ('__dict__', '__weakref__'):
                continue
            if name.startswith('__') and not name.endswith('__'):
                stripped = c.__name__.lstrip('_')
                if stripped:
                    name = '_%s%s' % (stripped, name)
            names.append(name)
    return names


def _base_of(x):
    """The builtin type an instance of a subclass of it is copied as (the
    reduction CPython's object.__reduce_ex__ gives it), or None."""
    if hasattr(type(x), '__toolplane_base__'):
        return None
    for base in (dict, list, tuple, bytearray) + _scalar_bases:
        if isinstance(x, base):
            return base
    return None


def _reconstruct(x, memo, _unused):
    cls = type(x)
    slots = _slotnames(cls)
    has_dict = hasattr(x, '__dict__')
    base = _base_of(x)
    if not has_dict and slots is None and base is None:
        raise Error('un(shallow)copyable object of type %s' % cls)
    if isinstance(x, BaseException):
        # As BaseException.__reduce__: the class called with the (copied)
        # args, then the instance attributes.
        args = x.args if memo is None else deepcopy(x.args, memo)
        y = cls(*args)
    elif base is tuple or base in _scalar_bases:
        # As __getnewargs__ (the value itself for the builtin types; a
        # namedtuple's fields): the arguments, deep-copied for deepcopy, of
        # cls.__new__.
        getnewargs = getattr(cls, '__getnewargs__', None)
        args = getnewargs(x) if getnewargs is not None else (base(x),)
        if memo is not None:
            args = deepcopy(args, memo)
        y = cls.__new__(cls, *args)
    elif base is bytearray:
        # As bytearray.__reduce_ex__: the class called with the content.
        y = cls(bytes(x))
    elif base is not None:
        y = cls.__new__(cls)
    else:
        y = object.__new__(cls)
    if memo is not None:
        memo[id(x)] = y
    state = x.__dict__ if has_dict else None
    slotstate = None
    if slots:
        slotstate = {}
        for name in slots:
            try:
                slotstate[name] = getattr(x, name)
            except AttributeError:
                pass
    if memo is not None:
        state = deepcopy(state, memo)
        slotstate = deepcopy(slotstate, memo)
    setstate = getattr(y, '__setstate__', None)
    if setstate is not None and getattr(cls, '__setstate__', None) is not None:
        setstate((state, slotstate) if slotstate else state)
    else:
        if state:
            for k, v in state.items():
                object.__setattr__(y, k, v)
        if slotstate:
            for k, v in slotstate.items():
                object.__setattr__(y, k, v)
    # The items go in after the state, through the subclass's own
    # append and __setitem__, as CPython's _reconstruct puts them.
    if base is list:
        for item in list.__iter__(x):
            y.append(item if memo is None else deepcopy(item, memo))
    elif base is dict:
        for key, value in list(dict.items(x)):
            if memo is not None:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y


_fast = (list, dict, tuple, set, frozenset)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy of x; memo maps id() of copied objects to their copies."""
    if memo is None:
        memo = {}
    d = id(x)
    if d in memo:
        # Already copied (shared or cyclic reference): the same copy again.
        return memo[d]
    if _is_atomic(x):
        return x
    cls = type(x)
    if cls in _fast and type(memo) is dict:
        # Exact builtin containers: copied natively, item by item as
        # below, calling back here for items of other types.
        return _deepcopy_fast(x, memo, deepcopy)
    if hasattr(cls, '__toolplane_base__'):
        # The collections classes copy through __deepcopy__ or their state.
        dc = getattr(type(x), '__deepcopy__', None)
        y = dc(x, memo) if dc is not None else _reconstruct(x, memo, None)
        if y is not x:
            memo[d] = y
            _keep_alive(x, memo)
        return y
    cls = type(x)
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        if d in memo:
            return memo[d]
        if all(a is b for a, b in zip(x, items)):
            y = x
        else:
            y = tuple(items)
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set:
        y = set(deepcopy(a, memo) for a in x)
    elif cls is frozenset:
        y = frozenset(deepcopy(a, memo) for a in x)
    else:
        dc = getattr(cls, '__deepcopy__', None)
        if dc is not None:
            y = dc(x, memo)
        elif isinstance(x, set):
            y = set(deepcopy(a, memo) for a in x)
        elif isinstance(x, frozenset):
            y = frozenset(deepcopy(a, memo) for a in x)
        else:
            y = _reconstruct(x, memo, None)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]
