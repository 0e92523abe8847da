# Found scoring round 13's outside populations (docstring examples of
# more_itertools, boltons, toolz, sortedcontainers; the Python 3.11 docs).
# from pkg import sub imports a submodule not yet imported (more_itertools).
from collections import abc
print(abc.Mapping, issubclass(dict, abc.Mapping), isinstance([], abc.Sequence))
import collections
print(collections.abc is abc)
from collections import abc as abc2
print(abc2 is abc)
try:
    from collections import no_such_name
except ImportError as e:
    print(type(e).__name__, e.name)
# ---
# \N{...} escapes (the Unicode HOWTO).
print(ascii("\N{BULLET} \N{bullet} \N{LATIN SMALL LETTER A}\N{CJK UNIFIED IDEOGRAPH-4E00}\N{HANGUL SYLLABLE GAG}"))
print(ascii(f"\N{GREEK CAPITAL LETTER DELTA}{1 + 1}\N{EM DASH}{'x'!r}"))
print(b"\N{BULLET}", r"\N{BULLET}", len("\N{SPACE}"), "\N{DIGIT ONE}\u0032")
# ---
s = "\N{NO SUCH CHARACTER NAME}"
# raises: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-25: unknown Unicode character name
# ---
s = "ab\N{BULLET"
# raises: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 2-10: malformed \N character escape
# ---
s = "\N{}"
# raises: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: malformed \N character escape
# ---
s = "x\Ny"
# raises: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 1-2: malformed \N character escape
# ---
# re.finditer's iterator is the builtin callable_iterator (the regex HOWTO).
import re
it = re.finditer(r"\d", "a1b2")
print(type(it).__name__, type(it).__module__, type(it).__qualname__, repr(it).split(" at ")[0])
print([m.group() for m in it])
# ---
# \N{...} in regular expressions (sre_parse's errors and positions).
import re
print(re.findall(r"\N{BULLET}\s*(\w+)", "\u2022 a \u2022b"), bool(re.match(r"[\N{em dash}x]+$", "\u2014x")))
for p in [r"\N{NOPE}", r"a\N", r"\N{", r"\N{}", r"\Nx", rb"\N{BULLET}", r"\N{BULLET"]:
    try:
        re.compile(p)
    except re.error as e:
        print(e, e.pos)
# ---
# split/subgroup give each part its own copy of the notes (the exceptions docs).
try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
except ExceptionGroup as e:
    exc = e
exc.add_note("n1")
match, rest = exc.split(ValueError)
print(match.__notes__, rest.__notes__, match.__notes__ is exc.__notes__, rest.__notes__ is match.__notes__)
match.add_note("only match")
print(exc.__notes__, match.__notes__, rest.__notes__)
exc.__notes__ = ("t1", "t2")
print(exc.subgroup(lambda e: True).__notes__, exc.subgroup(TypeError).__notes__)
exc.__notes__ = 42
print(hasattr(exc.subgroup(TypeError), "__notes__"))
# ---
# f(*x) keeps the TypeError x's __iter__ raised (only an object with neither
# __iter__ nor __getitem__ gets "argument after * must be an iterable");
# str subclass keys are keywords in f(**d) (CPython's test_extcall doctests).
def g(*args, **kw):
    return args, kw
class BrokenIterable:
    def __iter__(self):
        raise TypeError("myerror")
for make in (lambda: g(*BrokenIterable()), lambda: g(1, *BrokenIterable()), lambda: [*BrokenIterable()],
             lambda: (0, *BrokenIterable()), lambda: g(*5), lambda: g(1, *5), lambda: [*5],
             lambda: "".join(BrokenIterable()), lambda: g(*{"a": 1}), lambda: g(**{1: 2})):
    try:
        print(make())
    except TypeError as e:
        print("TypeError:", e)
class Seq:
    def __getitem__(self, i):
        if i < 3:
            return i * 10
        raise IndexError(i)
print(g(*Seq()), [*Seq(), 5])
class Name(str):
    pass
def f(a, b):
    return a, b
print(g(**{Name("a"): 1}), g(x=0, **{Name("b"): 2}), f(**{Name("a"): 1, Name("b"): 2}))
try:
    g(a=1, **{Name("a"): 2})
except TypeError as e:
    print("TypeError:", e)
for src in (lambda: g(*5, *[]), lambda: g(*[], *5), lambda: g(*5, 1), lambda: g(*5, x=1), lambda: g(*5, **{})):
    try:
        src()
    except TypeError as e:
        print("TypeError:", e)
# ---
# Hangul syllables and CJK unified ideographs are named by an algorithm:
# their prefixes and hex digits match exactly (no case folding), other
# names without regard to ASCII case.
import unicodedata
for n in ["CJK UNIFIED IDEOGRAPH-04E00", "CJK UNIFIED IDEOGRAPH-4e00", "cjk unified ideograph-4E00",
          "CJK UNIFIED IDEOGRAPH-4E0", "CJK UNIFIED IDEOGRAPH-20000", "CJK UNIFIED IDEOGRAPH-E000",
          "CJK UNIFIED IDEOGRAPH-+4E00", "latin small letter a", "hangul syllable ga", "HANGUL SYLLABLE GA",
          "HANGUL SYLLABLE GGWAEGS", "HANGUL SYLLABLE X", "HANGUL SYLLABLE A", "HANGUL SYLLABLE GAGX",
          "CJK COMPATIBILITY IDEOGRAPH-F900", "cjk compatibility ideograph-f900"]:
    try:
        print(n, hex(ord(unicodedata.lookup(n))))
    except KeyError as e:
        print(n, "KeyError", e)
print(unicodedata.name("\uac01"), unicodedata.name("\u4e00"), ascii("\N{HANGUL SYLLABLE A}\N{CJK UNIFIED IDEOGRAPH-04E00}"))
# ---
s = "\N{cjk unified ideograph-4e00}"
# raises: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-29: unknown Unicode character name
