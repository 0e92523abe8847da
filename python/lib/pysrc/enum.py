"""enum: Enum, ReprEnum, IntEnum, StrEnum, Flag, IntFlag, auto, unique.

Members are made when the class body finishes (through __init_subclass__; the
metaclass EnumType only prepares the body's namespace, which rejects a member
bound twice): Color.RED, Color(1), Color['RED'], Color.__members__, .name and
.value behave as in CPython. Calling, iterating and measuring the class (Color(1),
for c in Color, len(Color), x in Color) go through the class-level hooks
__toolplane_class_call__/_iter__/_len__/_contains__ below, which the VM consults.
IntEnum, StrEnum and IntFlag derive from int or str and ReprEnum as in CPython
3.11, so their members are ints and strs.
"""

_auto_null = object()
Flag = None  # bound below; EnumType.__repr__ tells flags apart once it is
ReprEnum = None  # bound below; _mixin_methods looks for it among an enum's bases


class auto:
    """Instances are replaced with an appropriate value for the member."""

    def __init__(self):
        self.value = _auto_null

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


def _is_descriptor(obj):
    return hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__')


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_'


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name,)
    return name.startswith(pattern)


def _is_member_value(value):
    # What _build_members makes a member of (functions, descriptors and
    # nested classes are not).
    if isinstance(value, auto):
        return True
    if callable(value) or isinstance(value, (classmethod, staticmethod, property, type)):
        return False
    return not _is_descriptor(value)


class _EnumDict(dict):
    """The namespace of an enum's class body, as EnumType.__prepare__ makes it:
    binding a member's name a second time is a TypeError, as in CPython."""

    def __init__(self, cls_name, generate=None):
        super().__init__()
        self._cls_name = cls_name
        self._member_names = {}
        self._ignore = ()
        self._generate = generate
        self._last_values = []

    def __setitem__(self, key, value):
        if not isinstance(key, str) or _is_private(self._cls_name, key) or _is_dunder(key):
            pass
        elif _is_sunder(key):
            if key == '_ignore_':
                self._ignore = value.replace(',', ' ').split() if isinstance(value, str) else list(value)
            elif key == '_generate_next_value_':
                self._generate = value.__func__ if isinstance(value, staticmethod) else value
        elif key in self._member_names:
            raise TypeError('%r already defined as %r' % (key, self[key]))
        elif key in self._ignore:
            pass
        elif _is_member_value(value):
            if key in self:
                raise TypeError('%r already defined as %r' % (key, self[key]))
            # auto() takes its value now, so later lines of the body see it
            # (RW = R | W with R = auto()).
            if self._generate is not None:
                if isinstance(value, auto):
                    value = self._auto_value(key, value)
                elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                    # Each auto in a tuple counts as a value of its own too:
                    # (auto(), 'x') then auto() gives 1, then 2.
                    parts = []
                    for v in value:
                        if isinstance(v, auto):
                            v = self._auto_value(key, v)
                            self._last_values.append(v)
                        parts.append(v)
                    value = tuple(parts)
            self._member_names[key] = None
            self._last_values.append(value)
        super().__setitem__(key, value)

    def _auto_value(self, key, a):
        if a.value is _auto_null:
            a.value = self._generate(key, 1, len(self._member_names), self._last_values[:])
        return a.value


class EnumType(type):
    """The metaclass of enums. It only prepares the class body's namespace;
    members are made by Enum.__init_subclass__, and calling, iterating and
    measuring an enum class go through Enum's class-level hooks."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        generate = None
        for base in bases:
            if isinstance(base, EnumType):
                generate = base._generate_next_value_
                break
        return _EnumDict(cls, generate)

    # CPython 3.11's EnumType.__getattr__: a name missing on an enum class raises
    # AttributeError(name) with the bare name (members are class attributes here, so
    # only misses reach this).
    def __getattr__(cls, name):
        if name[:2] == name[-2:] == '__' and len(name) > 4:
            raise AttributeError(name)
        try:
            return type.__getattribute__(cls, '_member_map_')[name]
        except (AttributeError, KeyError):
            raise AttributeError(name) from None

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % (cls.__name__,)
        return "<enum %r>" % (cls.__name__,)

    def __dir__(cls):
        # CPython 3.11's: the class's protocol names and members, with everything
        # of the mixed-in data type's (dir(IntEnum) has int's methods).
        interesting = set(['__class__', '__contains__', '__doc__', '__getitem__', '__init_subclass__',
                           '__iter__', '__len__', '__members__', '__module__', '__name__', '__qualname__']
                          + cls._member_names_)
        if cls is Enum or '__new_member__' in cls.__dict__:
            interesting.add('__new__')
        dtype = _data_type(cls)
        if dtype is None:
            return sorted(interesting)
        return sorted(set(dir(dtype)) | interesting)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Generic enumeration: class Color(Enum): RED = 1."""

    _member_names_ = []
    _member_map_ = {}
    _value2member_map_ = {}

    def __new__(cls, value=_auto_null, names=None, *args, **kwds):
        if names is not None:
            return _functional(cls, value, names, **kwds)
        if value is _auto_null:
            raise TypeError("%s.__new__() missing 1 required positional argument: 'value'" % cls.__name__)
        if isinstance(value, cls) and type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        missing = cls._missing_(value)
        if isinstance(missing, cls):
            return missing
        raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))

    __new__ = staticmethod(__new__)

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _missing_(cls, value):
        return None

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    def __init_subclass__(cls, **kwds):
        _build_members(cls)

    # What EnumType.__call__ does in CPython: Color(1) looks the member up
    # (Enum('Name', 'A B') makes a class); the member's __init__ never runs
    # again. The interpreter calls this hook in place of a metaclass's.
    @classmethod
    def __toolplane_class_call__(cls, *args, **kwds):
        if not args and 'value' not in kwds:
            raise TypeError("EnumType.__call__() missing 1 required positional argument: 'value'")
        return cls.__new__(cls, *args, **kwds)

    # What EnumType's __iter__, __len__ and __contains__ do in CPython. The embedded
    # interpreter has no metaclasses; a VM that consults these class-level hooks for
    # iter(cls), len(cls) and `x in cls` makes enum classes iterable.
    @classmethod
    def __toolplane_class_iter__(cls):
        return iter([cls._member_map_[n] for n in cls._member_names_])

    @classmethod
    def __toolplane_class_len__(cls):
        return len(cls._member_names_)

    @classmethod
    def __toolplane_class_contains__(cls, member):
        if not isinstance(member, Enum):
            import warnings
            warnings.warn("in 3.12 __contains__ will no longer raise TypeError, but will return True or\n"
                          "False depending on whether the value is a member or the value of a member",
                          DeprecationWarning, stacklevel=2)
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'"
                            % (type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __class_getitem__(cls, name):
        try:
            return cls._member_map_[name]
        except KeyError:
            raise KeyError(name) from None

    def _get_name(self):
        return self._name_

    def _get_value(self):
        return self._value_

    def _set_name(self, v):
        raise AttributeError("<enum 'Enum'> cannot set attribute 'name'")

    def _set_value(self, v):
        raise AttributeError("<enum 'Enum'> cannot set attribute 'value'")

    name = property(_get_name, _set_name)
    value = property(_get_value, _set_value)
    del _get_name, _get_value, _set_name, _set_value

    def __repr__(self):
        return '<%s.%s: %r>' % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        return '%s.%s' % (type(self).__name__, self._name_)

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return type(self), (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __setattr__(self, name, value):
        if name in ('name', 'value'):
            raise AttributeError("<enum 'Enum'> cannot set attribute %r" % name)
        object.__setattr__(self, name, value)

    def __dir__(self):
        # CPython 3.11's: the public names of the member and its classes (not the
        # other members); for a member of a mixed-in data type, object.__dir__'s
        # names too.
        # object.__dir__'s names leave out what only this implementation has
        # (the hooks standing in for EnumType's methods); members come in
        # with it as in CPython, where only the loop below skips them.
        if _data_type(type(self)) is None:
            interesting = set(['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value'])
        else:
            interesting = set(object.__dir__(self)) - _OWN_NAMES
        for name in getattr(self, '__dict__', ()):
            if name[0] != '_':
                interesting.add(name)
        members = type(self)._member_map_
        for cls in type(self).__mro__:
            for name, obj in cls.__dict__.items():
                if name[0] == '_' or name in members and isinstance(obj, Enum):
                    continue
                interesting.add(name)
        return sorted(set(['__class__', '__doc__', '__eq__', '__hash__', '__module__']) | interesting)


# Names of this implementation's enum classes that CPython's have not (its
# EnumType provides them): left out of a member's dir().
_OWN_NAMES = frozenset(['__toolplane_class_call__', '__toolplane_class_iter__', '__toolplane_class_len__',
                        '__toolplane_class_contains__', '__class_getitem__', '__members__'])


def _build_members(cls):
    if ReprEnum is not None and ReprEnum in cls.__bases__ and not any(
            '__new__' in b.__dict__ for b in cls.__mro__ if b is not object and not isinstance(b, EnumType)):
        raise TypeError('ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)')
    # _ignore_ names neither members nor attributes: they leave the class.
    ignore = cls.__dict__.get('_ignore_', ())
    if isinstance(ignore, str):
        ignore = ignore.replace(',', ' ').split()
    if '_ignore_' in cls.__dict__:
        for key in list(ignore) + ['_ignore_']:
            if key in cls.__dict__:
                delattr(cls, key)
    names = []
    members = {}
    value_map = {}
    last_values = []
    body = [(k, v) for k, v in cls.__dict__.items()]
    init = None
    for k in cls.__mro__:
        if '__init__' in k.__dict__:
            init = k.__dict__['__init__']
            break
    custom_init = init is not None and init is not Enum.__dict__['__init__']
    # A __new__ defined by the enum (or a mixin) makes the members, as
    # CPython's __new_member__; calling the class then looks them up.
    new_member = None
    for k in cls.__mro__:
        if k is Enum or k is object:
            break
        if '__new_member__' in k.__dict__:
            new_member = k.__dict__['__new_member__']
            break
        if '__new__' in k.__dict__ and k not in (str, int, float):
            new_member = k.__dict__['__new__']
            break
    if isinstance(new_member, staticmethod):
        new_member = new_member.__func__
    if new_member is Enum.__dict__['__new__'].__func__:
        new_member = None
    if new_member is not None:
        cls.__new_member__ = staticmethod(new_member)
        cls.__new__ = Enum.__dict__['__new__']
    for key, value in body:
        if key[:1] == '_' and (key[:2] == '__' and key[-2:] == '__' or _is_dunder(key) or _is_sunder(key)
                               or _is_private(cls.__name__, key)):
            continue
        if callable(value) and not isinstance(value, auto) or \
                isinstance(value, (classmethod, staticmethod, property, type)) or _is_descriptor(value):
            continue
        if isinstance(value, auto):
            if value.value is _auto_null:
                value.value = cls._generate_next_value_(key, 1, len(names), last_values[:])
            value = value.value
        if isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
            value = tuple(cls._generate_next_value_(key, 1, len(names), last_values[:])
                          if isinstance(v, auto) else v for v in value)
        last_values.append(value)
        member = None
        args = value if isinstance(value, tuple) else (value,)
        dtype = _data_type(cls)
        if new_member is not None:
            member = new_member(cls, *args)
            if '_value_' in getattr(member, '__dict__', {}):
                value = member._value_
            elif dtype is not None:
                value = dtype(*args)
        elif dtype is not None:
            # class S(str, Enum), IntEnum: members are also strs or ints, so
            # they compare, hash and compute as their value, which is what
            # the mixed-in type makes of the given one (IntEnum's '1' is 1).
            member = dtype.__new__(cls, *args)
            value = dtype(*args)
        canonical = None
        for m in members.values():
            if m._value_ == value:
                canonical = m
                break
        if canonical is not None:
            members[key] = canonical
            setattr(cls, key, canonical)
            continue
        if member is None:
            member = object.__new__(cls)
        # A member's __dict__ as CPython 3.11 fills it, in its order.
        object.__setattr__(member, '_value_', value)
        object.__setattr__(member, '_name_', key)
        object.__setattr__(member, '__objclass__', cls)
        object.__setattr__(member, '_sort_order_', len(names))
        if custom_init:
            init(member, *args)
        names.append(key)
        members[key] = member
        try:
            value_map[value] = member
        except TypeError:
            pass
        setattr(cls, key, member)
    _mixin_methods(cls)
    if Flag is not None and issubclass(cls, Flag):
        # A flag lists (iterates, counts) its single-bit members only; the
        # others (none, several bits) are in __members__.
        names = [n for n in names if isinstance(members[n]._value_, int) and members[n]._value_ > 0
                 and members[n]._value_ & (members[n]._value_ - 1) == 0]
    if names or not cls._member_names_:
        cls._member_names_ = names
        cls._member_map_ = members
        cls._value2member_map_ = value_map
        cls.__members__ = dict(members)
    # What CPython 3.11's EnumType records on every enum class: the mixed-in
    # data type, how its members are made and how their values print.
    dtype = _data_type(cls)
    cls._member_type_ = dtype or object
    cls._new_member_ = (dtype or object).__new__
    cls._use_args_ = dtype is not None
    cls._unhashable_values_ = []
    cls._value_repr_ = dtype.__repr__ if dtype is not None else None
    # CPython copies _generate_next_value_ into every enum class from its
    # last enum base (IntFlag's from Flag, not from ReprEnum before it).
    first = next((b for b in reversed(cls.__bases__) if isinstance(b, EnumType)), None)
    if first is not None and '_generate_next_value_' not in cls.__dict__:
        for k in first.__mro__:
            if '_generate_next_value_' in k.__dict__:
                setattr(cls, '_generate_next_value_', k.__dict__['_generate_next_value_'])
                break


def _data_type(cls):
    """The builtin type an enum mixes in (class S(str, Enum)), or None."""
    for base in cls.__mro__:
        if base is str or base is int or base is float:
            return base
    return None


def _mixin_methods(cls):
    """What an enum mixed with str, int or float takes from Enum rather than
    from the mixed-in type, which comes first in its MRO: calling the class
    looks members up, repr() is the enum's, and a Flag's |, & and ^ combine
    members. str() and format() are the enum's too, except in a direct
    subclass of ReprEnum (IntEnum, StrEnum, IntFlag), where they are the
    mixed-in type's (str(IntEnum member) is the int's repr). A method the
    class itself defines always wins."""
    dtype = _data_type(cls)
    if dtype is None:
        return
    if '__new__' not in cls.__dict__:
        cls.__new__ = Enum.__dict__['__new__']
    enum_bases = [b for b in cls.__bases__ if isinstance(b, EnumType)]
    nearest = enum_bases[-1] if enum_bases else Enum
    own = set(cls.__dict__)
    for name in ('__repr__', '__str__', '__format__'):
        if name not in own:
            found = getattr(cls, name)
            if found is getattr(dtype, name) or found is getattr(object, name):
                setattr(cls, name, getattr(nearest, name))
    if ReprEnum is not None and ReprEnum in cls.__bases__:
        if '__format__' not in own:
            cls.__format__ = dtype.__format__
        if '__str__' not in own:
            cls.__str__ = dtype.__str__ if dtype is str else dtype.__repr__
    if Flag is not None and issubclass(cls, Flag):
        for name in ('__or__', '__and__', '__xor__', '__ror__', '__rand__', '__rxor__', '__invert__'):
            if name not in cls.__dict__ and getattr(cls, name) is getattr(dtype, name):
                setattr(cls, name, Flag.__dict__[name])


def _functional(base, name, names, *, module=None, qualname=None, type=None, start=1):
    ns = {}
    if isinstance(names, str):
        names = names.replace(',', ' ').split()
    if isinstance(names, (list, tuple)) and names and isinstance(names[0], str):
        # Bare names take the values the enum generates: 1, 2, 3 for an
        # Enum, 1, 2, 4 for a Flag, the lower-cased name for a StrEnum.
        pairs = []
        for n in names:
            pairs.append((n, base._generate_next_value_(n, start, len(pairs), [v for _, v in pairs])))
        names = pairs
    elif hasattr(names, 'items'):
        names = list(names.items())
    for n, v in names:
        ns[n] = v
    cls = __builtins_type(name, (base,), ns)
    if not cls._member_names_:
        _build_members(cls)
    return cls


__builtins_type = type


class ReprEnum(Enum):
    """An Enum whose members repr as Enum's do while str() and format() are
    those of the type it is mixed with (int for IntEnum, str for StrEnum)."""


class IntEnum(int, ReprEnum):
    """Enum whose members are ints: they compare, hash, compute and write
    as JSON as their value; str() and format() give the int's."""


class StrEnum(str, ReprEnum):
    """Enum whose members are strs; auto() gives the lower-cased member name."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError('%r is not a string' % (values[0],))
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError('encoding must be a string, not %r' % (values[1],))
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError('errors must be a string, not %r' % (values[2],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def _bits_shown(num, width):
    # A value's bits as a strict Flag's error shows them: '0b0' or '0b1' for the
    # sign, then the digits (two's complement for a negative) widened to width
    # with the sign's digit.
    if num >= 0:
        sign, digits = '0b0', (format(num, 'b') if num else '')
    else:
        n = num.bit_length()
        sign, digits = '0b1', format(num + (1 << n), '0%db' % n)
    return '%s %s' % (sign, digits.rjust(width, sign[-1]))


class Flag(Enum):
    """Enum whose members combine with |, & and ^ (auto() gives powers of two)."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return 1
        high = max(last_values)
        return 1 << high.bit_length()

    @classmethod
    def _flag_mask(cls):
        mask = 0
        for m in cls._member_map_.values():
            if isinstance(m._value_, int):
                mask |= m._value_
        return mask

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        dtype = _data_type(cls)
        if dtype is None:
            # A plain Flag is strict, as 3.11's default boundary: bits no member
            # defines are a ValueError; a negative value counts down from the
            # highest bit the members use (F(-1) is every member).
            mask = cls._flag_mask()
            every = (1 << mask.bit_length()) - 1
            if not ~every <= value <= every or value & (every ^ mask):
                width = max(value.bit_length(), mask.bit_length())
                raise ValueError('%r invalid value %r\n    given %s\n  allowed %s' % (
                    cls, value, _bits_shown(value, width), _bits_shown(mask, width)))
            if value < 0:
                value += every + 1
                if value in cls._value2member_map_:
                    return cls._value2member_map_[value]
            member = object.__new__(cls)
        else:
            # An IntFlag keeps any value: bits no member names follow the
            # names as one number (<P.R|8: 12>). A negative value counts
            # down from the power of two above the members' bits when it
            # reaches that far (P(-1) is every member), else from the one
            # above its own (P(-100) is 28).
            if value < 0:
                top = 1 << cls._flag_mask().bit_length()
                value += top if value + top >= 0 else 1 << (-value).bit_length()
                if value in cls._value2member_map_:
                    return cls._value2member_map_[value]
            member = dtype.__new__(cls, value)
        names = []
        named = 0
        for m in cls._member_map_.values():
            v = m._value_
            if v and v & value == v and m._name_ not in names:
                names.append(m._name_)
                named |= v
        if names and value & ~named:
            names.append(str(value & ~named))
        object.__setattr__(member, '_name_', '|'.join(names) if names else None)
        object.__setattr__(member, '_value_', value)
        # Pseudo-members are kept, as CPython's are: Perm(6) is Perm.R | Perm.W.
        return cls._value2member_map_.setdefault(value, member)

    def _operand(self, other):
        # What |, & and ^ combine self with: a member of self's class, or
        # a value of the type the flag is mixed with (an IntFlag takes ints);
        # None for anything else, which the operator does not take.
        if isinstance(other, type(self)):
            return other._value_
        dtype = _data_type(type(self))
        if dtype is not None and isinstance(other, dtype):
            return other
        return None

    def __or__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ | v)

    def __and__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ & v)

    def __xor__(self, other):
        v = self._operand(other)
        if v is None:
            return NotImplemented
        return type(self)(self._value_ ^ v)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, type(self).__qualname__))
        return other._value_ & self._value_ == other._value_

    def _singles(self):
        # The single-bit members, lowest bit first (3.11 iterates by value).
        singles = {}
        for m in type(self)._member_map_.values():
            v = m._value_
            if isinstance(v, int) and v > 0 and v & (v - 1) == 0 and v not in singles:
                singles[v] = m
        return [singles[v] for v in sorted(singles)]

    def __iter__(self):
        return iter([m for m in self._singles() if m._value_ & self._value_])

    def __len__(self):
        return self._value_.bit_count()

    def __invert__(self):
        mask = 0
        for m in self._singles():
            mask |= m._value_
        if _data_type(type(self)) is not None and self._value_ >= 0:
            # An IntFlag inverts within the bits its members and its value use.
            every = (1 << max(self._value_.bit_length(), mask.bit_length())) - 1
            return type(self)(every ^ self._value_)
        return type(self)(mask ^ (self._value_ & mask))

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        if self._name_ is None:
            return '<%s: %r>' % (type(self).__name__, self._value_)
        return '<%s.%s: %r>' % (type(self).__name__, self._name_, self._value_)

    def __str__(self):
        if self._name_ is None:
            return '%s(%r)' % (type(self).__name__, self._value_)
        return '%s.%s' % (type(self).__name__, self._name_)


class IntFlag(int, ReprEnum, Flag):
    """Flag whose members are ints: |, & and ^ answer members (any int value
    is kept), other arithmetic answers plain ints."""


def unique(enumeration):
    """Class decorator: ValueError if any two members share a value."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member._name_:
            duplicates.append((name, member._name_))
    if duplicates:
        alias_details = ', '.join('%s -> %s' % (alias, name) for (alias, name) in duplicates)
        raise ValueError('duplicate values found in <enum %r>: %s' % (enumeration.__name__, alias_details))
    return enumeration

