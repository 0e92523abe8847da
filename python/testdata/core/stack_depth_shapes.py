# Code whose operand stack is deep where control leaves a block: returns,
# breaks and exceptions out of nested for loops (their iterators on the
# stack), with blocks and finally clauses, match statements in calls,
# yields inside expressions, comprehensions nested in call arguments. The
# interpreter's tests check each frame against its code's MaxStack.

class CM:
    def __init__(self, log, name):
        self.log, self.name = log, name
    def __enter__(self):
        self.log.append("enter " + self.name)
        return self.name
    def __exit__(self, t, v, tb):
        self.log.append("exit " + self.name + (" " + t.__name__ if t else ""))
        return t is KeyError

def nested_return(log):
    for a in range(3):
        for b in [10, 20]:
            with CM(log, "w%d" % a) as n:
                for c in iter((1, 2, 3)):
                    try:
                        if a * b + c == 22:
                            return (a, b, c, n, [x * y for x in range(a) for y in range(c)])
                    finally:
                        log.append("finally %d%d%d" % (a, b, c))
    return None

def finally_return(n):
    out = []
    for i in range(n):
        try:
            for j in range(3):
                try:
                    if j == 1:
                        raise ValueError(i)
                finally:
                    if i == 2:
                        return out, i, j
                    out.append((i, j))
        except ValueError as e:
            out.append(("caught", e.args[0]))
    return out

def finally_swallow():
    for k in range(2):
        try:
            try:
                return {k: [1, 2, (3, 4, {5: (6, 7, 1 / 0)})]}
            finally:
                continue
        finally:
            pass
    return "swallowed"

def match_in_call(vals):
    def shape(v):
        match v:
            case {"k": [1, (2, *rest), {"z": z}]} if z > 0:
                return ("deep", rest, z)
            case [int(a), [int(b), [int(c), *_]]] | (a, b, c):
                return ("seq", a, b, c)
            case str() as s if len(s) > 2:
                return ("str", s)
            case _:
                return ("other", repr(v))
    return [len(str(shape(v))) + sum([i for i in range(2)]) and shape(v) for v in vals]

def gen_expr_yields(items):
    total = 0
    for it in items:
        with CM([], "g"):
            total += (yield it) + (yield it * 2) + len([k for k in range((yield -it))])
    return total

def drive(g):
    out = []
    try:
        v = next(g)
        while True:
            out.append(v)
            v = g.send(len(out))
    except StopIteration as e:
        out.append(("ret", e.value))
    return out

def deep_comprehension(n):
    return {i: [{j: (lambda k: [k for _ in range(2)])(i + j) for j in range(i)} for _ in range(2)]
            for i in range(n) if any(x for x in [i, i - 1] if (x % 2 and [y for y in range(x)]))}

def exc_out_of_with_loop():
    log = []
    try:
        for i in range(3):
            with CM(log, "a"), CM(log, "b"):
                for j in range(2):
                    [i, j, {"x": [1 / (1 - j)]}]
    except ZeroDivisionError:
        log.append("zde")
    for i in range(2):
        with CM(log, "k"):
            {}[i]
    return log

def unpack_calls(*a, **k):
    return len(a), sorted(k)

log = []
print(nested_return(log))
print(log)
print(finally_return(5))
print(finally_swallow())
print(match_in_call([{"k": [1, (2, 3, 4), {"z": 5}]}, [1, [2, [3, 4]]], (7, 8, 9), "abc", 4.5]))
print(drive(gen_expr_yields([1, 2])))
print(deep_comprehension(4))
print(exc_out_of_with_loop())
print(unpack_calls(*[1, 2], *(x for x in range(3)), 4, *{5: 6}, **{"a": 1}, b=2, **dict(c=3)))
print([f"{i:{'>' if i % 2 else '<'}{i + 2}}|{[j for j in range(i)]!r:^{i * 3}}" for i in range(4)])
print([(a, b) for a, *b in [(1, 2, 3), (4,)] if (c := len(b)) >= 0 for _ in range(c or 1)])
