package vm

import (
	"sync"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
)

// asyncioSource holds the parts of asyncio written in Python: they only
// combine the Go primitives (create_task, current_task, _call_later).
const asyncioSource = `
class TaskGroup:
    # CPython's algorithm: the first failing task cancels the others and, if the
    # body is still running, the task running it; __aexit__ waits for every task
    # and raises the failures as one ExceptionGroup.
    def __init__(self):
        self._tasks = []
        self._errors = []
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._parent_task = None
        self._parent_cancel_requested = False
        self._on_completed = None

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError("TaskGroup has already been entered")
        self._entered = True
        self._parent_task = current_task()
        if self._parent_task is None:
            raise RuntimeError("TaskGroup cannot determine the parent task")
        return self

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            raise RuntimeError("TaskGroup has not been entered")
        if self._exiting and not self._tasks:
            raise RuntimeError("TaskGroup is finished")
        if self._aborting:
            raise RuntimeError("TaskGroup is shutting down")
        t = create_task(coro, name=name)
        self._tasks.append(t)
        t.add_done_callback(self._on_task_done)
        return t

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        if task in self._tasks:
            self._tasks.remove(task)
        if self._on_completed is not None and not self._tasks:
            if not self._on_completed.done():
                self._on_completed.set_result(True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if self._parent_task.done():
            return
        if not self._aborting and not self._parent_cancel_requested:
            self._abort()
            self._parent_cancel_requested = True
            self._parent_task.cancel()

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        propagate_cancellation_error = None
        if et is not None:
            if et is CancelledError:
                if not self._parent_cancel_requested:
                    propagate_cancellation_error = exc
            if not self._aborting:
                self._abort()
        while self._tasks:
            if self._on_completed is None:
                self._on_completed = _new_future()
            try:
                await self._on_completed
            except CancelledError as ex:
                if not self._aborting:
                    propagate_cancellation_error = ex
                    self._abort()
            self._on_completed = None
        if propagate_cancellation_error is not None and not self._errors:
            raise propagate_cancellation_error
        if et is not None and et is not CancelledError:
            self._errors.append(exc)
        if self._errors:
            errors = self._errors
            self._errors = None
            raise BaseExceptionGroup("unhandled errors in a TaskGroup", errors) from None
        return False


class Timeout:
    def __init__(self, delay):
        self._delay = delay
        self._expired = False
        self._handle = None
        self._task = None

    async def __aenter__(self):
        self._task = current_task()
        if self._delay is not None:
            self._handle = _call_later(self._delay, self._on_timeout)
        return self

    def _on_timeout(self):
        self._expired = True
        if self._task is not None:
            self._task.cancel()

    def expired(self):
        return self._expired

    async def __aexit__(self, et, exc, tb):
        if self._handle is not None:
            self._handle.cancel()
        if self._expired and et is CancelledError:
            raise TimeoutError from exc
        return False


def timeout(delay):
    return Timeout(delay)


async def _queue_get(q):
    while q.empty():
        getter = _new_future()
        q._add_getter(getter)
        try:
            await getter
        except BaseException:
            getter.cancel()
            q._remove_getter(getter)
            if not q.empty() and not getter.cancelled():
                q._wake_getter()
            raise
    return q.get_nowait()


async def _queue_put(q, item):
    while q.full():
        putter = _new_future()
        q._add_putter(putter)
        try:
            await putter
        except BaseException:
            putter.cancel()
            q._remove_putter(putter)
            if not q.full() and not putter.cancelled():
                q._wake_putter()
            raise
    return q.put_nowait(item)


def timeout_at(when):
    return Timeout(None if when is None else when - _loop_time())


def isfuture(obj):
    return isinstance(obj, Future)


class Condition:
    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = []

    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, et, exc, tb):
        self.release()

    async def wait(self):
        if not self.locked():
            raise RuntimeError("cannot wait on un-acquired lock")
        self.release()
        try:
            fut = _new_future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            cancelled = None
            while True:
                try:
                    await self.acquire()
                    break
                except CancelledError as e:
                    cancelled = e
            if cancelled is not None:
                raise cancelled

    async def wait_for(self, predicate):
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError("cannot notify on un-acquired lock")
        woken = 0
        for fut in self._waiters:
            if woken >= n:
                break
            if not fut.done():
                woken += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class _UnixSelectorEventLoop:
    """The run's event loop as get_running_loop() shows it: scheduling goes
    through the module's primitives; nothing here reaches the host."""

    _closed = False

    def is_running(self):
        return self is _the_loop and _loop_running()

    def is_closed(self):
        return self._closed

    def get_debug(self):
        return False

    def time(self):
        return _loop_time()

    def create_task(self, coro, *, name=None, context=None):
        return create_task(coro, name=name)

    def create_future(self):
        return _new_future()

    def call_later(self, delay, callback, *args, context=None):
        return _call_later(delay, lambda: callback(*args))

    def call_at(self, when, callback, *args, context=None):
        return _call_later(when - _loop_time(), lambda: callback(*args))

    def call_soon(self, callback, *args, context=None):
        return _call_soon(lambda: callback(*args))

    def run_until_complete(self, future):
        if self._closed:
            raise RuntimeError("Event loop is closed")
        if _in_snippet():
            # A snippet runs on its loop already: as asyncio.run does there,
            # run future on it to the end (a deliberate difference).
            if not iscoroutine(future):
                future = _await(future)
            return run(future)
        if _loop_running():
            if self is _the_loop:
                raise RuntimeError("This event loop is already running")
            raise RuntimeError("Cannot run the event loop while another loop is running")
        return run(future)

    def run_forever(self):
        raise RuntimeError("This event loop is already running")

    def close(self):
        if self.is_running():
            raise RuntimeError("Cannot close a running event loop")
        self._closed = True

    def __repr__(self):
        return "<_UnixSelectorEventLoop running=%s closed=%s debug=False>" % (self.is_running(), self._closed)


_the_loop = _UnixSelectorEventLoop()


async def _await(future):
    return await future


def new_event_loop():
    # One loop drives a run; another loop object can run coroutines only where
    # no loop is running (script mode), through the same machinery.
    return _UnixSelectorEventLoop()


def set_event_loop(loop):
    pass


def get_running_loop():
    if not _loop_running():
        raise RuntimeError("no running event loop")
    return _the_loop


def get_event_loop():
    return _the_loop
`

// asyncioCode compiles the Python part of asyncio once, at the first
// import in the process, and never changes it afterwards. Not at package
// initialisation: parsing and compiling it was the largest single cost of
// starting the toolplane binary (about a fifth of its package
// initialisation), paid by every process whether or not a snippet imports
// asyncio.
var asyncioCode = sync.OnceValue(func() *CodeObj {
	return mustCompileModule("asyncio.py", asyncioSource)
})

func mustCompileModule(name, src string) *CodeObj {
	mod, err := syntax.Parse(name, []byte(src))
	if err != nil {
		panic(err)
	}
	prog, err := compile.Module(name, mod, compile.Options{})
	if err != nil {
		panic(err)
	}
	return NewCode(prog.Module)
}

// runAsyncioPython runs the Python part of asyncio in the module namespace.
func runAsyncioPython(t *Thread, d *Dict) error {
	d.SetStr("__name__", Str("asyncio"))
	d.SetStr("CancelledError", CancelledErrorClass)
	_, err := t.RunLibraryModule(asyncioCode(), d)
	if err != nil {
		return err
	}
	for _, name := range []string{"TaskGroup", "Timeout", "_UnixSelectorEventLoop", "Condition"} {
		if c, ok := d.GetStr(name); ok {
			if cls, ok := c.(*Class); ok {
				cls.Module = "asyncio"
			}
		}
	}
	return nil
}
