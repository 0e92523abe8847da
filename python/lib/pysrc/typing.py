"""typing: the names annotations use, accepted and inert at run time.

Special forms and generic aliases can be subscripted and printed; cast, overload,
NewType, TypeVar, Generic and Protocol behave as CPython's do at run time (no checking).
Annotations themselves are not evaluated by the embedded interpreter.
"""

TYPE_CHECKING = False


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return '%s.%s' % (obj.__module__, obj.__qualname__)
    if obj is ...:
        return '...'
    if obj is None:
        return 'None'
    if isinstance(obj, (list, tuple)):
        return '[%s]' % ', '.join(_type_repr(a) for a in obj)
    return repr(obj)


_GenericAlias = type(list[int])
_UnionType = type(int | str)


def _is_union(tp):
    return isinstance(tp, _UnionType) or (isinstance(tp, _Alias) and tp._name in ('Union', 'Optional'))


def _builtin_kinds():
    """The classes each abstract container type stands for, built on first use.

    collections' classes are not dict/list/tuple subclasses here, so they are named
    explicitly; a user class counts by the methods it defines (as CPython's
    structural ABCs do) or not at all for the registered ones (Sequence, Mapping).
    """
    global _KINDS
    if _KINDS is not None:
        return _KINDS
    import collections
    import types
    views = (type({}.keys()), type({}.items()))
    values = type({}.values())
    seq = (list, tuple, str, bytes, bytearray, range, collections.deque, collections.UserList,
           collections._TupleBase)
    mapping = (dict, collections._DictBase, collections.ChainMap, types.MappingProxyType)
    sets = (set, frozenset) + views
    gen = type((lambda: (yield))())
    _KINDS = {
        'Sequence': seq, 'MutableSequence': (list, bytearray, collections.deque, collections.UserList),
        'Mapping': mapping, 'MutableMapping': (dict, collections._DictBase, collections.ChainMap),
        'AbstractSet': sets, 'MutableSet': (set,), 'KeysView': (type({}.keys()),),
        'ItemsView': (type({}.items()),), 'ValuesView': (values,), 'Generator': (gen,),
        'ByteString': (bytes, bytearray),
        # Builtin containers whose methods are not all visible as attributes here.
        '_containers': seq + mapping + sets + (values,),
    }
    return _KINDS


_KINDS = None
_STRUCTURAL = {
    'Iterable': ('__iter__',), 'Iterator': ('__iter__', '__next__'), 'Sized': ('__len__',),
    'Container': ('__contains__',), 'Collection': ('__len__', '__iter__', '__contains__'),
    'Reversible': ('__reversed__', '__iter__'), 'Awaitable': ('__await__',),
    'Coroutine': ('__await__', 'send', 'throw', 'close'), 'AsyncIterable': ('__aiter__',),
    'AsyncIterator': ('__aiter__', '__anext__'), 'ContextManager': ('__enter__', '__exit__'),
    'AsyncContextManager': ('__aenter__', '__aexit__'),
}
_UNHASHABLE = (list, dict, set, bytearray, type({}.keys()), type({}.items()))


_ABC_NAMES = {
    'Awaitable': 'Awaitable', 'Coroutine': 'Coroutine', 'AsyncIterable': 'AsyncIterable',
    'AsyncIterator': 'AsyncIterator', 'AsyncGenerator': 'AsyncGenerator', 'Hashable': 'Hashable',
    'Iterable': 'Iterable', 'Iterator': 'Iterator', 'Generator': 'Generator',
    'Reversible': 'Reversible', 'Sized': 'Sized', 'Container': 'Container',
    'Collection': 'Collection', 'AbstractSet': 'Set', 'MutableSet': 'MutableSet',
    'Mapping': 'Mapping', 'MutableMapping': 'MutableMapping', 'Sequence': 'Sequence',
    'MutableSequence': 'MutableSequence', 'KeysView': 'KeysView', 'ItemsView': 'ItemsView',
    'ValuesView': 'ValuesView', 'MappingView': 'MappingView', 'ByteString': 'ByteString',
}


def _collections_abc(name):
    """The collections.abc class a typing form of that name stands for, or None."""
    attr = _ABC_NAMES.get(name)
    if attr is None:
        return None
    import collections.abc
    return getattr(collections.abc, attr)


def _abstract_check(name, cls):
    """issubclass(cls, <abstract container type name>), or None if name is not one."""
    kinds = _builtin_kinds()
    if name in kinds:
        return issubclass(cls, kinds[name])
    if name == 'Hashable':
        return not issubclass(cls, _UNHASHABLE) and getattr(cls, '__hash__', None) is not None
    if name in _STRUCTURAL:
        if issubclass(cls, kinds['_containers']):
            if name in ('Iterable', 'Sized', 'Container', 'Collection'):
                return True
            if name == 'Reversible' and not issubclass(cls, (set, frozenset)):
                return True
        return all(hasattr(cls, m) for m in _STRUCTURAL[name])
    return None


class ForwardRef:
    """A type named by a string in a subscription: Optional['Node']."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got %r' % (arg,))
        self.__forward_arg__ = arg
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__ and self.__forward_module__ == other.__forward_module__

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        return 'ForwardRef(%r)' % (self.__forward_arg__,)


def _type_convert(arg):
    """A string argument of a subscripted form is a forward reference."""
    if isinstance(arg, str):
        return ForwardRef(arg)
    if isinstance(arg, list):
        return [_type_convert(a) for a in arg]
    return arg


# The aliases of builtin types that CPython refuses to call: List() is an error, list() is not.
_NOT_INSTANTIABLE = ('List', 'Dict', 'Set', 'FrozenSet', 'Tuple', 'Type')


def _check_instantiable(name, origin):
    if name in _NOT_INSTANTIABLE:
        raise TypeError('Type %s cannot be instantiated; use %s() instead' % (name, origin.__name__))


class _Alias:
    """A subscripted special form or generic: List[int], Optional[str], ..."""

    def __init__(self, origin, args, name):
        self.__origin__ = origin
        self.__args__ = args
        self._name = name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _Alias(self.__origin__, params, self._name)

    def __call__(self, *args, **kwargs):
        _check_instantiable(self._name, self.__origin__)
        if isinstance(self.__origin__, type):
            return self.__origin__(*args, **kwargs)
        raise TypeError('Cannot instantiate %r' % self)

    def __repr__(self):
        if self._name == 'Optional':
            return 'typing.Optional[%s]' % _type_repr(self.__args__[0])
        if self._name == 'Literal':
            return 'typing.Literal[%s]' % ', '.join(repr(a) for a in self.__args__)
        return 'typing.%s[%s]' % (self._name, ', '.join(_type_repr(a) for a in self.__args__))

    def __eq__(self, other):
        if self._name in ('Union', 'Optional'):
            if not _is_union(other):
                return NotImplemented
            return set(self.__args__) == set(other.__args__)
        if not isinstance(other, _Alias):
            return NotImplemented
        if self._name == 'Literal' and other._name == 'Literal':
            return set(self.__args__) == set(other.__args__)
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        if self._name in ('Union', 'Optional', 'Literal'):
            return hash(frozenset(self.__args__))
        return hash((self._name, self.__args__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        if self._name in ('Union', 'Optional'):
            return issubclass(cls, self.__args__)
        raise TypeError('Subscripted generics cannot be used with class and instance checks')


class _SpecialForm:
    """Any, Union, Optional, Literal, ClassVar, Final, ..."""

    def __init__(self, name, origin=None):
        self._name = name
        self._origin_value = origin
        self._lazy = None

    @property
    def _origin(self):
        if self._origin_value is None and self._lazy is not None:
            self._origin_value = self._lazy()
        return self._origin_value

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        name = self._name
        if name == 'Annotated':
            params = (_type_convert(params[0]),) + params[1:]
        elif name != 'Literal':
            params = tuple(_type_convert(p) for p in params)
        if name == 'Optional':
            if len(params) != 1:
                raise TypeError('typing.Optional requires a single type.')
            return Union[params[0], None]
        if name == 'Union':
            flat = []
            for p in params:
                if p is None:
                    p = type(None)
                if _is_union(p):
                    for a in p.__args__:
                        if a not in flat:
                            flat.append(a)
                elif p not in flat:
                    flat.append(p)
            if len(flat) == 1:
                return flat[0]
            if len(flat) == 2 and type(None) in flat:
                return _Alias(Union, tuple(flat), 'Optional')
            return _Alias(Union, tuple(flat), 'Union')
        if name == 'Literal':
            unique = []
            for p in params:
                if p not in unique:
                    unique.append(p)
            params = tuple(unique)
        return _Alias(self._origin if self._origin is not None else self, params, name)

    def __call__(self, *args, **kwargs):
        _check_instantiable(self._name, self._origin)
        if self._origin is not None and isinstance(self._origin, type):
            return self._origin(*args, **kwargs)
        raise TypeError('Cannot instantiate typing.%s' % self._name)

    def __repr__(self):
        return 'typing.' + self._name

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        if isinstance(self._origin, type):
            return (self._origin,)
        abc = _collections_abc(self._name)
        if abc is not None:
            return (abc,)
        raise TypeError('Cannot subclass typing.%s' % self._name)

    def __instancecheck__(self, obj):
        if self._name == 'Callable':
            return callable(obj)
        return self._check(type(obj), 'isinstance')

    def __subclasscheck__(self, cls):
        if not isinstance(cls, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if self._name == 'Callable':
            return hasattr(cls, '__call__') or issubclass(cls, type)
        if self._name == 'Any':
            return False
        return self._check(cls, 'issubclass')

    def _check(self, cls, fname):
        if isinstance(self._origin, type):
            return issubclass(cls, self._origin)
        abc = _collections_abc(self._name)
        if abc is not None:
            return issubclass(cls, abc)
        r = _abstract_check(self._name, cls)
        if r is None:
            raise TypeError('typing.%s cannot be used with %s()' % (self._name, fname))
        return r


Any = _SpecialForm('Any')
NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
ClassVar = _SpecialForm('ClassVar')
Final = _SpecialForm('Final')
Union = _SpecialForm('Union')
Optional = _SpecialForm('Optional')
Literal = _SpecialForm('Literal')
TypeAlias = _SpecialForm('TypeAlias')
Concatenate = _SpecialForm('Concatenate')
TypeGuard = _SpecialForm('TypeGuard')
Required = _SpecialForm('Required')
NotRequired = _SpecialForm('NotRequired')
Unpack = _SpecialForm('Unpack')
Annotated = _SpecialForm('Annotated')

List = _SpecialForm('List', list)
Dict = _SpecialForm('Dict', dict)
Set = _SpecialForm('Set', set)
FrozenSet = _SpecialForm('FrozenSet', frozenset)
Tuple = _SpecialForm('Tuple', tuple)
Type = _SpecialForm('Type', type)
Callable = _SpecialForm('Callable')
Iterable = _SpecialForm('Iterable')
Iterator = _SpecialForm('Iterator')
Generator = _SpecialForm('Generator')
AsyncIterable = _SpecialForm('AsyncIterable')
AsyncIterator = _SpecialForm('AsyncIterator')
AsyncGenerator = _SpecialForm('AsyncGenerator')
Awaitable = _SpecialForm('Awaitable')
Coroutine = _SpecialForm('Coroutine')
Sequence = _SpecialForm('Sequence')
MutableSequence = _SpecialForm('MutableSequence')
Mapping = _SpecialForm('Mapping')
MutableMapping = _SpecialForm('MutableMapping')
AbstractSet = _SpecialForm('AbstractSet')
MutableSet = _SpecialForm('MutableSet')
Collection = _SpecialForm('Collection')
Container = _SpecialForm('Container')
Hashable = _SpecialForm('Hashable')
Sized = _SpecialForm('Sized')
Reversible = _SpecialForm('Reversible')
SupportsInt = _SpecialForm('SupportsInt')
SupportsFloat = _SpecialForm('SupportsFloat')
SupportsIndex = _SpecialForm('SupportsIndex')
SupportsAbs = _SpecialForm('SupportsAbs')
SupportsRound = _SpecialForm('SupportsRound')
KeysView = _SpecialForm('KeysView')
ValuesView = _SpecialForm('ValuesView')
ItemsView = _SpecialForm('ItemsView')
ContextManager = _SpecialForm('ContextManager')
AsyncContextManager = _SpecialForm('AsyncContextManager')
Pattern = _SpecialForm('Pattern')
Match = _SpecialForm('Match')
IO = _SpecialForm('IO')
TextIO = _SpecialForm('TextIO')
BinaryIO = _SpecialForm('BinaryIO')
AnyStr = _SpecialForm('AnyStr')
Text = str


def _collections_form(name, attr):
    form = _SpecialForm(name)

    def origin():
        import collections
        return getattr(collections, attr)
    form._lazy = origin
    return form


DefaultDict = _collections_form('DefaultDict', 'defaultdict')
OrderedDict = _collections_form('OrderedDict', 'OrderedDict')
Counter = _collections_form('Counter', 'Counter')
Deque = _collections_form('Deque', 'deque')
ChainMap = _collections_form('ChainMap', 'ChainMap')


class TypeVar:
    """A type variable: T = TypeVar('T')."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]


class ParamSpec:
    """A parameter specification variable: P = ParamSpec('P')."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.args = _SpecialForm(name + '.args')
        self.kwargs = _SpecialForm(name + '.kwargs')

    def __repr__(self):
        return '~' + self.__name__


class TypeVarTuple:
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__


class Generic:
    """Base class for generic classes: class Stack(Generic[T])."""

    def __class_getitem__(cls, params):
        return cls


class Protocol:
    """Base class for structural types. isinstance and issubclass with a
    @runtime_checkable protocol check that the members exist, as CPython's
    _ProtocolMeta does (the interpreter calls the __toolplane_*check__
    classmethods in place of a metaclass's hooks); with any other protocol
    they raise TypeError."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __class_getitem__(cls, params):
        return cls

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if cls._is_protocol and not any('__init__' in b.__dict__ for b in cls.__mro__[:-1]):
            cls.__init__ = _no_init

    @classmethod
    def __toolplane_instancecheck__(cls, instance):
        if cls._is_protocol and not cls._is_runtime_protocol:
            raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
        if ((not cls._is_protocol or _is_callable_members_only(cls))
                and issubclass(type(instance), cls)):
            return True
        if cls._is_protocol:
            if all(hasattr(instance, attr) and
                   (not callable(getattr(cls, attr, None)) or getattr(instance, attr) is not None)
                   for attr in _get_protocol_attrs(cls)):
                return True
        return cls in type(instance).__mro__

    @classmethod
    def __toolplane_subclasscheck__(cls, other):
        if not isinstance(other, type):
            raise TypeError('issubclass() arg 1 must be a class')
        ok = _proto_hook(cls, other)
        if ok is not NotImplemented:
            return ok
        return cls in other.__mro__


_PROTO_EXCLUDED = frozenset([
    '__parameters__', '__orig_bases__', '__orig_class__', '_is_protocol', '_is_runtime_protocol',
    '__abstractmethods__', '__annotations__', '__dict__', '__doc__', '__init__', '__module__',
    '__new__', '__slots__', '__subclasshook__', '__weakref__', '__class_getitem__', '__qualname__',
    '_MutableMapping__marker'])


def _get_protocol_attrs(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith('_abc_') and attr not in _PROTO_EXCLUDED:
                attrs.add(attr)
    return attrs


def _is_callable_members_only(cls):
    return all(callable(getattr(cls, attr, None)) for attr in _get_protocol_attrs(cls))


def _proto_hook(cls, other):
    if not cls.__dict__.get('_is_protocol', False):
        return NotImplemented
    if not getattr(cls, '_is_runtime_protocol', False):
        raise TypeError('Instance and class checks can only be used with @runtime_checkable protocols')
    if not _is_callable_members_only(cls):
        raise TypeError("Protocols with non-method members don't support issubclass()")
    if all(_provides(other, attr) for attr in _get_protocol_attrs(cls)):
        return True
    return NotImplemented


def _provides(other, attr):
    # Whether a class has a protocol member: the first class on its MRO that defines attr
    # decides (set to None: refused); a protocol base that only annotates it also counts.
    for base in other.__mro__:
        own = base.__dict__
        if attr in own:
            return own[attr] is not None
        notes = getattr(base, '__annotations__', {})
        if isinstance(notes, dict) and attr in notes and own.get('_is_protocol', False):
            return True
    return False


def _no_init(self, *args, **kwargs):
    if type(self)._is_protocol:
        raise TypeError('Protocols cannot be instantiated')


def runtime_checkable(cls):
    if not issubclass(cls, Generic) and not cls.__dict__.get('_is_protocol', False):
        raise TypeError('@runtime_checkable can be only applied to protocol classes, got %r' % cls)
    cls._is_runtime_protocol = True
    return cls


def final(f):
    return f


def overload(func):
    def _overload_dummy(*args, **kwds):
        raise NotImplementedError(
            'You should not call an overloaded function. A series of @overload-decorated '
            'functions outside a stub module should always be followed by an implementation '
            'that is not @overload-ed.')
    return _overload_dummy


def no_type_check(arg):
    return arg


def no_type_check_decorator(decorator):
    return decorator


def dataclass_transform(**kwargs):
    return lambda cls: cls


def cast(typ, val):
    """Return val unchanged (a hint for type checkers)."""
    return val


def assert_type(val, typ):
    return val


def assert_never(arg):
    raise AssertionError('Expected code to be unreachable, but got: %r' % (arg,))


def reveal_type(obj):
    print('Runtime type is %r' % type(obj).__name__)
    return obj


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """Annotations are not evaluated by the embedded interpreter: always {}."""
    return dict(getattr(obj, '__annotations__', None) or {})


def get_origin(tp):
    """The unsubscripted form of a generic type: get_origin(list[int]) is list."""
    if isinstance(tp, (_Alias, _GenericAlias)):
        return tp.__origin__
    if isinstance(tp, _UnionType):
        return _UnionType
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    """The arguments of a generic type: get_args(dict[str, int]) == (str, int)."""
    if isinstance(tp, (_Alias, _GenericAlias, _UnionType)):
        return tp.__args__
    return ()


def NewType(name, tp):
    """NewType('UserId', int): a callable returning its argument unchanged."""
    def new_type(x):
        return x
    new_type.__name__ = name
    new_type.__qualname__ = name
    new_type.__supertype__ = tp
    return new_type


class _NamedTupleForm:
    """typing.NamedTuple. Called, NamedTuple('Point', [('x', int)]) makes a
    namedtuple class. As the base of a class statement (class Point(
    NamedTuple): x: int), it builds the namedtuple class from the
    statement's annotations and namespace, as CPython's NamedTupleMeta
    does: the interpreter has no metaclasses, and calls
    __toolplane_new_class__ of a non-class base in their stead."""

    _prohibited = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                             '_field_defaults', '_make', '_replace', '_asdict', '_source'})
    _special = frozenset({'__module__', '__name__', '__annotations__'})

    def __call__(self, typename, fields=None, /, **kwargs):
        import collections
        if fields is None:
            fields = kwargs.items()
        fields = list(fields)
        cls = collections.namedtuple(typename, [n for n, t in fields])
        cls.__annotations__ = dict(fields)
        return cls

    def __mro_entries__(self, bases):
        return (tuple,)

    def __toolplane_new_class__(self, typename, bases, ns):
        import collections
        anns = ns.get('__annotations__', {})
        names = list(anns)
        defaults = []
        for name in names:
            if name in ns:
                defaults.append(name)
            elif defaults:
                raise TypeError('Non-default namedtuple field %s cannot follow default field%s %s'
                                % (name, 's' if len(defaults) > 1 else '', ', '.join(defaults)))
        cls = collections.namedtuple(typename, names, defaults=[ns[n] for n in defaults] or None,
                                     module=ns.get('__module__', '__main__'))
        cls.__annotations__ = dict(anns)
        for key, value in ns.items():
            if key in self._prohibited:
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            if key in self._special or key in cls._fields:
                continue
            if key == '__doc__' and value is None:
                continue
            setattr(cls, key, value)
        return cls

    def __repr__(self):
        return '<function NamedTuple>'


NamedTuple = _NamedTupleForm()


class TypedDict:
    """TypedDict classes build plain dicts: Movie(name='x', year=1) == {'name': 'x', 'year': 1}."""

    def __new__(cls, *args, **kwargs):
        if cls is TypedDict:
            # TypedDict('Name', {'key': type}, total=...): a class.
            return _typeddict_functional(*args, **kwargs)
        return dict(*args, **kwargs)

    __new__ = staticmethod(__new__)

    def __init_subclass__(cls, total=True, **kwargs):
        _typeddict_keys(cls, total)


def _typeddict_keys(cls, total):
    # The keys a TypedDict class declares, with its bases': required
    # unless total=False or NotRequired[...] (Required[...] forces).
    own = dict(cls.__dict__.get('__annotations__', {}))
    annotations = {}
    required = set()
    optional = set()
    for base in cls.__mro__[1:]:
        if issubclass(base, TypedDict) and base is not TypedDict:
            annotations.update(getattr(base, '__annotations__', {}))
            required |= getattr(base, '__required_keys__', frozenset())
            optional |= getattr(base, '__optional_keys__', frozenset())
    for key, tp in own.items():
        origin = get_origin(tp)
        if origin is Required:
            is_required = True
        elif origin is NotRequired:
            is_required = False
        else:
            is_required = total
        if is_required:
            required.add(key)
            optional.discard(key)
        else:
            optional.add(key)
            required.discard(key)
    annotations.update(own)
    cls.__annotations__ = annotations
    cls.__required_keys__ = frozenset(required)
    cls.__optional_keys__ = frozenset(optional)
    cls.__total__ = total


def _typeddict_functional(name, fields=None, /, *, total=True, **kwargs):
    if fields is None:
        fields = kwargs
    cls = type(name, (TypedDict,), {'__annotations__': dict(fields)})
    _typeddict_keys(cls, total)
    return cls
