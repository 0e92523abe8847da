from itertools import groupby, tee, cycle, islice, accumulate, product, combinations_with_replacement
groups = [(k, g) for k, g in groupby("aabbbc")]
print([(k, list(g)) for k, g in groups])
print([(k, len(list(g))) for k, g in groupby(sorted("mississippi"))], [k for k, _ in groupby([1, 1, 2, 1])])
a, b = tee(iter([1, 2, 3]))
print(list(a), list(b), list(islice(cycle("ab"), 5)), list(accumulate([1, 2, 3], initial=10)), list(islice(range(20), 2, 12, 3)))
print(list(product((x for x in "ab"), [0, 1])), list(combinations_with_replacement("abc", 2)))
# ---
from collections import Counter
c = Counter(["b", "a", "b", "c", "a", "d"])
print(c.most_common(), c.most_common(2), list(c.elements()))
c.subtract({"a": 5, "z": 1})
print(c, +c, c.total())
c.update(b=-2, e=3)
print(c, Counter(a=1) <= Counter(a=2, b=1), Counter("abc") - Counter("a"), dict(Counter("hello")))
# ---
from collections import deque
d = deque(range(6))
d.rotate(-2)
print(d)
d.extendleft([10, 11])
print(d, d.index(3), d.count(0))
d.insert(2, "x")
d.remove(11)
print(d, d[-1], d.maxlen)
b = deque([1, 2, 3], maxlen=3)
b.extendleft([8, 9])
print(b, list(reversed(b)))
b.append(0)
print(b, deque("abc", maxlen=2))
# ---
import heapq, bisect
print(list(heapq.merge([1, 4, 7], [2, 5], [0, 9])), list(heapq.merge(["b", "d"], ["A", "c"], key=str.lower)), heapq.nlargest(3, [("a", 2), ("b", 2), ("c", 1), ("d", 2)], key=lambda t: t[1]))
h = [5, 1, 4]
heapq.heapify(h)
print(h, heapq.heappushpop(h, 0), heapq.heapreplace(h, 9), h)
rows = [{"t": 1}, {"t": 5}, {"t": 9}]
print(bisect.bisect_left(rows, 5, key=lambda r: r["t"]), bisect.bisect(rows, 100, key=lambda r: r["t"]))
# ---
import statistics
print(statistics.mean([1, 3]), statistics.mean([1, 2]), statistics.median([1, 2, 3, 4]), statistics.median([3, 1, 2]), statistics.mean([1.5, 2.5]), type(statistics.mean([2, 4])).__name__, statistics.pstdev([2, 4, 4, 4, 5, 5, 7, 9]), statistics.variance([1, 2, 3, 4]))
# ---
import difflib
a = "the quick brown fox\njumps over\nthe lazy dog\n".splitlines(keepends=True)
b = "the quick brown cat\njumps over\nthe lazy dog\nand sleeps\n".splitlines(keepends=True)
print("".join(difflib.unified_diff(a, b, fromfile="a.txt", tofile="b.txt")))
print(difflib.get_close_matches("appel", ["ape", "apple", "peach", "puppy"]), round(difflib.SequenceMatcher(None, "abcd", "bcde").ratio(), 3))
# ---
import pprint
data = {"description": "This is a rather long description string that will certainly not fit on a single line of eighty characters", "items": [{"id": i, "tags": ["alpha", "beta", "gamma"]} for i in range(3)], "matrix": [[i * j for j in range(8)] for i in range(4)]}
pprint.pprint(data)
pprint.pprint(data, width=40, depth=2)
print(pprint.pformat(("x" * 30, "y" * 30, "z" * 30)))
# ---
import textwrap
w = textwrap.TextWrapper(width=12, break_long_words=True, max_lines=3, placeholder=" [...]")
print(w.wrap("Supercalifragilisticexpialidocious is a very long word indeed, yes it is"))
print(textwrap.wrap("a-very-long-hyphenated-word and more", 10), textwrap.wrap("tabs\tand  spaces here", 8), textwrap.fill("x " * 10, 7))
# ---
print("{:{}}".format("x", 5) + "|", "{:{}{}}".format(3.14159, ".", "2f"), "{0:{1}}".format(7, "03"))
# ---
print(sum([-0.0]), sum([-0.0], -0.0), sum([0.1] * 3), sum([1, 2], 0.0), sum([[1], [2]], []), sum((x for x in range(0)), 5), max({}, default="none"), sorted([3, None, 1], key=lambda x: (x is None, x or 0)))
seen = []
def check(x):
    seen.append(x)
    return x > 2
print(any(check(x) for x in [1, 3, 5]), all(check(x) for x in [4, 1, 9]), seen)
# ---
from fractions import Fraction
from decimal import Decimal
print(f"{Fraction(1, 3)}", str(Fraction(6, 4)), repr(Fraction(1, 3)), Fraction(1, 3) + 1, Fraction(1, 3) * Decimal(1) if False else Fraction(1, 3) < 0.5, round(Fraction(7, 2)), Fraction(7, 3).limit_denominator(2), sum(Fraction(1, n) for n in range(1, 5)))
print(f"{Decimal('1234.5678'):.2f}", f"{Decimal('0.5'):%}", f"{Decimal('1e5'):f}", Decimal("1.20") + Decimal("1.3"), Decimal("3") / Decimal("7"), Decimal(2).sqrt(), -Decimal("0.0"), Decimal("1.5").to_integral_value(), round(Decimal("2.5")), round(Decimal("3.5")))
# ---
from string import Formatter
print(list(Formatter().parse("Hi {name!r:>5} and {0} {{x}}")))
