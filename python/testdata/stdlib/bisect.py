import bisect
a = [1, 2, 4, 4, 4, 8]
print(bisect.bisect_left(a, 4), bisect.bisect_right(a, 4), bisect.bisect(a, 4))
print(bisect.bisect_left(a, 0), bisect.bisect_right(a, 9), bisect.bisect_left(a, 5, 0, 3))
# ---
import bisect
def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
# ---
import bisect
a = []
for x in [5, 1, 4, 1, 3]:
    bisect.insort(a, x)
print(a)
bisect.insort_left(a, 4)
bisect.insort_right(a, 2)
print(a)
# ---
from bisect import bisect_left, insort
recs = [("ada", 31), ("bob", 25), ("cy", 40)]
recs.sort(key=lambda r: r[1])
print(bisect_left(recs, 30, key=lambda r: r[1]))
insort(recs, ("dee", 33), key=lambda r: r[1])
print(recs)
# ---
import bisect
bisect.bisect_left([1, 2], 1, -1)
# raises: ValueError: lo must be non-negative
