# context_diff, ndiff/Differ (with the '?' guide lines), restore and the junk predicates
from difflib import context_diff
a = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
b = ["zero", "one", "2", "three", "four", "five", "six", "seven", "nine", "10", "eleven", "twelve", "13"]
for n in (0, 1, 3, 20):
    print(list(context_diff(a, b, n=n, lineterm="")))
print("".join(context_diff([x + "\n" for x in a], [x + "\n" for x in b], "old.py", "new.py", "Mon", "Tue")))
print(list(context_diff(["a\n"], ["b\n"], "x", "y", "", "d")), list(context_diff([], ["a\n"])), list(context_diff(["a\n"], [])), list(context_diff([], [])))
print(list(context_diff(["a", "b", "c"], ["a", "c"], lineterm="")), list(context_diff(["a", "c"], ["a", "b", "c"], lineterm="")))
# ---
from difflib import context_diff
import random
random.seed(4)
words = ["alpha\n", "beta\n", "gamma\n", "delta\n", "eps\n"]
for trial in range(6):
    a = [random.choice(words) for _ in range(random.randrange(0, 25))]
    b = a[:]
    for _ in range(random.randrange(1, 6)):
        k = random.randrange(len(b) + 1)
        if random.random() < 0.5 and k < len(b):
            del b[k]
        else:
            b.insert(k, random.choice(words + ["new\n"]))
    print(repr("".join(context_diff(a, b, "a", "b", n=random.randrange(0, 4)))))
# ---
from difflib import ndiff, restore, Differ
a = "one\ntwo\nthree\n".splitlines(keepends=True)
b = "ore\ntree\nemu\n".splitlines(keepends=True)
diff = list(ndiff(a, b))
print("".join(diff), end="")
print("".join(restore(diff, 1)), end="")
print("".join(restore(diff, 2)), end="")
print(list(restore(iter(diff), "2")))
for bad in (0, 3, "x"):
    try:
        list(restore(diff, bad))
    except ValueError as e:
        print("ValueError", e)
text1 = '''  1. Beautiful is better than ugly.
  2. Explicit is better than implicit.
  3. Simple is better than complex.
  4. Complex is better than complicated.
'''.splitlines(keepends=True)
text2 = '''  1. Beautiful is better than ugly.
  3.   Simple is better than complex.
  4. Complicated is better than complex.
  5. Flat is better than nested.
'''.splitlines(keepends=True)
print("".join(Differ().compare(text1, text2)), end="")
print(list(Differ().compare([], [])), list(Differ().compare(["a"], [])), list(Differ().compare([], ["b"])))
# ---
from difflib import ndiff, Differ, IS_LINE_JUNK, IS_CHARACTER_JUNK
print(list(ndiff(["\tabc\tdef\n"], ["\tabx\tdef\n"])))
print(list(ndiff(["a  b c\n"], ["a b  c\n"])), list(ndiff(["a\tb"], ["a b"])))
print(list(ndiff(["abcdefgh\n", "zzz\n"], ["abcdefgX\n", "zzz\n", "qqq\n"])))
print(list(ndiff(["same\n", "x\n"], ["y\n", "same\n"])))
print(list(ndiff(["a\n", "b\n", "c\n"], ["x\n", "y\n"])), list(ndiff(["a\n"], ["x\n", "y\n", "z\n"])))
print(list(ndiff(["abcdef\n", "k\n", "abcdef\n"], ["abcdeX\n", "k\n", "abcdeY\n", "abcdef\n"])))
print(list(ndiff(["  \n", "#\n", "code\n"], ["code\n", "  # \n"], linejunk=IS_LINE_JUNK)))
print(list(ndiff(["a b c d\n"], ["a-b-c-d\n"], charjunk=None)), list(ndiff(["a b c d\n"], ["a-b-c-d\n"])))
print(list(Differ(charjunk=lambda c: c == "x").compare(["axbxcxd"], ["abxcxdx"])))
print([IS_LINE_JUNK(s) for s in ["", "\n", "  #  \n", "#", "##", " a ", "\t#\t", "# x"]])
print([IS_CHARACTER_JUNK(c) for c in " \t\nax"], IS_CHARACTER_JUNK("a", ws="abc"))
# ---
from difflib import ndiff, restore
import random
random.seed(17)
pool = ["def f(x):\n", "    return x\n", "    return x + 1\n", "print(f(2))\n", "# note\n", "\n",
        "class A:\n", "    pass\n", "x = 1\n", "x = 12\n", "y = x\n", "    return  x\n"]
for trial in range(25):
    a = [random.choice(pool) for _ in range(random.randrange(0, 9))]
    b = [random.choice(pool) for _ in range(random.randrange(0, 9))]
    d = list(ndiff(a, b))
    assert list(restore(d, 1)) == a and list(restore(d, 2)) == b
    print(repr("".join(d)))
# ---
from difflib import ndiff
import random
random.seed(29)
for trial in range(40):
    base = "".join(random.choice("abcde  \t") for _ in range(random.randrange(3, 15)))
    lines_a, lines_b = [], []
    for _ in range(random.randrange(1, 5)):
        s = list(base)
        for _ in range(random.randrange(0, 4)):
            k = random.randrange(len(s) + 1)
            r = random.random()
            if r < 0.3 and k < len(s):
                del s[k]
            elif r < 0.6:
                s.insert(k, random.choice("abcxyz "))
            elif k < len(s):
                s[k] = random.choice("xyz")
        (lines_a if random.random() < 0.5 else lines_b).append("".join(s) + "\n")
    print(repr("".join(ndiff(lines_a, lines_b))))
