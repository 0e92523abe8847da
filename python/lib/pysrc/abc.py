"""abc: ABC and abstractmethod (instantiating a class with abstract methods left is a
TypeError, as in CPython)."""


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        value = value.fget
    return getattr(value, '__isabstractmethod__', False)


class ABC:
    """Helper base class: class Shape(ABC) with @abstractmethod methods."""

    def __init_subclass__(cls, **kwargs):
        abstracts = set()
        for name, value in cls.__dict__.items():
            if _is_abstract(value):
                abstracts.add(name)
        for base in cls.__bases__:
            for name in getattr(base, '__abstractmethods__', ()):
                value = getattr(cls, name, None)
                if _is_abstract(value):
                    abstracts.add(name)
        cls.__abstractmethods__ = frozenset(abstracts)

    def __new__(cls, *args, **kwargs):
        abstracts = getattr(cls, '__abstractmethods__', ())
        if abstracts:
            names = sorted(abstracts)
            raise TypeError("Can't instantiate abstract class %s with abstract method%s %s"
                            % (cls.__name__, 's' if len(names) > 1 else '', ', '.join(names)))
        return object.__new__(cls)

    __new__ = staticmethod(__new__)


ABCMeta = type


def abstractproperty(f):
    return property(abstractmethod(f))
