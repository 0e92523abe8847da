"""Generates core/generated_methods.py: random calls of str, bytes, list and
dict methods (and mutation sequences on lists and dicts), kept only when
CPython gives a short result or a common exception. Deterministic (fixed
seed); rerun after changing it:

    python3 python/testdata/oracle/gen_methods.py
"""
import os
import random

SEED = 7
STR_CHUNKS = 25
SEQ_CHUNKS = 25
PER_CHUNK = 20

STRS = ["''", "'a'", "'abc'", "'Hello World'", "'  padded  '", "'a,b,,c'", "'x-y_z'", "'ÄÖü ß'", "'tab\\tsep'", "'line1\\nline2\\r\\n'", "'123'", "'-42'", "'3.5'", "'aaa'", "'MiXeD cAsE'", "'日本語テキスト'", "'ab' * 3"]
SUBS = ["''", "'a'", "'b'", "'ab'", "','", "' '", "'l'", "'World'", "'zz'", "'-'", "'aa'", "'\\n'"]
INTS = ["0", "1", "2", "3", "-1", "-2", "5", "10", "100"]
STR_METHODS = {
    "upper": [], "lower": [], "title": [], "capitalize": [], "swapcase": [], "casefold": [],
    "strip": [[], ["SUB"]], "lstrip": [[], ["SUB"]], "rstrip": [[], ["SUB"]],
    "split": [[], ["SUB"], ["SUB", "INT"], ["None", "INT"]], "rsplit": [[], ["SUB", "INT"]],
    "splitlines": [[], ["True"]], "partition": [["SUB"]], "rpartition": [["SUB"]],
    "find": [["SUB"], ["SUB", "INT"], ["SUB", "INT", "INT"]], "rfind": [["SUB"], ["SUB", "INT"]],
    "index": [["SUB"]], "rindex": [["SUB"]], "count": [["SUB"], ["SUB", "INT", "INT"]],
    "replace": [["SUB", "SUB"], ["SUB", "SUB", "INT"]], "startswith": [["SUB"], ["SUB", "INT"]],
    "endswith": [["SUB"], ["SUB", "INT", "INT"]], "center": [["INT"], ["INT", "'*'"]],
    "ljust": [["INT"], ["INT", "'.'"]], "rjust": [["INT"], ["INT", "'0'"]], "zfill": [["INT"]],
    "join": [["['x', 'y']"], ["'xyz'"], ["[]"]], "isalpha": [], "isdigit": [], "isalnum": [],
    "isspace": [], "isupper": [], "islower": [], "istitle": [], "isnumeric": [], "isdecimal": [],
    "isidentifier": [], "expandtabs": [[], ["INT"]], "removeprefix": [["SUB"]], "removesuffix": [["SUB"]],
    "encode": [[]], "__getitem__": [["INT"]], "__contains__": [["SUB"]], "__mul__": [["INT"]],
    "format": [[], ["INT"]],
}
LISTS = ["[]", "[1]", "[3, 1, 2]", "['b', 'a', 'c']", "[1, 2, 3, 4, 5, 6]", "[[1], [0]]", "[1, 'x', None]", "[2.5, -1, 0]"]
LIST_OPS = [
    "l.append(VAL)", "l.extend([VAL, VAL])", "l.insert(INT, VAL)", "l.pop()", "l.pop(INT)", "l.remove(VAL)",
    "l.reverse()", "l.sort()", "l.sort(key=str)", "l.clear()", "l.index(VAL)", "l.count(VAL)",
    "l[INT] = VAL", "del l[INT]", "l[INT:INT] = [VAL]", "del l[INT:INT]", "l[::2] = l[::2]", "l += [VAL]", "l *= INT",
    "l = l[INT:]", "l = l[::-1]", "l = sorted(l, key=repr)", "l.insert(-INT, VAL)", "l[INT:INT:2] = []",
]
VALS = ["0", "1", "2", "-1", "'a'", "'x'", "None", "1.5", "(1, 2)"]
DICT_OPS = [
    "d[KEY] = VAL", "del d[KEY]", "d.pop(KEY)", "d.pop(KEY, None)", "d.popitem()", "d.setdefault(KEY, VAL)",
    "d.update({KEY: VAL})", "d.update(k=VAL)", "d.get(KEY)", "d.clear()", "d = dict(reversed(list(d.items())))",
    "d = {k: v for k, v in d.items() if v != VAL}", "d |= {KEY: VAL}", "d = d | {KEY: VAL}", "KEY in d",
    "list(d)", "list(d.values())", "list(d.items())", "len(d)", "d.copy()", "d == {KEY: VAL}",
]
KEYS = ["'a'", "'b'", "'k'", "1", "2", "(1, 2)", "True", "None"]

rng = random.Random(SEED)


def fill(template):
    out = template
    for tok, pool in (("SUB", SUBS), ("INT", INTS), ("VAL", VALS), ("KEY", KEYS)):
        while tok in out:
            out = out.replace(tok, rng.choice(pool), 1)
    return out


def str_call():
    m = rng.choice(sorted(STR_METHODS))
    shapes = STR_METHODS[m] or [[]]
    args = [fill(a) for a in rng.choice(shapes)]
    if m == "format":
        return "(%s + ' {}').format(%s)" % (rng.choice(STRS), ", ".join(args) or "7")
    return "(%s).%s(%s)" % (rng.choice(STRS), m, ", ".join(args))


def outcome(src, env=None):
    try:
        r = repr(eval(src, {} if env is None else env))
    except Exception as e:
        r = type(e).__name__ + ": " + str(e)
    return r if len(r) <= 160 else None


def sequence(kind):
    """A list or dict mutation sequence printing its state after each step."""
    if kind == "list":
        lines = ["l = %s" % rng.choice(LISTS)]
        ops = LIST_OPS
        show = "l"
    else:
        lines = ["d = {'a': 1, 'b': 2, 1: 'one'}" if rng.random() < 0.5 else "d = {}"]
        ops = DICT_OPS
        show = "d"
    for _ in range(PER_CHUNK // 2):
        op = fill(rng.choice(ops))
        if "=" in op.replace("==", "").replace("!=", "") or op.startswith("del "):
            stmt = op
            lines.append("try:\n    %s\n    print(%r, %s)\nexcept Exception as e:\n    print(%r, type(e).__name__, e)" % (stmt, op, show, op))
        else:
            lines.append("try:\n    print(%r, repr(%s), %s)\nexcept Exception as e:\n    print(%r, type(e).__name__, e)" % (op, op, show, op))
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    chunks = []
    seen = set()
    for _ in range(STR_CHUNKS):
        calls = []
        while len(calls) < PER_CHUNK:
            c = str_call()
            if c in seen or outcome(c) is None:
                continue
            seen.add(c)
            calls.append(c)
        lines = [
            "def t(f):",
            "    try:",
            "        r = repr(f())",
            "    except Exception as e:",
            "        r = type(e).__name__ + ': ' + str(e)",
            "    print(r)",
        ]
        lines += ["t(lambda: %s)" % c for c in calls]
        chunks.append("\n".join(lines) + "\n")
    for i in range(SEQ_CHUNKS):
        chunks.append(sequence("list" if i % 2 == 0 else "dict"))
    out = os.path.join(os.path.dirname(here), "core", "generated_methods.py")
    with open(out, "w", encoding="utf-8") as f:
        f.write("# Generated by python/testdata/oracle/gen_methods.py; do not edit.\n")
        f.write("# ---\n".join(chunks))


if __name__ == "__main__":
    main()
