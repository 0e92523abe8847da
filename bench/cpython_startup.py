# Start-up of a snippet under CPython, the reference for the Go start-up
# benchmarks: one phase timed as timeit does (iterations enough for 0.2 s,
# best of 5 rounds), prints nanoseconds per iteration.
# Usage: python3 cpython_startup.py compile|run|compile_and_run SOURCE
# The snippet becomes the body of an async function (a final bare expression
# is returned), as a snippet runs; it must not await anything, so its
# coroutine is driven without an event loop, whose set-up would dwarf it.
import ast, sys, textwrap, timeit
mode, src = sys.argv[1], sys.argv[2]
tree = ast.parse(src)
if tree.body and isinstance(tree.body[-1], ast.Expr):
    tree.body[-1] = ast.Return(tree.body[-1].value)
wrapped = "async def __snippet__():\n" + textwrap.indent(ast.unparse(tree), "    ")

def run(code):
    ns = {}
    exec(code, ns)
    coro = ns["__snippet__"]()
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    raise RuntimeError("the snippet awaited; start-up snippets must not")

code = compile(wrapped, "s.py", "exec")
run(code)
phases = {
    "compile": lambda: compile(wrapped, "s.py", "exec"),
    "run": lambda: run(code),
    "compile_and_run": lambda: run(compile(wrapped, "s.py", "exec")),
}
if mode not in phases:
    sys.exit(f"cpython_startup.py: unknown phase {mode!r}")
timer = timeit.Timer(phases[mode])
n, _ = timer.autorange()
print(round(min(timer.repeat(5, n)) / n * 1e9))
