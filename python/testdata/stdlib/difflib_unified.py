from difflib import unified_diff
import random
random.seed(21)
words = ["alpha\n", "beta\n", "gamma\n", "delta\n", "eps\n", "zeta\n", "eta\n"]
for trial in range(5):
    a = [random.choice(words) for _ in range(random.randrange(0, 30))]
    b = a[:]
    for _ in range(random.randrange(0, 6)):
        k = random.randrange(len(b) + 1)
        if random.random() < 0.5 and k < len(b):
            del b[k]
        else:
            b.insert(k, random.choice(words + ["new\n"]))
    n = random.randrange(0, 4)
    print(n, repr("".join(unified_diff(a, b, "a.txt", "b.txt", n=n))))
# ---
from difflib import unified_diff
a = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
b = ["one", "2", "three", "four", "five", "six", "seven", "eight", "nine", "10", "eleven", "twelve", "13"]
for n in (0, 1, 2, 3, 5, 20):
    print(list(unified_diff(a, b, n=n, lineterm="")))
print(list(unified_diff(a, b, fromfile="old", tofile="new", fromfiledate="2005-01-26 23:30:50", tofiledate="2010-04-02 10:20:52", lineterm="")))
print(list(unified_diff(a, b, "x", "y", "d1", "", lineterm="\r\n"))[:3])
print(list(unified_diff(a, b, "x", "y", "", "d2"))[:3])
print(list(unified_diff([], ["a\n"])), list(unified_diff(["a\n"], [])), list(unified_diff([], [])))
print(list(unified_diff(["a\n", "b\n"], ["a\n", "b\n"])))
print(list(unified_diff("abc", "abd", lineterm="")))
g = unified_diff(["x\n"], ["y\n"])
print(next(g), next(g), list(g))
