def f(v, ys):
    match v:
        case [x] if any(x == y for y in ys):
            return lambda: x
    return None
print(f([2], [1, 2])(), f([3], [1]))
counter = 0
def g(v):
    global counter
    match v:
        case {"n": counter}:
            pass
g({"n": 5})
print(counter)
def outer():
    total = 0
    def inner(v):
        nonlocal total
        match v:
            case [total, *_]:
                pass
    inner([7, 8])
    return total
print(outer())
# ---
# class body captures and comprehension inside guard
class K:
    vals = [1, 2, 3]
    match vals:
        case [first, *rest] if first < 2:
            doubled = [r * 2 for r in rest]
print(K.first, K.rest, K.doubled)
# ---
# match inside a comprehension-driven generator
def gen():
    for i in range(4):
        match i % 3, i:
            case (0, n):
                yield ("zero", n)
            case (r, n) if r == 1:
                yield ("one", n)
            case _:
                yield "other"
print(list(gen()))
# ---
# match on self attributes
class Node:
    __match_args__ = ("left", "right")
    def __init__(self, l, r): self.left, self.right = l, r
def depth(t):
    match t:
        case Node(l, r):
            return 1 + max(depth(l), depth(r))
        case _:
            return 0
print(depth(Node(Node(None, Node(1, 2)), 3)))
# ---
# big sequences and long or-chains
match list(range(1000)):
    case [0, 1, *mid, 998, 999]:
        print(len(mid))
match 50:
    case (0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|18|19|20|21|22|23|24|25|26|27|28|29|30|31|32|33|34|35|36|37|38|39|40|41|42|43|44|45|46|47|48|49):
        print("small")
    case int(n) | float(n):
        print("n", n)
# ---
# deep nesting with captures at various depths
match {"a": [1, {"b": (2, [3, {"c": 4}])}]}:
    case {"a": [p, {"b": (q, [r, {"c": s}])}]}:
        print(p, q, r, s)
# ---
# or-pattern inside sequence with captures and failure in later element
match [1, 2, 3]:
    case [(1 as a) | (2 as a), 9, _]:
        print("no")
    case [(1 as a) | (2 as a), b, _] if b == 2:
        print("a b", a, b)
# ---
# string subject isn't a sequence; but str() matches self
match "abc":
    case [a, b, c]:
        print("seq?!")
    case str(s) if s.startswith("a"):
        print("string", s)
