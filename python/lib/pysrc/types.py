"""types: SimpleNamespace, MappingProxyType and the names of the builtin types."""


class SimpleNamespace:
    """An attribute bag: SimpleNamespace(a=1, b=2)."""

    def __init__(self, *args, **kwargs):
        # Python 3.11 takes keywords only (a mapping came in 3.13).
        if args:
            raise TypeError('no positional arguments expected')
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return '%s(%s)' % ('namespace' if type(self) is SimpleNamespace else type(self).__name__,
                           ', '.join('%s=%r' % kv for kv in self.__dict__.items()))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


class mappingproxy:
    """A read-only view of a mapping."""

    def __init__(self, mapping):
        self._m = mapping

    def __getitem__(self, key):
        return self._m[key]

    def __iter__(self):
        return iter(self._m)

    def __len__(self):
        return len(self._m)

    def __contains__(self, key):
        return key in self._m

    def get(self, key, default=None):
        return self._m.get(key, default)

    def keys(self):
        return self._m.keys()

    def values(self):
        return self._m.values()

    def items(self):
        return self._m.items()

    def copy(self):
        return self._m.copy()

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._m,)

    def __str__(self):
        return str(self._m)

    def __eq__(self, other):
        return self._m == other


MappingProxyType = mappingproxy


def _f():
    pass


def _g():
    yield 1


async def _c():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
GeneratorType = type(_g())
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
MethodType = type(SimpleNamespace().__repr__)
NoneType = type(None)
EllipsisType = type(...)
NotImplementedType = type(NotImplemented)
UnionType = type(int | str)
GenericAlias = type(list[int])


try:
    raise TypeError
except TypeError as _exc:
    TracebackType = type(_exc.__traceback__)
    del _exc

