"""CPython oracle for the conformance corpus of package python.

Reads one JSON request on stdin:
  {"snippet": bool, "prelude": "<python source>",
   "cases": [{"name": ..., "source": ..., "snippet": bool (optional, overrides)}]}
and writes one JSON list on stdout, one object per case, in order:
  {"name", "stdout", "exc_type", "exc_msg", "result_repr"}

Every case runs in a fresh namespace with its own captured stdout. In
snippet mode the case body becomes the body of `async def __snippet__()`
(a final bare expression becomes its return value) and runs under
asyncio.run with the names of the prelude (host stubs) in scope, and with
asyncio.run and run_until_complete as a snippet has them (snippet_asyncio).
One process runs the whole corpus so the differential test stays fast.
"""
import ast
import asyncio
import concurrent.futures
import contextlib
import io
import json
import signal
import sys

CASE_SECONDS = 10


class CaseTimeout(BaseException):
    pass


def _alarm(signum, frame):
    raise CaseTimeout()


def exc_name(e):
    return type(e).__name__


def exc_message(e):
    if isinstance(e, SyntaxError):
        return e.msg or ""
    try:
        return str(e)
    except Exception as inner:  # a broken __str__ is still an outcome
        return "<unprintable %s>" % type(inner).__name__


def snippet_code(src, filename):
    tree = ast.parse(src, filename)
    body = tree.body
    if body and isinstance(body[-1], ast.Expr):
        last = body[-1]
        body[-1] = ast.copy_location(ast.Return(value=last.value), last)
    fn = ast.AsyncFunctionDef(
        name="__snippet__",
        args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                           kw_defaults=[], kwarg=None, defaults=[]),
        body=body or [ast.Pass()],
        decorator_list=[],
        returns=None,
        type_comment=None,
    )
    fn.lineno, fn.col_offset = 1, 0
    mod = ast.Module(body=[fn], type_ignores=[])
    ast.fix_missing_locations(mod)
    return compile(mod, filename, "exec")


_cpython_run = asyncio.run
_cpython_run_until_complete = asyncio.BaseEventLoop.run_until_complete


def _on_own_loop(run, *args):
    """Runs run(*args) to the end on a thread of its own (a loop of its own),
    from code inside a running loop, and returns its value."""
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(run, *args).result()


def _snippet_run(main, *, debug=None):
    # A deliberate difference of snippets (python/lib/MODULES.md): inside
    # the snippet's running loop, asyncio.run(coro) runs coro to the end and
    # returns its value instead of raising. Modelled by running it on a
    # loop of its own: the same outcome for a coroutine that shares nothing
    # with the snippet's other tasks (cases must not rely on more).
    if asyncio._get_running_loop() is None:  # no exception left in sys.exc_info()
        return _cpython_run(main, debug=debug)
    return _on_own_loop(_cpython_run, main)


def _snippet_run_until_complete(loop, future):
    # The same difference for loop.run_until_complete(coro).
    if asyncio._get_running_loop() is None:
        return _cpython_run_until_complete(loop, future)
    if loop.is_closed():
        raise RuntimeError("Event loop is closed")
    return _on_own_loop(_cpython_run, future)


@contextlib.contextmanager
def snippet_asyncio():
    asyncio.run = _snippet_run
    asyncio.BaseEventLoop.run_until_complete = _snippet_run_until_complete
    try:
        yield
    finally:
        asyncio.run = _cpython_run
        asyncio.BaseEventLoop.run_until_complete = _cpython_run_until_complete


def run_case(case, snippet, prelude_ns):
    out = io.StringIO()
    res = {"name": case["name"], "stdout": "", "exc_type": "", "exc_msg": "", "result_repr": ""}
    filename = case["name"]
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    try:
        with contextlib.redirect_stdout(out):
            if snippet:
                ns = dict(prelude_ns)
                exec(snippet_code(case["source"], filename), ns)
                with snippet_asyncio():
                    value = _cpython_run(ns["__snippet__"]())
                res["result_repr"] = repr(value)
            else:
                ns = {"__name__": "__main__"}
                exec(compile(case["source"], filename, "exec"), ns)
                res["result_repr"] = "None"
    except CaseTimeout:
        res["exc_type"], res["exc_msg"] = "CaseTimeout", "case ran longer than %ds under CPython" % CASE_SECONDS
    except BaseException as e:  # noqa: B902 - every outcome is data here
        res["exc_type"], res["exc_msg"] = exc_name(e), exc_message(e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    res["stdout"] = out.getvalue()
    return res


def main():
    req = json.load(sys.stdin)
    sys.setrecursionlimit(1000)
    signal.signal(signal.SIGALRM, _alarm)
    prelude_ns = {"__name__": "__main__"}
    if req.get("prelude"):
        stubs = {"__name__": "__prelude__"}
        exec(compile(req["prelude"], "prelude.py", "exec"), stubs)
        for name in stubs.get("__all__", []):
            prelude_ns[name] = stubs[name]
    results = [run_case(c, c.get("snippet", req.get("snippet", False)), prelude_ns) for c in req["cases"]]
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
