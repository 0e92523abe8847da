rows = [{"name": n, "score": s} for n, s in [("a", 3), ("b", 1), ("c", 3), ("d", 2), ("e", 1), ("f", 3)]]
by_score = sorted(rows, key=lambda r: r["score"])
by_score_desc = sorted(rows, key=lambda r: r["score"], reverse=True)
two_pass = sorted(sorted(rows, key=lambda r: r["name"], reverse=True), key=lambda r: r["score"])
print([r["name"] for r in by_score], [r["name"] for r in by_score_desc], [r["name"] for r in two_pass])
# ---
import random
rng = random.Random(11)
data = [(rng.randint(0, 5), i) for i in range(300)]
s1 = sorted(data, key=lambda t: t[0])
print(all(a[1] < b[1] for a, b in zip(s1, s1[1:]) if a[0] == b[0]), s1[:5], s1[-3:])
data.sort(key=lambda t: -t[0])
print(data[:4], data[-4:])
# ---
import functools
def by_len_then_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return (a > b) - (a < b)
words = ["pear", "fig", "banana", "kiwi", "apple", "date", "fig"]
print(sorted(words, key=functools.cmp_to_key(by_len_then_alpha)), sorted(words, key=functools.cmp_to_key(by_len_then_alpha), reverse=True))
# ---
nan = float("nan")
scores = [24, 36, 46, 17, 49, nan, 28]
print(sorted(scores), sorted(scores, reverse=True))
# ---
import functools
inconsistent = lambda a, b: (a % 7) - (b % 5)
print(sorted(range(10), key=functools.cmp_to_key(inconsistent)))
# ---
people = [("ada", 36, "core"), ("bob", 25, "web"), ("cy", 25, "core"), ("dee", 41, "ops"), ("eve", 36, "web")]
from operator import itemgetter
print(sorted(people, key=itemgetter(2, 1)), sorted(people, key=lambda p: (-p[1], p[0])), min(people, key=itemgetter(1)), max(people, key=itemgetter(1)))
print(sorted(people, key=lambda p: p[1] // 10 * 10), [p[0] for p in sorted(people, key=len)])
# ---
class Version:
    def __init__(self, s):
        self.s = s
        self.key = tuple(int(x) if x.isdigit() else x for x in s.replace("-", ".").split("."))
    def __repr__(self):
        return self.s
vs = [Version(s) for s in ["1.10", "1.2", "1.2-rc1", "1.9.9", "2.0", "1.2.0"]]
try:
    print(sorted(vs, key=lambda v: v.key))
except TypeError as e:
    print("TypeError", e)
print(sorted(vs, key=lambda v: [(0, p) if isinstance(p, int) else (1, p) for p in v.key]))
