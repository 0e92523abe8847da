import itertools
print(list(itertools.islice(itertools.count(), 5)), list(itertools.islice(itertools.count(10, -2.5), 3)))
# ---
from itertools import cycle, islice, repeat
print(list(islice(cycle("abc"), 7)), list(repeat("x", 3)), list(zip(range(3), repeat(0))), list(cycle([])))
# ---
from itertools import accumulate
import operator
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([1, 2, 3], operator.mul)))
print(list(accumulate([1, 2], initial=100)), list(accumulate([])), list(accumulate([], initial=0)))
# ---
from itertools import chain
print(list(chain("ab", [1, 2], (3,))), list(chain.from_iterable([[1], [2, 3], []])), list(chain()))
# ---
from itertools import compress, dropwhile, takewhile, filterfalse
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])), list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, "", "a"])))
# ---
from itertools import groupby
for k, g in groupby("AAAABBBCCDAABBB"):
    print(k, "".join(g))
# ---
from itertools import groupby
data = [{"team": "a", "n": 1}, {"team": "a", "n": 2}, {"team": "b", "n": 3}]
print({k: [d["n"] for d in g] for k, g in groupby(data, key=lambda d: d["team"])})
print([(k, len(list(g))) for k, g in groupby(sorted("mississippi"))])
# ---
from itertools import groupby
groups = groupby([1, 1, 2, 2, 3])
keys = [k for k, _ in groups]
print(keys, list(groupby([])))
# ---
from itertools import islice
print(list(islice("ABCDEFG", 2)), list(islice("ABCDEFG", 2, 4)), list(islice("ABCDEFG", 2, None)), list(islice("ABCDEFG", 0, None, 2)))
# ---
from itertools import islice
islice([1, 2], -1, 2)
# raises: ValueError: Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# ---
from itertools import pairwise, starmap
print(list(pairwise([1, 2, 4, 7])), [b - a for a, b in pairwise([1, 2, 4, 7])], list(pairwise("a")), list(starmap(pow, [(2, 5), (3, 2)])))
# ---
from itertools import tee
a, b = tee(iter([1, 2, 3]))
print(next(a), next(a), list(b), list(a))
# ---
from itertools import zip_longest
print(list(zip_longest("ABCD", "xy", fillvalue="-")), list(zip_longest([1], [2, 3], [4, 5, 6])), list(zip_longest()))
# ---
from itertools import product
print(list(product("ab", [0, 1])), list(product(range(2), repeat=3))[:4], len(list(product("abc", repeat=2))), list(product()))
# ---
from itertools import permutations
print(list(permutations([1, 2, 3])), list(permutations("abcd", 2))[:5], list(permutations([], 0)), list(permutations([1], 2)))
# ---
from itertools import combinations, combinations_with_replacement
print(list(combinations("ABCD", 2)), list(combinations(range(4), 3)), list(combinations([1], 2)))
print(list(combinations_with_replacement("ABC", 2)), len(list(combinations_with_replacement(range(5), 3))))
# ---
import itertools
pairs = [(a, b) for a, b in itertools.combinations([3, 5, 8, 13], 2) if (a + b) % 2 == 0]
print(pairs, sum(1 for _ in itertools.permutations(range(5))))
# ---
import itertools
it = itertools.chain([1, 2], [3])
print(next(it), list(it), list(itertools.islice(itertools.cycle([1, 2]), 0)))
# ---
import itertools
rows = [("a", 1), ("a", 2), ("b", 5)]
total = {k: sum(v for _, v in g) for k, g in itertools.groupby(rows, key=lambda r: r[0])}
print(total, list(itertools.accumulate(v for _, v in rows)))
# ---
import itertools
combinations = itertools.combinations
combinations([1, 2], -1)
# raises: ValueError: r must be non-negative
# ---
import itertools
def chunks(it, n):
    it = iter(it)
    while True:
        chunk = list(itertools.islice(it, n))
        if not chunk:
            return
        yield chunk
print(list(chunks(range(7), 3)))
# ---
from itertools import islice
islice([1, 2], -1)
# raises: ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# ---
from itertools import islice, count
it = iter(range(10))
print(list(islice(it, 5, 3)), next(it), list(islice(range(10), 1, 9, 3)), list(islice(count(1.5, 0.5), 4)), list(islice([], 3)))
# ---
from itertools import permutations, product, combinations, combinations_with_replacement
print(list(permutations("ab", 0)), list(product("ab", [])), list(combinations("abc", 0)), list(combinations_with_replacement("", 2)), list(combinations_with_replacement("ab", 0)))
print(sum(1 for _ in combinations(range(30), 4)), sum(1 for _ in permutations(range(7))), sum(1 for _ in product(range(10), repeat=4)))
# ---
from itertools import accumulate, starmap, zip_longest
print(list(accumulate([1, 2, 3], lambda a, b: a * 10 + b, initial=0)), list(starmap(lambda *a: sum(a), [[1, 2], (3, 4, 5), range(3)])))
z = zip_longest([1, 2], iter("abc"))
print(next(z), list(z))
# ---
from itertools import chain, cycle, repeat
c = chain.from_iterable(["ab", [], "c"])
print(list(c), list(c), list(zip(cycle("xy"), range(5))), list(repeat(None, 0)), list(repeat("z", -1)))
# ---
import itertools
def gen():
    yield 1
    raise ValueError("inside")
it = itertools.chain([0], gen())
print(next(it), next(it))
next(it)
# raises: ValueError: inside
# ---
import itertools
list(itertools.chain([1], 5))
# raises: TypeError: 'int' object is not iterable
