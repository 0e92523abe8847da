"""Generates core/generated_flow.py: random control flow (nested if/for/while,
try/except/else/finally, with, break/continue/return/raise, generators) that
records a trace, so any difference in the order of execution shows in the
output. Deterministic (fixed seed); rerun after changing it:

    python3 python/testdata/oracle/gen_flow.py
"""
import contextlib
import io
import os
import random

SEED = 11
CHUNKS = 60

PRELUDE = '''trace = []
class CM:
    def __init__(self, tag, swallow=False):
        self.tag, self.swallow = tag, swallow
    def __enter__(self):
        trace.append(("enter", self.tag))
        return self.tag
    def __exit__(self, et, ev, tb):
        trace.append(("exit", self.tag, et.__name__ if et else None))
        return self.swallow
'''

rng = random.Random(SEED)
counter = [0]


def tag():
    counter[0] += 1
    return counter[0]


def cond():
    return rng.choice(["n % 2 == 0", "n > 0", "n == 1", "True", "False", "i % 2", "i > n"])


def block(depth, ind, in_loop, loops, in_gen=False):
    out = []
    for _ in range(rng.randint(1, 3)):
        out += stmt(depth, ind, in_loop, loops, in_gen)
    return out


def stmt(depth, ind, in_loop, loops, in_gen):
    p = "    " * ind
    choices = ["trace"] * 3
    if depth < 3:
        choices += ["if", "for", "try", "tryfin", "with", "while"]
    if in_loop:
        choices += ["break", "continue"]
    choices += ["return", "raise"]
    if in_gen:
        choices += ["yield", "yield"]
    k = rng.choice(choices)
    t = tag()
    if k == "trace":
        return [p + "trace.append(%d)" % t]
    if k == "break":
        return [p + "trace.append(('break', %d))" % t, p + "break"]
    if k == "continue":
        return [p + "trace.append(('continue', %d))" % t, p + "continue"]
    if k == "return":
        if in_gen:
            return [p + "if %s:" % cond(), p + "    return"]
        return [p + "if %s:" % cond(), p + "    return %d" % t]
    if k == "raise":
        exc = rng.choice(["ValueError", "KeyError", "TypeError"])
        return [p + "if %s:" % cond(), p + "    raise %s(%d)" % (exc, t)]
    if k == "yield":
        return [p + "yield %d" % t]
    if k == "if":
        out = [p + "if %s:" % cond()] + block(depth + 1, ind + 1, in_loop, loops, in_gen)
        if rng.random() < 0.5:
            out += [p + "else:"] + block(depth + 1, ind + 1, in_loop, loops, in_gen)
        return out
    if k == "for":
        v = "i"
        out = [p + "for %s in range(%d):" % (v, rng.randint(0, 3))] + block(depth + 1, ind + 1, True, loops + 1, in_gen)
        if rng.random() < 0.3:
            out += [p + "else:", p + "    trace.append(('for-else', %d))" % t]
        return out
    if k == "while":
        w = "w%d" % t
        out = [p + "%s = 0" % w, p + "while %s < %d:" % (w, rng.randint(1, 3)), p + "    %s += 1" % w, p + "    i = %s" % w]
        out += block(depth + 1, ind + 1, True, loops + 1, in_gen)
        if rng.random() < 0.3:
            out += [p + "else:", p + "    trace.append(('while-else', %d))" % t]
        return out
    if k in ("try", "tryfin"):
        out = [p + "try:"] + block(depth + 1, ind + 1, in_loop, loops, in_gen)
        handlers = rng.randint(0 if k == "tryfin" else 1, 2)
        for _ in range(handlers):
            exc = rng.choice(["ValueError", "KeyError", "(TypeError, KeyError)", "Exception"])
            out += [p + "except %s as e:" % exc, p + "    trace.append(('caught', type(e).__name__, str(e)))"]
            out += block(depth + 1, ind + 1, in_loop, loops, in_gen)
        if handlers and rng.random() < 0.3:
            out += [p + "else:"] + block(depth + 1, ind + 1, in_loop, loops, in_gen)
        if k == "tryfin" or rng.random() < 0.4:
            out += [p + "finally:", p + "    trace.append(('finally', %d))" % t]
            if rng.random() < 0.3:
                out += block(depth + 1, ind + 1, in_loop, loops, in_gen)
        return out
    if k == "with":
        swallow = rng.random() < 0.3
        return [p + "with CM(%d, %s) as c%d:" % (t, swallow, t)] + block(depth + 1, ind + 1, in_loop, loops, in_gen)
    raise AssertionError(k)


def program():
    gen = rng.random() < 0.25
    lines = [PRELUDE]
    lines.append("def f(n):")
    lines.append("    i = 0")
    lines += block(0, 1, False, 0, gen)
    lines.append("    trace.append('end')")
    if not gen:
        lines.append("    return 'done'")
    call = "list(f(n))" if gen else "f(n)"
    lines += [
        "for n in range(3):",
        "    try:",
        "        r = %s" % call,
        "    except Exception as e:",
        "        r = ('raised', type(e).__name__, str(e))",
        "    print(n, r, trace)",
        "    trace.clear()",
    ]
    return "\n".join(lines) + "\n"


def ok(src):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(src, "gen", "exec"), {"__name__": "__main__"})
    except Exception:
        return False
    return len(out.getvalue()) < 4000


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    chunks = []
    while len(chunks) < CHUNKS:
        src = program()
        if ok(src):
            chunks.append(src)
    out = os.path.join(os.path.dirname(here), "core", "generated_flow.py")
    with open(out, "w", encoding="utf-8") as f:
        f.write("# Generated by python/testdata/oracle/gen_flow.py; do not edit.\n")
        f.write("# ---\n".join(chunks))


if __name__ == "__main__":
    main()
