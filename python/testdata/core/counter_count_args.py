# Counter.most_common takes n the way heapq.nlargest does, and elements()
# reads each count as itertools.repeat does: an integer within a C ssize_t,
# checked when the iterator reaches it.
from collections import Counter
import itertools

def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

c = Counter('xxyyyz')
for n in [True, False, 2.0, 1.0, 0.5, 2.5, 10.5, 3 ** 50, -(3 ** 50), -2, 0]:
    print(repr(n), run(lambda: c.most_common(n)))

class Two:
    def __index__(self):
        return 2

for count in [2, Two(), 0, -4, 2 ** 63 - 1 - (2 ** 63 - 1) + 1, 2 ** 63, -(2 ** 63) - 1, 2.0]:
    print(run(lambda: list(itertools.islice(Counter({'k': count}).elements(), 3))))
gen = Counter({'a': 1, 'b': 2 ** 64}).elements()
print(next(gen), run(lambda: next(gen)))
print(run(lambda: itertools.repeat('r', 2 ** 64)), run(lambda: list(itertools.repeat('r', -(2 ** 63)))))
