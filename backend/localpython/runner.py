# The snippet runner of toolplane's CPython-based backends (local_unsafe,
# and pyodide-deno through Pyodide). It turns a snippet into a coroutine
# with the semantics of the embedded backend (top-level await and return;
# the result is the returned value, else a final bare expression's value,
# else None), binds capabilities as async functions that go to the host
# over a line protocol, and reports the outcome as one JSON object.
#
# Protocol lines (JSON, one per line), snippet side to host:
#   {"id": N, "name": NAME, "args_json": J}      a host call; J is json.dumps([args, kwargs])
#   {"cancel": N}                                call N was cancelled
#   {"done": {"value_json": J, "repr": R}}       the result; J is json.dumps(value)
#   {"done": {"repr": R, "not_json": WHY}}       a result json.dumps refuses
#   {"done": {"error": {"type": T, "message": M, "traceback": TB}}}
# and host to snippet side:
#   {"id": N, "result": V} or {"id": N, "error": {"type": T, "message": M}}
# Values travel as json.dumps writes them, inside a string, so the host reads
# them with its own decoder (package jsonlike): dict order, 5.0 versus 5, and
# NaN or Infinity (which a line of strict JSON cannot hold) all survive.
#
# The transport is the caller's: main_fds below serves local_unsafe over
# two inherited pipes; the pyodide backend drives Runner from JavaScript.

import ast
import asyncio
import builtins
import json
import linecache
import sys
import traceback

RUNNER_FILE = "<toolplane-runner>"


class ToolError(Exception):
    """A capability reported a failure."""


class CLIError(ToolError):
    """A CLI binary failed: a non-zero exit (unless check=False) or a
    timeout. The CLI bindings set exit_code, stderr and capability."""


def _exception_type(name):
    if name == "ToolError":
        return ToolError
    if name == "CLIError":
        return CLIError
    t = getattr(builtins, name, None)
    if isinstance(t, type) and issubclass(t, Exception):
        return t
    return ToolError


class _Namespace:
    """A scoped capability namespace such as `greeter` in greeter.greet."""

    def __init__(self, path):
        self.__dict__["_path"] = path

    def __repr__(self):
        return "<capability namespace %s>" % self._path


class _Binder(ast.NodeVisitor):
    """Collects the names a snippet binds in its top-level scope, without
    entering the scopes of functions, lambdas, classes or comprehensions
    (whose assignment expressions still bind at the top level)."""

    def __init__(self):
        self.names = set()
        self.yields = []

    def visit_Name(self, node):
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self.names.add(node.id)

    def _visit_all(self, nodes):
        for n in nodes:
            if n is not None:
                self.visit(n)

    def visit_FunctionDef(self, node):
        self.names.add(node.name)
        self._visit_all(node.decorator_list)
        self._visit_all(node.args.defaults)
        self._visit_all(node.args.kw_defaults)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self._visit_all(node.args.defaults)
        self._visit_all(node.args.kw_defaults)

    def visit_ClassDef(self, node):
        self.names.add(node.name)
        self._visit_all(node.decorator_list)
        self._visit_all(node.bases)
        self._visit_all(node.keywords)

    def _visit_comprehension(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
                self.names.add(sub.target.id)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _visit_comprehension

    def visit_NamedExpr(self, node):
        if isinstance(node.target, ast.Name):
            self.names.add(node.target.id)
        self.visit(node.value)

    def visit_Import(self, node):
        for a in node.names:
            self.names.add(a.asname or a.name.split(".")[0])

    def visit_ImportFrom(self, node):
        for a in node.names:
            if a.name != "*":
                self.names.add(a.asname or a.name)

    def visit_Global(self, node):
        self.names.update(node.names)

    def visit_ExceptHandler(self, node):
        if node.name:
            self.names.add(node.name)
        self.generic_visit(node)

    def visit_MatchAs(self, node):
        if node.name:
            self.names.add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node):
        if node.name:
            self.names.add(node.name)

    def visit_MatchMapping(self, node):
        if node.rest:
            self.names.add(node.rest)
        self.generic_visit(node)

    def visit_Yield(self, node):
        self.yields.append(node)

    visit_YieldFrom = visit_Yield


class _TopLevel(ast.NodeTransformer):
    """Rewrites top-level statements that a function body cannot hold as
    they are: an annotated assignment of a global name loses its
    annotation, and `from m import *` becomes a helper call."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef

    def visit_AnnAssign(self, node):
        if not isinstance(node.target, ast.Name):
            return node
        if node.value is None:
            return ast.copy_location(ast.Pass(), node)
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    def visit_ImportFrom(self, node):
        if not any(a.name == "*" for a in node.names):
            return node
        call = ast.Call(
            func=ast.Name(id="__toolplane_import_star__", ctx=ast.Load()),
            args=[ast.Constant(node.module or ""), ast.Constant(node.level), ast.Call(
                func=ast.Name(id="globals", ctx=ast.Load()), args=[], keywords=[])],
            keywords=[])
        return ast.copy_location(ast.Expr(value=call), node)


def _import_star(module, level, into):
    mod = __import__(module, into, None, ["*"], level)
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [n for n in vars(mod) if not n.startswith("_")]
    for n in names:
        into[n] = getattr(mod, n)


def compile_snippet(source, filename):
    """Returns the code object of a module defining `async def
    __snippet__()` whose body is the snippet. Every name the snippet binds
    at top level is declared global, so the snippet behaves as a module
    (functions see and rebind its variables), and every node keeps its
    own line number, so tracebacks point into the snippet. The runtime's
    names (call_tool, save_result, the capabilities) are globals like any
    other: a snippet may bind its own, which shadows them for its run."""
    tree = ast.parse(source, filename, "exec")
    body = tree.body
    # __future__ imports must open the module, after an optional docstring.
    future = []
    first = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        first = 1
    while len(body) > first and isinstance(body[first], ast.ImportFrom) and body[first].module == "__future__":
        future.append(body.pop(first))
    binder = _Binder()
    for stmt in body:
        binder.visit(stmt)
    if binder.yields:
        y = binder.yields[0]
        raise _syntax_error("'yield' outside function", filename, source, y.lineno, y.col_offset)
    body = [_TopLevel().visit(stmt) for stmt in body]
    if body and isinstance(body[-1], ast.Expr):
        last = body[-1]
        body[-1] = ast.copy_location(ast.Return(value=last.value), last)
    if binder.names:
        body.insert(0, ast.Global(names=sorted(binder.names), lineno=1, col_offset=0))
    if not body:
        body = [ast.Pass(lineno=1, col_offset=0)]
    fn = ast.AsyncFunctionDef(
        name="__snippet__",
        args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                           kw_defaults=[], kwarg=None, defaults=[]),
        body=body, decorator_list=[], returns=None, type_comment=None,
        lineno=1, col_offset=0)
    if sys.version_info >= (3, 12):
        fn.type_params = []
    module = ast.Module(body=future + [fn], type_ignores=[])
    ast.fix_missing_locations(module)
    return compile(module, filename, "exec", dont_inherit=True)


def _syntax_error(msg, filename, source, lineno, col):
    lines = source.splitlines()
    text = lines[lineno - 1] if 0 < lineno <= len(lines) else None
    return SyntaxError(msg, (filename, lineno, col + 1, text))


def format_exception(exc, filename, source):
    """The CPython traceback of exc with the runner's own frames removed
    and the wrapper function shown as <module>."""
    if isinstance(exc, SyntaxError) and exc.text is None and exc.lineno and exc.filename == filename:
        lines = source.splitlines()
        if 0 < exc.lineno <= len(lines):
            exc.text = lines[exc.lineno - 1] + "\n"
    te = traceback.TracebackException(type(exc), exc, exc.__traceback__, compact=True)
    seen = set()
    todo = [te]
    while todo:
        t = todo.pop()
        if t is None or id(t) in seen:
            continue
        seen.add(id(t))
        frames = list(t.stack)
        start = next((i for i, f in enumerate(frames) if f.filename == filename), 0)
        kept = []
        for f in frames[start:]:
            if f.filename == RUNNER_FILE:
                continue
            if f.filename == filename and f.name == "__snippet__":
                f.name = "<module>"
            kept.append(f)
        t.stack = traceback.StackSummary.from_list(kept)
        todo.append(t.__cause__)
        todo.append(t.__context__)
    return "".join(te.format())


def _result(value):
    """The done object of a run that returned value: its JSON as
    json.dumps writes it, or why it has none, and its repr."""
    try:
        r = repr(value)
    except Exception:
        r = object.__repr__(value)
    try:
        return {"value_json": json.dumps(value, ensure_ascii=False), "repr": r}
    except (TypeError, ValueError, RecursionError) as e:
        return {"repr": r, "not_json": "%s: %s" % (type(e).__name__, e)}


class Runner:
    """Runs one snippet. send(line) writes a protocol line to the host;
    the host's replies are handed to deliver(line) on the event loop's
    thread."""

    def __init__(self, send):
        self.send = send
        self.pending = {}
        self.next_id = 0

    def deliver(self, line):
        msg = json.loads(line)
        fut = self.pending.pop(msg.get("id"), None)
        if fut is None or fut.done():
            return
        if "error" in msg:
            err = msg["error"]
            fut.set_exception(_exception_type(err.get("type", "")) (err.get("message", "")))
        else:
            fut.set_result(msg.get("result"))

    async def call(self, name, args, kwargs):
        self.next_id += 1
        cid = self.next_id
        try:
            values = json.dumps([args, kwargs], ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError) as e:
            raise type(e)("%s(): arguments must be JSON values (dict, list, str, int, float, bool, None): %s"
                          % (name, e)) from None
        line = json.dumps({"id": cid, "name": name, "args_json": values}, separators=(",", ":"))
        fut = asyncio.get_running_loop().create_future()
        self.pending[cid] = fut
        self.send(line)
        try:
            return await fut
        except asyncio.CancelledError:
            if self.pending.pop(cid, None) is not None:
                self.send(json.dumps({"cancel": cid}))
            raise

    def _function(self, name, qualname):
        call = self.call

        async def host_function(*args, **kwargs):
            return await call(name, list(args), kwargs)

        host_function.__name__ = qualname.rsplit(".", 1)[-1]
        host_function.__qualname__ = qualname
        return host_function

    def namespace(self, names):
        """The snippet's globals: a host function per name; a dotted name
        ("greeter.greet") becomes an attribute of a namespace object."""
        g = {"__name__": "__main__", "__builtins__": builtins, "__doc__": None,
             "asyncio": asyncio, "ToolError": ToolError, "CLIError": CLIError,
             "__toolplane_import_star__": _import_star}
        for name in sorted(names, key=lambda n: n.count(".")):
            parts = name.split(".")
            if len(parts) == 1:
                g[name] = self._function(name, name)
                continue
            holder = g.get(parts[0])
            if holder is None:
                holder = g[parts[0]] = _Namespace(parts[0])
            for i, p in enumerate(parts[1:-1], 1):
                nxt = getattr(holder, p, None)
                if nxt is None:
                    nxt = _Namespace(".".join(parts[:i + 1]))
                    setattr(holder, p, nxt)
                holder = nxt
            setattr(holder, parts[-1], self._function(name, name))
        return g

    async def run(self, init, keep=None):
        """Runs the snippet of an init message and returns the done object.
        keep, when given, is a session's globals: the run executes in it,
        with this run's bindings, and what it binds stays for the next."""
        source = init["code"]
        filename = init.get("filename") or "<snippet>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            code = compile_snippet(source, filename)
        except SyntaxError as e:
            return {"error": self._error(e, filename, source)}
        g = self.namespace(init.get("names", []))
        if keep is not None:
            keep.update(g)
            g = keep
        prelude = globals().get("CLI_PRELUDE")
        if prelude:
            try:
                self._prelude(g, prelude, init.get("cli_aliases") or {})
            except BaseException as e:
                return {"error": self._error(e, filename, source)}
        depth = init.get("max_depth", 0)
        if depth:
            sys.setrecursionlimit(depth + _frame_depth() + 25)
        try:
            exec(code, g)
            fn = g.pop("__snippet__")
            value = await fn()
        except BaseException as e:  # the snippet's SystemExit and KeyboardInterrupt are its outcome too
            return {"error": self._error(e, filename, source)}
        return _result(value)

    @staticmethod
    def _prelude(g, source, aliases):
        """Runs the CLI bindings (CLI_PRELUDE, appended to this file by the
        host from package clibind) in a namespace
        of their own and binds what they export in the snippet's globals.
        Compiled under the runner's filename, their frames stay out of the
        snippet's tracebacks."""
        pg = {"__name__": "<toolplane-cli>", "__builtins__": builtins,
              "call_tool": g["call_tool"], "CLIError": CLIError, "ToolError": ToolError,
              "__cli_aliases__": aliases}
        exec(compile(source, RUNNER_FILE, "exec", dont_inherit=True), pg)
        g.update(pg["__exports__"])

    @staticmethod
    def _error(exc, filename, source):
        try:
            tb = format_exception(exc, filename, source)
        except Exception as fe:  # never lose the snippet's exception to a formatting failure
            tb = "(traceback unavailable: %r)\n" % (fe,)
        try:
            msg = str(exc)
        except Exception:
            msg = "<exception str() failed>"
        if isinstance(exc, SyntaxError):
            msg = exc.msg or msg
        out = {"type": type(exc).__name__, "message": msg, "traceback": tb}
        if isinstance(exc, SystemExit):
            # The status CPython's interpreter would exit with, and what it
            # would print: the code when it is not None or an int.
            code = exc.code
            out["exit"] = True
            if code is None:
                out["exit_status"] = 0
            elif isinstance(code, int):
                out["exit_status"] = code & 0xFF if -(2**63) <= code < 2**63 else 0xFF
            else:
                out["exit_status"] = 1
                try:
                    out["exit_text"] = str(code)
                except Exception:
                    out["exit_text"] = msg
        return out


def _frame_depth():
    n, f = 0, sys._getframe()
    while f is not None:
        n, f = n + 1, f.f_back
    return n


def _limit_memory(extra):
    """Caps the process's data segment at its current size plus extra
    bytes, so an allocation past the budget raises MemoryError."""
    try:
        import resource
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmData:"):
                    used = int(line.split()[1]) * 1024
                    break
            else:
                return
        resource.setrlimit(resource.RLIMIT_DATA, (used + extra, resource.getrlimit(resource.RLIMIT_DATA)[1]))
    except (ImportError, OSError, ValueError):
        pass


def main_fds(rfd, wfd):
    """local_unsafe: the init message and replies arrive on fd rfd, calls
    and the outcome leave on fd wfd. Neither is inherited by processes the
    snippet starts, so the host sees the end of the channel when this
    process ends."""
    import os
    import threading

    os.set_inheritable(rfd, False)
    os.set_inheritable(wfd, False)
    rf = os.fdopen(rfd, "r", encoding="utf-8", newline="\n")
    wf = os.fdopen(wfd, "w", encoding="utf-8", newline="\n")
    lock = threading.Lock()

    def send(line):
        with lock:
            wf.write(line + "\n")
            wf.flush()

    init = json.loads(rf.readline())
    runner = Runner(send)
    loop = asyncio.new_event_loop()

    def read_replies():
        for line in rf:
            try:
                loop.call_soon_threadsafe(runner.deliver, line)
            except RuntimeError:  # the loop is closed: the run is over
                return

    threading.Thread(target=read_replies, daemon=True).start()
    sys.argv = [init.get("filename") or "<snippet>"]
    if init.get("max_memory", 0):
        _limit_memory(init["max_memory"])
    try:
        done = loop.run_until_complete(runner.run(init))
    finally:
        try:
            _cancel_all(loop)
        except BaseException:
            pass
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    send(json.dumps({"done": done}, separators=(",", ":")))
    # Threads the snippet left behind must not keep the run alive.
    os._exit(0)


def _cancel_all(loop):
    tasks = asyncio.all_tasks(loop)
    for t in tasks:
        t.cancel()
    if tasks:
        loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())


async def main_pyodide(send, init_json, register):
    """pyodide-deno: send(line) writes to the host; register(deliver) gives
    the harness the function that hands it the host's replies. Returns the
    outcome line."""
    from pyodide.ffi import create_proxy

    init = json.loads(init_json)
    runner = Runner(lambda line: send(line))
    register(create_proxy(runner.deliver))
    sys.argv = [init.get("filename") or "<snippet>"]
    done = await runner.run(init)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    return json.dumps({"done": done}, separators=(",", ":"))


class PyodideSession:
    """pyodide-deno sessions: one runner and one globals dict for every run
    of the session's Deno process, so what a run binds is there in the
    next. send(line) writes to the host; register(deliver) gives the
    harness the function that hands the host's replies to the runner
    (once: call ids are unique for the session, so a late reply to an
    earlier run is ignored)."""

    def __init__(self, send, register):
        from pyodide.ffi import create_proxy

        self.runner = Runner(lambda line: send(line))
        self.keep = {}
        register(create_proxy(self.runner.deliver))

    async def run(self, init_json):
        init = json.loads(init_json)
        sys.argv = [init.get("filename") or "<snippet>"]
        done = await self.runner.run(init, self.keep)
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:
            pass
        return json.dumps({"done": done}, separators=(",", ":"))
