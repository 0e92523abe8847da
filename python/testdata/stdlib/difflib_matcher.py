# SequenceMatcher against CPython: matching blocks, opcodes, grouped opcodes and the three
# ratios over random sequences (digest of all results plus a few printed in full).
import random, hashlib
from difflib import SequenceMatcher
random.seed(11)
h = hashlib.sha256()
shown = 0
for case in range(300):
    alpha = "abcdefgh"[:random.randrange(1, 9)]
    a = "".join(random.choice(alpha) for _ in range(random.randrange(0, 25)))
    b = "".join(random.choice(alpha) for _ in range(random.randrange(0, 25)))
    s = SequenceMatcher(None, a, b)
    out = (a, b, s.get_matching_blocks(), s.get_opcodes(), [list(g) for g in s.get_grouped_opcodes(random.randrange(0, 4))],
           s.ratio(), s.quick_ratio(), s.real_quick_ratio())
    h.update(repr(out).encode())
    if shown < 6 and len(a) > 5 and len(b) > 5:
        shown += 1
        print(out)
print(h.hexdigest())
# ---
from difflib import SequenceMatcher, Match
s = SequenceMatcher(None, "", "")
print(s.get_matching_blocks(), s.get_opcodes(), list(s.get_grouped_opcodes()), s.ratio(), s.quick_ratio(), s.real_quick_ratio())
s = SequenceMatcher(None, "abc", "")
print(s.get_matching_blocks(), s.get_opcodes(), list(s.get_grouped_opcodes()), s.ratio())
s = SequenceMatcher(None, "", "xyz")
print(s.get_opcodes(), list(s.get_grouped_opcodes(0)))
m = s.find_longest_match()
print(m, type(m).__name__, m.a, m.b, m.size, Match(1, 2, 3), Match._fields)
s = SequenceMatcher(a="qabxcd", b="abycdf")
print(s.get_opcodes(), s.find_longest_match(0, 6, 0, 6), s.find_longest_match(2, 6, 1, 6), s.find_longest_match(0, 6, 0, 0))
print(s.find_longest_match(alo=1, ahi=3), s.find_longest_match(blo=3))
# ---
from difflib import SequenceMatcher
# set_seq1 / set_seq2 / set_seqs reuse: the cached blocks must follow the new sequences.
s = SequenceMatcher(None, "abcd", "bcde")
print(s.ratio())
s.set_seq1("bcd")
print(s.ratio(), s.get_opcodes())
s.set_seq2("xbcdx")
print(s.ratio(), s.get_opcodes(), s.quick_ratio())
s.set_seqs("hello world", "hello there world")
print(s.get_matching_blocks(), s.ratio(), s.a, s.b)
a = [1, 2, 3]
s.set_seq1(a)
a.append(4)
s.set_seq1(a)
print(s.a, s.get_opcodes())
# lists and tuples of hashables, mixed element types
s = SequenceMatcher(None, [1, 2, (3, 4), "x", 5], (0, 1, (3, 4), 5, "x"))
print(s.get_opcodes(), round(s.ratio(), 6))
s = SequenceMatcher(None, ["one\n", "two\n"], ["one\n", "2\n", "two\n"])
print(s.get_opcodes(), s.b2j)
# ---
from difflib import SequenceMatcher
# isjunk: junk elements of b are never matched first, but are absorbed at the edges of a match
s = SequenceMatcher(lambda x: x == " ", " abcd", "abcd abcd")
print(s.find_longest_match(0, 5, 0, 9), s.get_matching_blocks(), s.get_opcodes(), s.bjunk)
s = SequenceMatcher(lambda x: x in " \t", "a b  c\td", "a  b c d")
print(s.get_matching_blocks(), s.get_opcodes(), round(s.ratio(), 6), sorted(s.bjunk), sorted(s.b2j))
s = SequenceMatcher(lambda x: x == "x", "xxaxxbxx", "axxbxxc")
print(s.get_matching_blocks(), s.get_opcodes())
s = SequenceMatcher(lambda x: True, "abc", "abc")
print(s.get_matching_blocks(), s.ratio(), s.b2j)
calls = []
def junk(x):
    calls.append(x)
    return x == "b"
s = SequenceMatcher(junk, "abab", "bbaa")
print(sorted(calls), s.get_opcodes())
# ---
from difflib import SequenceMatcher
import random
# autojunk: in b of 200 or more items, an element seen more than 1% + 1 times is "popular"
random.seed(3)
for n in (199, 200, 201, 450):
    b = [random.choice("aaaaabcdefghijklmnopqrstuvwxyz") for _ in range(n)]
    a = b[:]
    for _ in range(n // 10):
        a[random.randrange(n)] = random.choice("abcz")
    s = SequenceMatcher(None, a, b)
    t = SequenceMatcher(None, a, b, autojunk=False)
    print(n, sorted(s.bpopular), sorted(t.bpopular), round(s.ratio(), 6), round(t.ratio(), 6), len(s.get_opcodes()), len(t.get_opcodes()))
    print(s.get_matching_blocks()[:4], t.get_matching_blocks()[-3:])
b = "x" * 300
s = SequenceMatcher(None, "x" * 10, b)
print(s.bpopular, s.get_matching_blocks(), s.ratio(), s.quick_ratio())
s = SequenceMatcher(None, "ab" * 150, "ab" * 150)
print(sorted(s.bpopular), s.get_matching_blocks(), s.ratio())
s = SequenceMatcher(lambda c: c == "a", "ab" * 150, "ab" * 150)
print(sorted(s.bjunk), sorted(s.bpopular), s.get_matching_blocks())
# ---
from difflib import SequenceMatcher
import random
random.seed(8)
lines = ["line %d\n" % i for i in range(40)] + ["\n"] * 10
for trial in range(4):
    a = [random.choice(lines) for _ in range(120)]
    b = a[:]
    for _ in range(15):
        op = random.randrange(3)
        k = random.randrange(len(b))
        if op == 0:
            del b[k]
        elif op == 1:
            b.insert(k, random.choice(lines))
        else:
            b[k] = "changed\n"
    s = SequenceMatcher(lambda x: x == "\n", a, b)
    print(s.get_opcodes())
    print([list(g) for g in s.get_grouped_opcodes(2)][:3], round(s.ratio(), 6))
# ---
from difflib import get_close_matches
words = ["ape", "apple", "peach", "puppy", "applet", "appeal", "apply", "maple", "happy"]
print(get_close_matches("appel", words), get_close_matches("appel", words, n=1), get_close_matches("appel", words, n=10, cutoff=0))
print(get_close_matches("appel", words, 5, 0.5), get_close_matches("appel", words, cutoff=1.0), get_close_matches("apple", words, cutoff=1.0))
print(get_close_matches("", words), get_close_matches("", ["", "a"]), get_close_matches("ab", iter(["ba", "ab", "abc"])))
print(get_close_matches(["a", "b"], [["a", "b", "c"], ("a", "b"), ["b", "a"]], cutoff=0.1))
print(get_close_matches("abcd", ["dcba", "abdc", "acbd", "badc"], n=4, cutoff=0.0))
for bad in [dict(n=0), dict(n=-1), dict(cutoff=-0.1), dict(cutoff=1.5)]:
    try:
        get_close_matches("a", ["a"], **bad)
    except ValueError as e:
        print("ValueError", e)
# ---
# isjunk and autojunk together on random sequences of 5 to 260 items (digest of all results)
import random, hashlib
from difflib import SequenceMatcher
r = random.Random(2)
h = hashlib.sha256()
for case in range(60):
    alpha = "abcdefghij "[:r.randrange(2, 12)]
    n = r.choice([5, 30, 199, 200, 260])
    b = "".join(r.choice(alpha) for _ in range(n))
    a = list(b)
    for _ in range(r.randrange(0, n // 3 + 2)):
        k = r.randrange(len(a) + 1)
        if r.random() < 0.4 and k < len(a):
            del a[k]
        else:
            a.insert(k, r.choice(alpha + "z"))
    a = "".join(a)
    if r.random() < 0.5:
        a, b = b, a
    junk = r.choice([None, lambda c: c == " ", lambda c: c in "ab"])
    s = SequenceMatcher(junk, a, b, autojunk=r.random() < 0.7)
    out = (s.get_matching_blocks(), s.get_opcodes(), [list(g) for g in s.get_grouped_opcodes(r.randrange(0, 4))],
           s.ratio(), s.quick_ratio(), s.real_quick_ratio(), s.find_longest_match(r.randrange(0, 5), None, r.randrange(0, 5)),
           sorted(s.bjunk), sorted(s.bpopular))
    h.update(repr(out).encode())
    if case < 3:
        print(out[:2], out[3:])
print(h.hexdigest())
# ---
from difflib import SequenceMatcher
# get_grouped_opcodes trims the outer equal stretches of the cached opcode list itself
s = SequenceMatcher(None, "xxxxabcxxxx", "xxxxabdxxxx")
print(s.get_opcodes())
g = s.get_grouped_opcodes(1)
print(s.get_opcodes())
print(list(g), s.get_opcodes())
print(list(SequenceMatcher(None, "abc", "abc").get_grouped_opcodes()), list(SequenceMatcher(None, "a" * 20, "a" * 9 + "b" + "a" * 10).get_grouped_opcodes(0)))
