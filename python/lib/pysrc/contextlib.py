"""contextlib: building and combining context managers.

contextmanager / asynccontextmanager turn a (async) generator function with one yield into
a context manager factory: the code before the yield is __enter__, the yielded value is
what `as` binds, and an exception from the with body is thrown in at the yield. ExitStack
and AsyncExitStack unwind a dynamic list of exit callbacks in reverse order. Also:
suppress, nullcontext, closing, aclosing, ContextDecorator, AsyncContextDecorator and the
two abstract bases (which recognise any class with the right methods).
"""

import abc as _abc
import sys as _sys
from functools import wraps as _wraps

__all__ = ['asynccontextmanager', 'contextmanager', 'closing', 'nullcontext',
           'AbstractContextManager', 'AbstractAsyncContextManager', 'AsyncExitStack',
           'ContextDecorator', 'ExitStack', 'suppress', 'aclosing',
           'AsyncContextDecorator', 'redirect_stdout', 'redirect_stderr']


def _defines_all(klass, names):
    # For __subclasshook__: each name found on the MRO, and not blanked out with None.
    for name in names:
        owner = None
        for base in klass.__mro__:
            if name in base.__dict__:
                owner = base
                break
        if owner is None or owner.__dict__[name] is None:
            return NotImplemented
    return True


class AbstractContextManager(_abc.ABC):
    """Base of context managers: __enter__ returns self, __exit__ is abstract. Any class
    defining both counts as a subclass."""

    def __enter__(self):
        return self

    @_abc.abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, other):
        if cls is not AbstractContextManager:
            return NotImplemented
        return _defines_all(other, ('__enter__', '__exit__'))


class AbstractAsyncContextManager(_abc.ABC):
    """Base of async context managers: __aenter__ returns self, __aexit__ is abstract.
    Any class defining both counts as a subclass."""

    async def __aenter__(self):
        return self

    @_abc.abstractmethod
    async def __aexit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, other):
        if cls is not AbstractAsyncContextManager:
            return NotImplemented
        return _defines_all(other, ('__aenter__', '__aexit__'))


class ContextDecorator:
    """A context manager usable as a function decorator: each call of the decorated
    function runs inside `with self._recreate_cm():`."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def run_inside(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return _wraps(func)(run_inside)


class AsyncContextDecorator:
    """ContextDecorator for coroutine functions and async context managers."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        async def run_inside(*args, **kwds):
            async with self._recreate_cm():
                return await func(*args, **kwds)
        return _wraps(func)(run_inside)


def _after_throw(raised, sent, finished, stop_types):
    # The verdict of __exit__ once throwing `sent` into the generator ended with `raised`:
    # the generator finishing (finished) swallows the exception; `sent` coming back (or a
    # RuntimeError standing for a StopIteration that was sent, as generators turn those)
    # means "not handled"; any other exception replaces the original one.
    if isinstance(raised, finished):
        return raised is not sent
    if raised is sent:
        return False
    if isinstance(raised, RuntimeError) and isinstance(sent, stop_types) and raised.__cause__ is sent:
        return False
    raise raised


class _GeneratorCM:
    # What the sync and async generator context managers share: the call that made the
    # generator is kept until entry, so the decorator form can make a fresh one per call.

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func = func
        self.args = args
        self.kwds = kwds
        doc = getattr(func, '__doc__', None)
        self.__doc__ = type(self).__doc__ if doc is None else doc

    def _recreate_cm(self):
        return type(self)(self.func, self.args, self.kwds)

    def _entered(self):
        # Once entered, this object is single-use.
        del self.func, self.args, self.kwds


class _GeneratorContextManager(_GeneratorCM, AbstractContextManager, ContextDecorator):
    """Helper for @contextmanager."""

    def __enter__(self):
        self._entered()
        try:
            first = next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None
        return first

    def __exit__(self, typ, value, traceback):
        if typ is not None:
            if value is None:
                value = typ()
            try:
                self.gen.throw(value)
            except BaseException as raised:
                return _after_throw(raised, value, StopIteration, StopIteration)
            raise RuntimeError("generator didn't stop after throw()")
        for _ in self.gen:
            raise RuntimeError("generator didn't stop")
        return False


class _AsyncGeneratorContextManager(_GeneratorCM, AbstractAsyncContextManager, AsyncContextDecorator):
    """Helper for @asynccontextmanager."""

    async def __aenter__(self):
        self._entered()
        try:
            first = await self.gen.__anext__()
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None
        return first

    async def __aexit__(self, typ, value, traceback):
        if typ is not None:
            if value is None:
                value = typ()
            try:
                await self.gen.athrow(value)
            except BaseException as raised:
                return _after_throw(raised, value, StopAsyncIteration, (StopIteration, StopAsyncIteration))
            raise RuntimeError("generator didn't stop after athrow()")
        async for _ in self.gen:
            raise RuntimeError("generator didn't stop")
        return False


def contextmanager(func):
    """@contextmanager: a generator function that yields once becomes a context manager
    factory."""
    return _wraps(func)(lambda *args, **kwds: _GeneratorContextManager(func, args, kwds))


def asynccontextmanager(func):
    """@asynccontextmanager: an async generator function that yields once becomes an
    async context manager factory."""
    return _wraps(func)(lambda *args, **kwds: _AsyncGeneratorContextManager(func, args, kwds))


class _Holder:
    def __init__(self, thing):
        self.thing = thing


class closing(_Holder, AbstractContextManager):
    """with closing(thing): ... calls thing.close() at the end, whatever happened."""

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class aclosing(_Holder, AbstractAsyncContextManager):
    """async with aclosing(thing): ... awaits thing.aclose() at the end."""

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class _StreamSwap(AbstractContextManager):
    # Binds sys.<_name> to a new target for the body and restores what was bound
    # before; entries nest (the same object may be entered again inside itself).
    _name = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._saved = []

    def __enter__(self):
        self._saved.append(getattr(_sys, self._name))
        setattr(_sys, self._name, self._new_target)
        return self._new_target

    def __exit__(self, exc_type, exc_value, traceback):
        setattr(_sys, self._name, self._saved.pop())


class redirect_stdout(_StreamSwap):
    """with redirect_stdout(buf): ... sends what print and sys.stdout.write write in
    the body to buf."""

    _name = 'stdout'


class redirect_stderr(_StreamSwap):
    """with redirect_stderr(buf): ... sends what is written to sys.stderr in the body
    to buf."""

    _name = 'stderr'


class suppress(AbstractContextManager):
    """with suppress(KeyError, ...): ... swallows the listed exceptions (and their
    subclasses) raised in the body."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is None:
            return False
        return issubclass(exc_type, self._exceptions)


class nullcontext(AbstractContextManager, AbstractAsyncContextManager):
    """A context manager (sync or async) that only hands back enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *exc_info):
        return None

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *exc_info):
        return None


def _protocol_error(obj, what):
    kind = type(obj)
    return TypeError("'%s.%s' object does not support the %s protocol"
                     % (kind.__module__, kind.__qualname__, what))


def _relink(new, pending, around):
    # An exit callback raised `new` while `pending` was the exception in flight: `pending`
    # becomes the context of `new`'s chain where that chain reached the exception being
    # handled around the stack (`around`), as if the callbacks had been nested withs.
    link = new
    while True:
        ctx = link.__context__
        if ctx is None or ctx is pending:
            return
        if ctx is around:
            link.__context__ = pending
            return
        link = ctx


def _raise_kept(exc):
    # Raise exc from inside __exit__ without its context being replaced by the exception
    # the with statement is handling.
    kept = exc.__context__
    try:
        raise exc
    except BaseException:
        exc.__context__ = kept
        raise


class _Unwinder:
    # The callback list of ExitStack and AsyncExitStack: (callback, awaited) pairs, run
    # last-in first-out with the exception details (exc_type, exc, traceback).

    def __init__(self):
        self._exit_callbacks = []

    def _add(self, callback, awaited=False):
        self._exit_callbacks.append((callback, awaited))

    def pop_all(self):
        """Move every registered callback to a new stack and return it."""
        moved = type(self)()
        moved._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return moved

    def push(self, exit):
        """Register exit(exc_type, exc, tb), or the __exit__ of a context manager object;
        a true result swallows the exception. Returns exit."""
        try:
            hook = type(exit).__exit__
        except AttributeError:
            self._add(exit)
        else:
            self._add(lambda et, ev, tb: hook(exit, et, ev, tb))
        return exit

    def enter_context(self, cm):
        """Enter cm and register its __exit__; returns what __enter__ returned."""
        kind = type(cm)
        try:
            enter = kind.__enter__
            leave = kind.__exit__
        except AttributeError:
            raise _protocol_error(cm, 'context manager') from None
        result = enter(cm)
        self._add(lambda et, ev, tb: leave(cm, et, ev, tb))
        return result

    def callback(self, callback, /, *args, **kwds):
        """Register callback(*args, **kwds) (it cannot swallow exceptions); returns
        callback."""
        def call_it(exc_type, exc, tb):
            callback(*args, **kwds)
        call_it.__wrapped__ = callback
        self._add(call_it)
        return callback

    def _start(self, exc_details):
        return {'had_error': exc_details[0] is not None, 'around': _sys.exc_info()[1],
                'details': exc_details, 'swallowed': False, 'failing': False}

    def _after(self, state, verdict):
        if verdict:
            state['swallowed'] = True
            state['failing'] = False
            state['details'] = (None, None, None)

    def _failed(self, state, error):
        _relink(error, state['details'][1], state['around'])
        state['failing'] = True
        state['details'] = (type(error), error, error.__traceback__)

    def _finish(self, state):
        if state['failing']:
            _raise_kept(state['details'][1])
        return state['had_error'] and state['swallowed']


class ExitStack(_Unwinder, AbstractContextManager):
    """Enter any number of context managers and register callbacks; on exit all of them
    run in reverse order, each seeing the exception left by the ones before."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        state = self._start(exc_details)
        while self._exit_callbacks:
            callback, _ = self._exit_callbacks.pop()
            try:
                verdict = callback(*state['details'])
            except BaseException as error:
                self._failed(state, error)
            else:
                self._after(state, verdict)
        return self._finish(state)

    def close(self):
        """Unwind the stack now."""
        self.__exit__(None, None, None)


class AsyncExitStack(_Unwinder, AbstractAsyncContextManager):
    """ExitStack that also takes async context managers and coroutine callbacks."""

    async def __aenter__(self):
        return self

    async def enter_async_context(self, cm):
        """Enter the async context manager cm and register its __aexit__."""
        kind = type(cm)
        try:
            enter = kind.__aenter__
            leave = kind.__aexit__
        except AttributeError:
            raise _protocol_error(cm, 'asynchronous context manager') from None
        result = await enter(cm)
        self._add(lambda et, ev, tb: leave(cm, et, ev, tb), True)
        return result

    def push_async_exit(self, exit):
        """Register a coroutine function exit(exc_type, exc, tb), or the __aexit__ of an
        async context manager object. Returns exit."""
        try:
            hook = type(exit).__aexit__
        except AttributeError:
            self._add(exit, True)
        else:
            self._add(lambda et, ev, tb: hook(exit, et, ev, tb), True)
        return exit

    def push_async_callback(self, callback, /, *args, **kwds):
        """Register an awaited callback(*args, **kwds); returns callback."""
        async def call_it(exc_type, exc, tb):
            await callback(*args, **kwds)
        call_it.__wrapped__ = callback
        self._add(call_it, True)
        return callback

    async def aclose(self):
        """Unwind the stack now."""
        await self.__aexit__(None, None, None)

    async def __aexit__(self, *exc_details):
        state = self._start(exc_details)
        while self._exit_callbacks:
            callback, awaited = self._exit_callbacks.pop()
            try:
                verdict = callback(*state['details'])
                if awaited:
                    verdict = await verdict
            except BaseException as error:
                self._failed(state, error)
            else:
                self._after(state, verdict)
        return self._finish(state)
