"""collections.abc: the abstract base classes of containers, with CPython 3.11's behaviour.

Each is a real ABC (abc.ABCMeta): subclassing one gives its mixin methods and refuses
instantiation while an abstract method is left; the builtin containers are registered as
CPython registers them; the ABCs of a protocol (Iterable, Sized, Iterator, ...) also
recognise any class that defines its methods (__subclasshook__). Subscription
(Mapping[str, int]) gives a types.GenericAlias.

Layout: the protocol ABCs come from one table and share one hook; the collection ABCs
(Set, Mapping, Sequence and their mutable forms, the mapping views) are written out with
their mixins; the registrations of builtin and collections types are one table at the end.
"""

from abc import ABCMeta, abstractmethod
import types as _types

__all__ = ["Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator",
           "Hashable", "Iterable", "Iterator", "Generator", "Reversible", "Sized",
           "Container", "Callable", "Collection", "Set", "MutableSet", "Mapping",
           "MutableMapping", "MappingView", "KeysView", "ItemsView", "ValuesView",
           "Sequence", "MutableSequence", "ByteString"]

__name__ = "collections.abc"

_subscriptable = classmethod(_types.GenericAlias)

# dict's keys and items views define __eq__ but their class dictionaries here lack the
# __hash__ = None that CPython gives them, so Hashable's hook refuses them by name.
_NO_HASH_VIEWS = (type({}.keys()), type({}.items()))


# ---- the hook shared by every protocol ABC ----

def _provides(cls, names):
    """True when each name is found along cls's MRO and the nearest definition is not
    None (None is how a class opts out, as Mapping does for __reversed__); otherwise
    NotImplemented, which leaves the answer to registration and subclassing."""
    for name in names:
        owner = None
        for klass in cls.__mro__:
            if name in klass.__dict__:
                owner = klass
                break
        if owner is None or owner.__dict__[name] is None:
            return NotImplemented
    return True


def _install_hook(abc, *names, refused=()):
    """Give abc a __subclasshook__ that accepts a class defining all of names. It answers
    only for abc itself: a user's subclass of abc is checked the ordinary way."""
    def __subclasshook__(cls, other):
        if cls is not abc:
            return NotImplemented
        if other in refused:
            return False
        return _provides(other, names)
    __subclasshook__.__qualname__ = abc.__name__ + ".__subclasshook__"
    abc.__subclasshook__ = classmethod(__subclasshook__)


def _method(owner, name, fn):
    fn.__name__ = name
    fn.__qualname__ = owner + "." + name
    return fn


def _abstract(owner, name, error, is_async=False):
    """An abstract method whose body (what super() reaches) raises error: the collection
    ABCs' placeholders all just fail in their own exception."""
    if is_async:
        async def placeholder(self, *args):
            raise error
    else:
        def placeholder(self, *args):
            raise error
    return abstractmethod(_method(owner, name, placeholder))


# ---- the protocol ABCs ----

def _yields_nothing():
    # A fresh function each call: _method names it after the ABC method it becomes.
    def placeholder(self):
        return
        yield
    return placeholder


def _await_placeholder(self):
    yield


def _no_async_iterator(self):
    # The placeholder returns an AsyncIterator instance, which being abstract cannot be
    # made: calling it raises the TypeError CPython's does.
    return AsyncIterator()


# name, bases, the abstract method and its placeholder body (what super() reaches),
# subscriptable (X[int] gives a GenericAlias), the names the hook demands.
_PROTOCOLS = (
    ("Hashable", (), "__hash__", lambda self: 0, False, ("__hash__",)),
    ("Awaitable", (), "__await__", _await_placeholder, True, ("__await__",)),
    ("AsyncIterable", (), "__aiter__", _no_async_iterator, True, ("__aiter__",)),
    ("Iterable", (), "__iter__", _yields_nothing(), True, ("__iter__",)),
    ("Reversible", ("Iterable",), "__reversed__", _yields_nothing(), False,
     ("__reversed__", "__iter__")),
    ("Sized", (), "__len__", lambda self: 0, False, ("__len__",)),
    ("Container", (), "__contains__", lambda self, x: False, True, ("__contains__",)),
    ("Callable", (), "__call__", lambda self, *args, **kwds: False, True, ("__call__",)),
)


def _make_protocol(name, bases, method, body, subscriptable, needs):
    namespace = {
        "__module__": __name__,
        "__qualname__": name,
        "__slots__": (),
        method: abstractmethod(_method(name, method, body)),
    }
    if subscriptable:
        namespace["__class_getitem__"] = _subscriptable
    abc = ABCMeta(name, tuple(globals()[b] for b in bases), namespace)
    _install_hook(abc, *needs, refused=_NO_HASH_VIEWS if name == "Hashable" else ())
    return abc


for _row in _PROTOCOLS:
    globals()[_row[0]] = _make_protocol(*_row)
del _row


def _thrown(typ, val, tb):
    """What throw(typ, val, tb) raises when nothing catches it, as a generator builds it:
    typ alone is raised as given (class or instance), a class with a traceback is
    instantiated first, and the traceback is attached."""
    if val is None and tb is None:
        return typ
    exc = typ() if val is None else val
    return exc if tb is None else exc.with_traceback(tb)


def _close_by_throwing(obj, finished, what):
    # close(): throw GeneratorExit in; finishing (GeneratorExit or the stop exception
    # escaping) is the expected answer, anything else returning means it was ignored.
    try:
        obj.throw(GeneratorExit)
    except (GeneratorExit, finished):
        return
    raise RuntimeError(what + " ignored GeneratorExit")


class Iterator(Iterable):
    __slots__ = ()

    __next__ = _abstract("Iterator", "__next__", StopIteration)

    def __iter__(self):
        return self


class Generator(Iterator):
    """An iterator driven by send/throw; __next__ is send(None)."""

    __slots__ = ()

    def __next__(self):
        return self.send(None)

    send = _abstract("Generator", "send", StopIteration)

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise _thrown(typ, val, tb)

    def close(self):
        _close_by_throwing(self, StopIteration, "generator")


class Coroutine(Awaitable):
    __slots__ = ()

    send = _abstract("Coroutine", "send", StopIteration)

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise _thrown(typ, val, tb)

    def close(self):
        _close_by_throwing(self, StopIteration, "coroutine")


class AsyncIterator(AsyncIterable):
    __slots__ = ()

    __anext__ = _abstract("AsyncIterator", "__anext__", StopAsyncIteration, is_async=True)

    def __aiter__(self):
        return self


class AsyncGenerator(AsyncIterator):
    """An async iterator driven by asend/athrow; __anext__ is asend(None)."""

    __slots__ = ()

    async def __anext__(self):
        return await self.asend(None)

    asend = _abstract("AsyncGenerator", "asend", StopAsyncIteration, is_async=True)

    @abstractmethod
    async def athrow(self, typ, val=None, tb=None):
        raise _thrown(typ, val, tb)

    async def aclose(self):
        # The awaitable twin of _close_by_throwing.
        try:
            await self.athrow(GeneratorExit)
        except (GeneratorExit, StopAsyncIteration):
            return
        raise RuntimeError("asynchronous generator ignored GeneratorExit")


class Collection(Sized, Iterable, Container):
    __slots__ = ()


for _abc, _needs in (
        (Iterator, ("__iter__", "__next__")),
        (Generator, ("__iter__", "__next__", "send", "throw", "close")),
        (Coroutine, ("__await__", "send", "throw", "close")),
        (AsyncIterator, ("__anext__", "__aiter__")),
        (AsyncGenerator, ("__aiter__", "__anext__", "asend", "athrow", "aclose")),
        (Collection, ("__len__", "__iter__", "__contains__"))):
    _install_hook(_abc, *_needs)
del _abc, _needs


def _remove_all(remove_one, empty_error):
    # The mutable ABCs' clear(): take members out one at a time through the subclass's
    # own pop or popitem until it reports emptiness with empty_error.
    try:
        while True:
            remove_one()
    except empty_error:
        pass


def _first(container):
    # The first member in iteration order, for pop and popitem; an empty container
    # raises a bare KeyError (StopIteration's context suppressed, as CPython's does).
    try:
        return next(iter(container))
    except StopIteration:
        raise KeyError from None


def _same(a, b):
    # Containment and search in these mixins match as the builtins do: identity first.
    return a is b or a == b


# ---- sets ----

def _all_in(items, container):
    for item in items:
        if item not in container:
            return False
    return True


def _set_comparison(name, test):
    # Comparisons are only between Sets; anything else is left to the other operand.
    def compare(self, other):
        return test(self, other) if isinstance(other, Set) else NotImplemented
    return _method("Set", name, compare)


def _set_operation(name, combine, other_as_set):
    """A binary Set mixin. other may be any iterable; when the operation needs fast
    membership in it (other_as_set) a non-Set is first made one of self's kind through
    _from_iterable. combine(self, other) yields the members of the result, which is
    built through _from_iterable too, so a subclass controls both."""
    def operation(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        if other_as_set and not isinstance(other, Set):
            other = self._from_iterable(other)
        return combine(self, other)
    return _method("Set", name, operation)


class Set(Collection):
    """A finite, iterable container with the set operations as mixins; a concrete
    subclass defines __contains__, __iter__ and __len__."""

    __slots__ = ()

    # A subset has no more members than its superset: the size test comes first.
    __le__ = _set_comparison("__le__", lambda a, b: len(a) <= len(b) and _all_in(a, b))
    __ge__ = _set_comparison("__ge__", lambda a, b: len(a) >= len(b) and _all_in(b, a))
    __lt__ = _set_comparison("__lt__", lambda a, b: len(a) < len(b) and a.__le__(b))
    __gt__ = _set_comparison("__gt__", lambda a, b: len(a) > len(b) and a.__ge__(b))
    __eq__ = _set_comparison("__eq__", lambda a, b: len(a) == len(b) and a.__le__(b))

    @classmethod
    def _from_iterable(cls, it):
        """How the operations build their results; override when the constructor does
        not take one iterable."""
        return cls(it)

    __and__ = __rand__ = _set_operation(
        "__and__", lambda a, b: a._from_iterable(x for x in b if x in a), False)
    __or__ = __ror__ = _set_operation(
        "__or__", lambda a, b: a._from_iterable(x for part in (a, b) for x in part), False)
    __sub__ = _set_operation(
        "__sub__", lambda a, b: a._from_iterable(x for x in a if x not in b), True)
    __rsub__ = _set_operation(
        "__rsub__", lambda a, b: a._from_iterable(x for x in b if x not in a), True)
    __xor__ = __rxor__ = _set_operation("__xor__", lambda a, b: (a - b) | (b - a), True)

    def isdisjoint(self, other):
        for x in other:
            if x in self:
                return False
        return True

    def _hash(self):
        """The number a hashable Set subclass may return from __hash__: computed from
        the members alone, so equal sets hash equal whatever their order, and folded
        into the platform's signed 64-bit range (-1 avoided, it means error in C)."""
        word = 1 << 64
        h = 1927868237 * (len(self) + 1) % word
        for x in self:
            hx = hash(x)
            h = (h ^ (hx ^ (hx << 16) ^ 89869747) * 3644798167) % word
        h ^= (h >> 11) ^ (h >> 25)
        h = (h * 69069 + 907133923) % word
        if h >= word >> 1:
            h -= word
        return 590923713 if h == -1 else h


def _update_each(target, values, action, self_empties=False):
    """The in-place operators of MutableSet: action on each of values, then target (the
    operator's result). With self_empties, target ^= target and target -= target empty
    it instead: walking target while changing it would not end well."""
    if self_empties and values is target:
        target.clear()
    else:
        for value in values:
            action(value)
    return target


class MutableSet(Set):
    """A Set that changes; a concrete subclass also defines add and discard."""

    __slots__ = ()

    add = _abstract("MutableSet", "add", NotImplementedError)
    discard = _abstract("MutableSet", "discard", NotImplementedError)

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        value = _first(self)
        self.discard(value)
        return value

    def clear(self):
        _remove_all(self.pop, KeyError)

    def __ior__(self, it):
        return _update_each(self, it, self.add)

    def __iand__(self, it):
        return _update_each(self, self - it, self.discard)

    def __ixor__(self, it):
        members = it if isinstance(it, Set) else self._from_iterable(it)
        flip = lambda value: (self.discard if value in self else self.add)(value)
        return _update_each(self, members, flip, self_empties=True)

    def __isub__(self, it):
        return _update_each(self, it, self.discard, self_empties=True)


# ---- mappings and their views ----

def _lookup(mapping, key):
    # (True, mapping[key]), or (False, None) when the mapping raises KeyError.
    try:
        return True, mapping[key]
    except KeyError:
        return False, None


def _pairs(mapping):
    # What the views walk: each key with its value looked up now.
    for key in mapping:
        yield key, mapping[key]


class Mapping(Collection):
    """A read-only mapping; a concrete subclass defines __getitem__, __iter__ and
    __len__."""

    __slots__ = ()

    # Py_TPFLAGS_MAPPING: a match statement's mapping pattern accepts instances.
    __abc_tpflags__ = 1 << 6

    __getitem__ = _abstract("Mapping", "__getitem__", KeyError)

    def get(self, key, default=None):
        found, value = _lookup(self, key)
        return value if found else default

    def __contains__(self, key):
        return _lookup(self, key)[0]

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    # Mappings are not ordered as a rule: Reversible's hook must not accept them.
    __reversed__ = None


class MappingView(Sized):
    __slots__ = ("_mapping",)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return f"{self.__class__.__name__}({self._mapping!r})"

    __class_getitem__ = _subscriptable


class KeysView(MappingView, Set):
    __slots__ = ()

    # Set operations on a view give a plain set: a view cannot be built from members.
    _from_iterable = classmethod(lambda cls, it: set(it))

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    __slots__ = ()

    _from_iterable = KeysView._from_iterable

    def __contains__(self, item):
        key, value = item
        found, current = _lookup(self._mapping, key)
        return found and _same(current, value)

    def __iter__(self):
        yield from _pairs(self._mapping)


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        return any(_same(v, value) for _, v in _pairs(self._mapping))

    def __iter__(self):
        for _, value in _pairs(self._mapping):
            yield value


# pop's default when none is given (None is a valid default).
_NO_DEFAULT = object()


class MutableMapping(Mapping):
    """A Mapping that changes; a concrete subclass also defines __setitem__ and
    __delitem__."""

    __slots__ = ()

    __setitem__ = _abstract("MutableMapping", "__setitem__", KeyError)
    __delitem__ = _abstract("MutableMapping", "__delitem__", KeyError)

    def pop(self, key, default=_NO_DEFAULT):
        try:
            value = self[key]
        except KeyError:
            if default is _NO_DEFAULT:
                raise
            return default
        del self[key]
        return value

    def popitem(self):
        key = _first(self)
        item = key, self[key]
        del self[key]
        return item

    def clear(self):
        _remove_all(self.popitem, KeyError)

    def update(self, other=(), /, **kwds):
        # A Mapping is walked by iteration, another object with keys() by its keys(),
        # anything else must give (key, value) pairs.
        if isinstance(other, Mapping):
            pairs = _pairs(other)
        elif hasattr(other, "keys"):
            pairs = ((key, other[key]) for key in other.keys())
        else:
            pairs = other
        for source in (pairs, kwds.items()):
            for key, value in source:
                self[key] = value

    def setdefault(self, key, default=None):
        found, value = _lookup(self, key)
        if not found:
            self[key] = value = default
        return value


# ---- sequences ----

def _indexed(seq, i, stop):
    """(index, item) from i on, until stop (None: no bound) or the first IndexError, as
    the old sequence protocol walks: __len__ is not consulted, so a sequence that grows
    while walked is walked to its end."""
    while stop is None or i < stop:
        try:
            item = seq[i]
        except IndexError:
            return
        yield i, item
        i += 1


class Sequence(Reversible, Collection):
    """A read-only sequence; a concrete subclass defines __getitem__ and __len__."""

    __slots__ = ()

    __getitem__ = _abstract("Sequence", "__getitem__", IndexError)

    def __iter__(self):
        for _, item in _indexed(self, 0, None):
            yield item

    def __contains__(self, value):
        return any(_same(item, value) for item in self)

    def __reversed__(self):
        for i in range(len(self) - 1, -1, -1):
            yield self[i]

    def index(self, value, start=0, stop=None):
        # Negative bounds count from the end (start clamped at 0); the walk stops at
        # stop or at the first IndexError, whichever comes first.
        if start is not None and start < 0:
            start = max(start + len(self), 0)
        if stop is not None and stop < 0:
            stop = stop + len(self)
        for i, item in _indexed(self, start, stop):
            if _same(item, value):
                return i
        raise ValueError

    def count(self, value):
        return sum(1 for item in self if _same(item, value))


class ByteString(Sequence):
    __slots__ = ()


class MutableSequence(Sequence):
    """A Sequence that changes; a concrete subclass also defines __setitem__,
    __delitem__ and insert."""

    __slots__ = ()

    __setitem__ = _abstract("MutableSequence", "__setitem__", IndexError)
    __delitem__ = _abstract("MutableSequence", "__delitem__", IndexError)
    insert = _abstract("MutableSequence", "insert", IndexError)

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        _remove_all(self.pop, IndexError)

    def reverse(self):
        last = len(self) - 1
        for i in range(len(self) // 2):
            self[i], self[last - i] = self[last - i], self[i]

    def extend(self, values):
        # Extending by itself walks a copy, or the walk would never end.
        for value in list(values) if values is self else values:
            self.append(value)

    def pop(self, index=-1):
        value = self[index]
        del self[index]
        return value

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


# ---- registrations ----

def _registrations():
    """(ABC, the types registered with it): the builtins as CPython registers them, and
    collections' classes, which here are not dict/list subclasses."""
    import collections

    def gen():
        yield

    async def coro():
        pass

    async def agen():
        yield

    class Bound:
        def method(self):
            pass

    # The interpreter's memoryview is a stand-in function that refuses, not a type.
    buffers = [memoryview] if isinstance(memoryview, type) else []
    d = {}
    co = coro()
    coroutine_type = type(co)
    co.close()
    iterated = (b"", bytearray(), d.keys(), d.values(), d.items(), [], reversed([]),
                range(1), range(1 << 100), set(), "", ())
    return (
        (Iterator, [type(iter(x)) for x in iterated]
         + [type(zip()), type(map(len, ())), type(filter(None, ())), type(enumerate(()))]),
        (Generator, [type(gen())]),
        (Coroutine, [coroutine_type]),
        (AsyncGenerator, [type(agen())]),
        # dict views' class dictionaries here have no __reversed__ for the hook to find.
        (Reversible, [type(d.keys()), type(d.values()), type(d.items())]),
        # Nor have function and method types a __call__, though callable() accepts them.
        (Callable, [type(gen), type(len), type(Bound().method), type([].append)]),
        (Set, [frozenset]),
        (MutableSet, [set]),
        (KeysView, [type(d.keys())]),
        (ValuesView, [type(d.values())]),
        (ItemsView, [type(d.items())]),
        (Mapping, [_types.MappingProxyType]),
        (MutableMapping, [dict, collections._DictBase, collections.UserDict,
                          collections.ChainMap]),
        (Sequence, [tuple, str, range] + buffers),
        (ByteString, [bytes, bytearray]),
        (MutableSequence, [list, bytearray, collections.deque, collections.UserList]),
    )


for _abc, _types_registered in _registrations():
    for _t in _types_registered:
        _abc.register(_t)
del _abc, _types_registered, _t, _registrations
