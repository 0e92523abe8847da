"""dataclasses: dataclass, field, fields, asdict, astuple, replace, make_dataclass,
is_dataclass, FrozenInstanceError, MISSING.

Fields come from the class's __annotations__, as in CPython; the generated methods are
closures over the field list rather than generated source, with CPython's reprs,
comparisons and error messages.
"""

import copy as _copy
from types import MappingProxyType as _MappingProxyType


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return 'MISSING'


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()

class _FieldKind:
    # What an annotation declared: a field, a ClassVar or an InitVar (shown by name in
    # Field's repr, as in CPython).
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FieldKind('_FIELD')
_FIELD_CLASSVAR = _FieldKind('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FieldKind('_FIELD_INITVAR')


class InitVar:
    """A pseudo-field: an __init__ parameter passed on to __post_init__, not stored."""
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        name = getattr(self.type, '__name__', None)
        return 'dataclasses.InitVar[%s]' % (name if isinstance(self.type, type) else repr(self.type))

    def __class_getitem__(cls, type):
        return InitVar(type)


def _is_initvar(tp):
    if tp is InitVar or isinstance(tp, InitVar):
        return True
    return isinstance(tp, str) and (tp.startswith('InitVar') or tp.startswith('dataclasses.InitVar'))
_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'


class Field:
    """One field as field() describes it; name, type and the kind of declaration are
    filled in when the dataclass is processed. metadata is a read-only mapping."""

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = self.type = self._field_type = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.hash, self.compare = init, repr, hash, compare
        self.metadata = _MappingProxyType({} if metadata is None else metadata)
        self.kw_only = kw_only

    _SHOWN = ('name', 'type', 'default', 'default_factory', 'init', 'repr', 'hash', 'compare',
              'metadata', 'kw_only')

    def __repr__(self):
        shown = ['%s=%r' % (key, getattr(self, key)) for key in self._SHOWN]
        shown.append('_field_type=%s' % (self._field_type,))
        return 'Field(%s)' % ','.join(shown)


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Describe one field: field(default_factory=list), field(repr=False), ..."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


class _DataclassParams:
    # The decorator's options, kept as cls.__dataclass_params__.
    _OPTIONS = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, *values):
        for key, value in zip(self._OPTIONS, values):
            setattr(self, key, value)

    def __repr__(self):
        return '_DataclassParams(%s)' % ','.join('%s=%r' % (key, getattr(self, key)) for key in self._OPTIONS)


def _is_classvar(tp):
    if isinstance(tp, str):
        return tp.startswith('ClassVar') or tp.startswith('typing.ClassVar')
    r = repr(tp)
    return r.startswith('typing.ClassVar')


def _process_class(cls, init, repr_, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot=False):
    # Inherited fields first, from the most basic dataclass base on (a later base's field
    # replaces an earlier one's of the same name).
    fields = {}
    dataclass_bases = [b for b in reversed(cls.__mro__[1:]) if _FIELDS in b.__dict__]
    for b in dataclass_bases:
        fields.update((f.name, f) for f in b.__dict__[_FIELDS].values())
    has_dataclass_bases = bool(dataclass_bases)
    any_frozen_base = any(getattr(b, _PARAMS).frozen for b in dataclass_bases)
    if has_dataclass_bases:
        # A frozen dataclass and a mutable one do not mix, as in CPython.
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')
    anns = cls.__dict__.get('__annotations__', {})
    kw_only_now = kw_only
    own = []
    for name, tp in anns.items():
        if tp is KW_ONLY or tp is _KW_ONLY_TYPE:
            kw_only_now = True
            continue
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = field(default=default)
        f.name = name
        f.type = tp
        f._field_type = _FIELD_CLASSVAR if _is_classvar(tp) else _FIELD_INITVAR if _is_initvar(tp) else _FIELD
        if f.kw_only is MISSING:
            f.kw_only = kw_only_now
        if f._field_type == _FIELD and f.default_factory is MISSING and isinstance(f.default, (list, dict, set)):
            raise ValueError('mutable default %s for field %s is not allowed: use default_factory'
                             % (type(f.default), name))
        if isinstance(default, Field):
            if f.default is MISSING:
                try:
                    delattr(cls, name)
                except AttributeError:
                    pass
            else:
                setattr(cls, name, f.default)
        own.append(f)
        fields[name] = f
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in anns:
            raise TypeError('%r is a field but has no type annotation' % (name,))
    setattr(cls, _FIELDS, fields)
    setattr(cls, _PARAMS, _DataclassParams(init, repr_, eq, order, unsafe_hash, frozen))
    all_fields = [f for f in fields.values() if f._field_type == _FIELD]
    if order and not eq:
        raise ValueError('eq must be true if order is true')
    if init:
        init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
        _check_defaults_order(init_fields)
        _set_new_attr(cls, '__init__', _make_init(cls, init_fields, frozen))
    if repr_:
        _set_new_attr(cls, '__repr__', _make_repr(all_fields))
    if eq:
        _set_new_attr(cls, '__eq__', _make_cmp(cls, all_fields, '__eq__'))
    if order:
        for op in ('__lt__', '__le__', '__gt__', '__ge__'):
            if op in cls.__dict__:
                raise TypeError('Cannot overwrite attribute %s in class %s. Consider using '
                                'functools.total_ordering' % (op, cls.__name__))
            setattr(cls, op, _make_cmp(cls, all_fields, op))
    if frozen:
        for name in ('__setattr__', '__delattr__'):
            if name in cls.__dict__:
                raise TypeError('Cannot overwrite attribute %s in class %s' % (name, cls.__name__))
        cls.__setattr__ = _frozen_setattr(cls)
        cls.__delattr__ = _frozen_delattr(cls)
    has_own_hash = '__hash__' in cls.__dict__ and cls.__dict__['__hash__'] is not None
    if unsafe_hash or (eq and frozen):
        if unsafe_hash and has_own_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class %s' % cls.__name__)
        hf = [f for f in all_fields if (f.compare if f.hash is None else f.hash)]
        cls.__hash__ = lambda self: hash(tuple(getattr(self, f.name) for f in hf))
    elif eq and not has_own_hash:
        cls.__hash__ = None
    if match_args:
        _set_new_attr(cls, '__match_args__', tuple(f.name for f in all_fields if f.init and not f.kw_only))
    if slots:
        cls = _add_slots(cls, weakref_slot)
    return cls


def _add_slots(cls, weakref_slot):
    # A class's __slots__ take effect when it is made, so slots=True makes
    # the class again with the fields as its __slots__ (those a base
    # already holds left out), as CPython does.
    inherited = set()
    for b in cls.__mro__[1:-1]:
        sl = b.__dict__.get('__slots__', ())
        inherited.update((sl,) if isinstance(sl, str) else sl)
    names = tuple(f.name for f in fields(cls))
    if weakref_slot:
        names += ('__weakref__',)
    cls_dict = dict(cls.__dict__)
    cls_dict['__slots__'] = tuple(n for n in names if n not in inherited)
    for n in names:
        cls_dict.pop(n, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        cls.__qualname__ = qualname
    return cls


def _set_new_attr(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _check_defaults_order(fields):
    seen_default = False
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError('non-default argument %r follows default argument' % (f.name,))


def _make_init(cls, fields, frozen):
    params = [f for f in fields if f.init]
    positional = [f for f in params if not f.kw_only]
    kwonly = [f for f in params if f.kw_only]
    qualname = cls.__qualname__
    post_init = getattr(cls, '__post_init__', None) is not None

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            lo = 1 + sum(1 for f in positional if f.default is MISSING and f.default_factory is MISSING)
            hi = len(positional) + 1
            if lo == hi:
                raise TypeError('%s.__init__() takes %d positional argument%s but %d were given'
                                % (qualname, hi, '' if hi == 1 else 's', len(args) + 1))
            raise TypeError('%s.__init__() takes from %d to %d positional arguments but %d were given'
                            % (qualname, lo, hi, len(args) + 1))
        values = {}
        for f, a in zip(positional, args):
            values[f.name] = a
        for k, v in kwargs.items():
            if not any(f.name == k for f in params):
                raise TypeError("%s.__init__() got an unexpected keyword argument '%s'" % (qualname, k))
            if k in values:
                raise TypeError("%s.__init__() got multiple values for argument '%s'" % (qualname, k))
            values[k] = v
        missing = [f.name for f in positional if f.name not in values
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError('%s.__init__() missing %d required positional argument%s: %s'
                            % (qualname, len(missing), '' if len(missing) == 1 else 's', _join_names(missing)))
        missing = [f.name for f in kwonly if f.name not in values
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError('%s.__init__() missing %d required keyword-only argument%s: %s'
                            % (qualname, len(missing), '' if len(missing) == 1 else 's', _join_names(missing)))
        initvars = []
        for f in fields:
            if f._field_type == _FIELD_INITVAR:
                # Passed on to __post_init__, never stored.
                initvars.append(values[f.name] if f.name in values else f.default)
                continue
            if f.name in values:
                v = values[f.name]
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.default is not MISSING:
                if not f.init:
                    continue
                v = f.default
            else:
                continue
            object.__setattr__(self, f.name, v)
        if post_init:
            self.__post_init__(*initvars)
    __init__.__qualname__ = qualname + '.__init__'
    return __init__


def _join_names(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return '%s and %s' % tuple(quoted)
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _make_repr(fields):
    shown = [f for f in fields if f.repr]

    # A repr that reaches the same object again prints '...' there, as
    # CPython's recursive_repr does (a parent/child cycle).
    running = set()

    def __repr__(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            return '%s(%s)' % (type(self).__qualname__,
                               ', '.join('%s=%r' % (f.name, getattr(self, f.name)) for f in shown))
        finally:
            running.discard(key)
    return __repr__


def _make_cmp(cls, fields, op):
    compared = [f for f in fields if f.compare]

    def key(obj):
        return tuple(getattr(obj, f.name) for f in compared)

    if op == '__eq__':
        def cmp(self, other):
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented
    elif op == '__lt__':
        def cmp(self, other):
            if other.__class__ is self.__class__:
                return key(self) < key(other)
            return NotImplemented
    elif op == '__le__':
        def cmp(self, other):
            if other.__class__ is self.__class__:
                return key(self) <= key(other)
            return NotImplemented
    elif op == '__gt__':
        def cmp(self, other):
            if other.__class__ is self.__class__:
                return key(self) > key(other)
            return NotImplemented
    else:
        def cmp(self, other):
            if other.__class__ is self.__class__:
                return key(self) >= key(other)
            return NotImplemented
    return cmp


def _frozen_setattr(cls):
    def __setattr__(self, name, value):
        if type(self) is cls or name in getattr(cls, _FIELDS):
            raise FrozenInstanceError("cannot assign to field '%s'" % name)
        object.__setattr__(self, name, value)
    return __setattr__


def _frozen_delattr(cls):
    def __delattr__(self, name):
        if type(self) is cls or name in getattr(cls, _FIELDS):
            raise FrozenInstanceError("cannot delete field '%s'" % name)
        object.__delattr__(self, name)
    return __delattr__


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Class decorator adding __init__, __repr__, __eq__ (and more) from the annotated fields."""
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots, weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """The fields of a dataclass or instance, as a tuple of Field objects."""
    try:
        fs = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fs.values() if f._field_type == _FIELD)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """Recursively convert a dataclass instance to a dict."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if hasattr(type(obj), '_fields') and hasattr(obj, '_asdict'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """Recursively convert a dataclass instance to a tuple."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return _copy.deepcopy(obj)


def replace(obj, /, **changes):
    """A new instance of obj's dataclass with some fields changed."""
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type == _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field %s is declared with init=False, it cannot be specified with replace()' % f.name)
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True,
                   order=False, unsafe_hash=False, frozen=False, match_args=True, kw_only=False,
                   slots=False):
    """Build a dataclass from (name, type[, field]) specs: make_dataclass('P', ['x', ('y', int)])."""
    ns = dict(namespace or {})
    anns = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            ns[name] = spec
        anns[name] = tp
    ns['__annotations__'] = anns
    cls = type(cls_name, bases, ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)
