"""abc: ABCMeta, ABC and abstractmethod, as CPython's.

A class made by ABCMeta (class C(ABC), class C(metaclass=ABCMeta)) records the names
of its abstract methods in __abstractmethods__; instantiating it while any are left is
a TypeError (object.__new__ refuses it). register() makes virtual subclasses that
isinstance() and issubclass() accept, as does a __subclasshook__.
"""


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """A classmethod that is abstract (deprecated form of @classmethod over
    @abstractmethod)."""
    return classmethod(abstractmethod(callable))


def abstractstaticmethod(callable):
    """A staticmethod that is abstract (deprecated form of @staticmethod over
    @abstractmethod)."""
    return staticmethod(abstractmethod(callable))


def abstractproperty(f):
    return property(abstractmethod(f))


def _is_abstract(value):
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        value = value.fget
    return getattr(value, '__isabstractmethod__', False)


_abc_invalidation_counter = 0


def get_cache_token():
    return _abc_invalidation_counter


class _abc_data:
    """The registry of virtual subclasses of one class, and the classes found to be
    subclasses (positive answers never change)."""

    __slots__ = ('registry', 'subclasses', 'cache')

    def __init__(self):
        self.registry = []
        self.subclasses = []
        self.cache = set()


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = {key for key, value in namespace.items() if _is_abstract(value)}
        for base in bases:
            for key in getattr(base, '__abstractmethods__', ()):
                if _is_abstract(getattr(cls, key, None)):
                    abstracts.add(key)
        cls.__abstractmethods__ = frozenset(abstracts)
        cls._abc_impl = _abc_data()
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_impl.subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Register a virtual subclass of an ABC; returns the subclass, to allow
        usage as a class decorator."""
        global _abc_invalidation_counter
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_impl.registry.append(subclass)
        _abc_invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        subtype = type(instance)
        if subtype is subclass:
            return cls.__subclasscheck__(subclass)
        return cls.__subclasscheck__(subclass) or cls.__subclasscheck__(subtype)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        impl = cls._abc_impl
        if subclass in impl.cache:
            return True
        hook = getattr(cls, '__subclasshook__', None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                if not isinstance(ok, bool):
                    raise AssertionError("__subclasshook__ must return either False, True, or NotImplemented")
                if ok:
                    impl.cache.add(subclass)
                return ok
        if cls in subclass.__mro__:
            impl.cache.add(subclass)
            return True
        for rcls in impl.registry:
            if issubclass(subclass, rcls):
                impl.cache.add(subclass)
                return True
        for scls in impl.subclasses:
            if issubclass(subclass, scls):
                impl.cache.add(subclass)
                return True
        return False

    def _abc_registry_clear(cls):
        cls._abc_impl.registry.clear()
        cls._abc_impl.cache.clear()

    def _abc_caches_clear(cls):
        cls._abc_impl.cache.clear()


def update_abstractmethods(cls):
    """Recalculate the set of abstract methods of an abstract class (after
    methods were added to it by a decorator)."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    abstracts = set()
    for scls in cls.__bases__:
        for name in getattr(scls, '__abstractmethods__', ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls


class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using
    inheritance."""
    __slots__ = ()
