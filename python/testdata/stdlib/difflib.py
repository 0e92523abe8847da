from difflib import SequenceMatcher
s = SequenceMatcher(None, "abcd", "bcde")
print(s.ratio(), s.quick_ratio(), s.real_quick_ratio(), s.get_matching_blocks(), s.get_opcodes())
# ---
from difflib import SequenceMatcher
s = SequenceMatcher(lambda x: x == " ", "private Thread currentThread;", "private volatile Thread currentThread;")
print(round(s.ratio(), 3), s.find_longest_match(0, 28, 0, 37))
for tag, i1, i2, j1, j2 in s.get_opcodes():
    print(tag, i1, i2, j1, j2)
# ---
from difflib import get_close_matches
print(get_close_matches("appel", ["ape", "apple", "peach", "puppy"]), get_close_matches("wheel", ["while", "wheat", "heel", "shoe"], n=2, cutoff=0.5))
tools = ["list_issues", "create_issue", "get_issue", "list_pull_requests", "search_code"]
print(get_close_matches("list_isues", tools), get_close_matches("issue", tools, cutoff=0.3), get_close_matches("zzz", tools))
# ---
from difflib import unified_diff
a = ["one\n", "two\n", "three\n", "four\n", "five\n", "six\n", "seven\n", "eight\n", "nine\n", "ten\n"]
b = ["zero\n", "one\n", "two\n", "3\n", "four\n", "five\n", "six\n", "seven\n", "eight\n", "nine\n", "ten\n", "eleven\n"]
print("".join(unified_diff(a, b, fromfile="before.txt", tofile="after.txt")))
print(list(unified_diff(["a"], ["a"])), list(unified_diff(["x", "y"], ["y", "z"], lineterm="")))
# ---
from difflib import SequenceMatcher
import random
random.seed(5)
a = [random.choice("abcde") for _ in range(300)]
b = a[:]
for _ in range(30):
    b[random.randrange(len(b))] = random.choice("abcdef")
s = SequenceMatcher(None, a, b)
print(round(s.ratio(), 6), len(s.get_opcodes()), s.get_matching_blocks()[:3], s.bpopular == set(), SequenceMatcher(None, a, b, autojunk=False).ratio() > 0.8)
