"""contextlib: contextmanager, asynccontextmanager, suppress, nullcontext, closing,
aclosing, ExitStack, AsyncExitStack, AbstractContextManager, AbstractAsyncContextManager."""


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class _GeneratorContextManager:
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def __call__(self, func):
        def inner(*args, **kwds):
            with _GeneratorContextManager(self.func, self.args, self.kwds):
                return func(*args, **kwds)
        return inner

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager turns a generator function into a context manager factory."""
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = getattr(func, '__name__', 'helper')
    helper.__doc__ = getattr(func, '__doc__', None)
    helper.__wrapped__ = func
    return helper


class AbstractAsyncContextManager:
    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc_value, traceback):
        return None


class _AsyncGeneratorContextManager:
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def __call__(self, func):
        async def inner(*args, **kwds):
            async with _AsyncGeneratorContextManager(self.func, self.args, self.kwds):
                return await func(*args, **kwds)
        return inner

    async def __aenter__(self):
        del self.args, self.kwds, self.func
        try:
            return await self.gen.__anext__()
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None

    async def __aexit__(self, typ, value, traceback):
        if typ is None:
            try:
                await self.gen.__anext__()
            except StopAsyncIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            await self.gen.athrow(value)
        except StopAsyncIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, (StopIteration, StopAsyncIteration)) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after athrow()")


def asynccontextmanager(func):
    """@asynccontextmanager turns an async generator function into an async context
    manager factory."""
    def helper(*args, **kwds):
        return _AsyncGeneratorContextManager(func, args, kwds)
    helper.__name__ = getattr(func, '__name__', 'helper')
    helper.__doc__ = getattr(func, '__doc__', None)
    helper.__wrapped__ = func
    return helper


class aclosing:
    """async with aclosing(thing): ... awaits thing.aclose() at the end."""

    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class suppress:
    """with suppress(KeyError): ... ignores the listed exceptions."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class nullcontext:
    """A context manager that does nothing and returns enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *excinfo):
        pass


class closing:
    """with closing(thing): ... calls thing.close() at the end."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class ExitStack:
    """Run a dynamic number of context managers and callbacks, unwinding in reverse."""

    def __init__(self):
        self._exit_callbacks = []

    def __enter__(self):
        return self

    def enter_context(self, cm):
        result = type(cm).__enter__(cm)
        exit_fn = type(cm).__exit__
        self._exit_callbacks.append(lambda et, ev, tb: exit_fn(cm, et, ev, tb))
        return result

    def callback(self, callback, /, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def push(self, exit):
        if hasattr(type(exit), '__exit__'):
            fn = type(exit).__exit__
            self._exit_callbacks.append(lambda et, ev, tb: fn(exit, et, ev, tb))
        else:
            self._exit_callbacks.append(exit)
        return exit

    def pop_all(self):
        new = ExitStack()
        new._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new

    def close(self):
        self.__exit__(None, None, None)

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        suppressed = False
        pending_raise = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as exc:
                exc_details = (type(exc), exc, None)
                pending_raise = True
        if pending_raise:
            raise exc_details[1]
        return received_exc and suppressed


class AsyncExitStack(ExitStack):
    """ExitStack for async context managers and coroutine callbacks as well."""

    async def __aenter__(self):
        return self

    async def enter_async_context(self, cm):
        result = await type(cm).__aenter__(cm)
        exit_fn = type(cm).__aexit__
        self._exit_callbacks.append((True, lambda et, ev, tb: exit_fn(cm, et, ev, tb)))
        return result

    def push_async_callback(self, callback, /, *args, **kwds):
        async def _exit_wrapper(exc_type, exc, tb):
            await callback(*args, **kwds)
        self._exit_callbacks.append((True, _exit_wrapper))
        return callback

    def push_async_exit(self, exit):
        if hasattr(type(exit), '__aexit__'):
            fn = type(exit).__aexit__
            self._exit_callbacks.append((True, lambda et, ev, tb: fn(exit, et, ev, tb)))
        else:
            self._exit_callbacks.append((True, exit))
        return exit

    def pop_all(self):
        new = AsyncExitStack()
        new._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new

    async def aclose(self):
        await self.__aexit__(None, None, None)

    async def __aexit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        suppressed = False
        pending_raise = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            is_async = isinstance(cb, tuple)
            if is_async:
                cb = cb[1]
            try:
                res = cb(*exc_details)
                if is_async:
                    res = await res
                if res:
                    suppressed = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as exc:
                exc_details = (type(exc), exc, None)
                pending_raise = True
        if pending_raise:
            raise exc_details[1]
        return received_exc and suppressed
