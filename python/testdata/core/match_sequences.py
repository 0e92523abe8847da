def seq(v):
    match v:
        case []:
            return "empty"
        case [x]:
            return f"one {x!r}"
        case [x, y]:
            return f"two {x!r} {y!r}"
        case [first, *middle, last]:
            return f"first {first!r} middle {middle!r} last {last!r}"
    return "not a sequence " + type(v).__name__
for v in [[], (), [1], (1,), [1, 2], (1, 2, 3), list(range(6)), range(3), "ab", b"ab", {1: 2}, {1, 2}, 5, iter([1, 2])]:
    print(seq(v))
# ---
def heads(v):
    match v:
        case [*rest, "end"]:
            return ("ends", rest)
        case ["start", *rest]:
            return ("starts", rest)
        case [*everything]:
            return ("any", everything)
    return None
print(heads(["a", "end"]), heads(("start", 1, 2)), heads((1, 2)), heads(["end"]), heads(()))
# ---
# A star capture is always a list, whatever the subject's type.
match (1, 2, 3):
    case (a, *b):
        print(a, b, type(b).__name__)
match range(5):
    case [0, *mid, 4]:
        print(mid)
# ---
# Star wildcards index the subject instead of unpacking it.
def ends(v):
    match v:
        case [a, *_, b]:
            return a, b
        case [a, *_]:
            return (a,)
        case [*_]:
            return "empty"
print(ends([1]), ends([1, 2]), ends(range(10)), ends([]), ends((9, 8, 7)))
# ---
def nested(v):
    match v:
        case [[x, y], [z, *_]]:
            return x + y + z
        case [(a, b), *_] if a == b:
            return "pair"
        case ((1, 2), (3,)):
            return "never: the first case took it"
    return "no"
print(nested([[1, 2], [3, 4, 5]]), nested(([1, 1], 2)), nested([[1, 2], []]), nested([[1, 2, 3], [4]]))
# ---
# Open sequences at the top of a case.
def pairs(v):
    match v:
        case 0, 0:
            return "origin"
        case x, 0:
            return f"on x {x}"
        case 0, *ys:
            return f"on y {ys}"
    return "elsewhere"
print(pairs((0, 0)), pairs([5, 0]), pairs((0, 1, 2)), pairs((1, 1)))
# ---
import collections
P = collections.namedtuple("P", "x y")
def kind(v):
    match v:
        case [x, y]:
            return f"pair {x} {y}"
        case [*_]:
            return "sequence"
        case _:
            return "not a sequence"
print(kind(P(1, 2)), kind(collections.deque([1, 2])), kind(collections.deque([1, 2, 3])), kind(collections.Counter("ab")))
# ---
class MyList(list):
    pass
match MyList([1, 2, 3]):
    case [1, *rest]:
        print("subclass", rest)
# ---
# Matching stops at the first failing element; the subject is read once.
calls = []
def subject():
    calls.append("subject")
    return [1, 2, 3]
match subject():
    case [1, 3, _]:
        print("no")
    case [1, 2, 3, 4]:
        print("no")
    case [_, _, three]:
        print("three is", three)
print(calls)
# ---
def count(v):
    match v:
        case [_, _, _]:
            return 3
        case [_, _]:
            return 2
        case [_, *_]:
            return "more"
        case []:
            return 0
print(count([1, 2, 3]), count("xy"), count((1, 2)), count([1, 2, 3, 4]), count([]))
