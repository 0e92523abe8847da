# Modules and language corners (issue 18).
from __future__ import annotations

def f(x: Undefined) -> AlsoUndefined:
    return x

class C:
    attr: NotDefinedEither = 1

print(f(1), f.__annotations__, C.__annotations__)
# ---
from __future__ import division, generator_stop
import __future__
print(__future__.annotations.compiler_flag, __future__.division.getMandatoryRelease()[:2])
print(__future__.annotations, __future__.all_feature_names[-1])
print(7 / 2)
# ---
"""A docstring may come first."""
from __future__ import annotations
from __future__ import division
class A:
    x: list[int] | None
    y: "str"
    z: Dict[str, Tuple[int, ...]]
    w: (int, str)
def f(a: A | B | C, *b: typing.Callable[[int], str], c: int = 3) -> [int, str]:
    pass
print(A.__annotations__)
print(f.__annotations__)
# ---
x = 1
from __future__ import annotations
# raises: SyntaxError: from __future__ imports must occur at the beginning of the file
# ---
from __future__ import braces
# raises: SyntaxError: not a chance
# ---
from __future__ import no_such_feature
# raises: SyntaxError: future feature no_such_feature is not defined
# ---
# A relative import fails when it runs (no parent package), not at compile
# time: code that never runs it works.
def lazy():
    from . import sibling
    return sibling

def lazy2():
    from .pkg.mod import name
    return name

for fn in (lazy, lazy2):
    try:
        fn()
    except ImportError as e:
        print(type(e).__name__, e)
try:
    from .. import x
except ImportError as e:
    print(type(e).__name__, e)
print("still running")
# ---
from . import sibling
# raises: ImportError: attempted relative import with no known parent package
# ---
print(__debug__, type(__debug__))
if __debug__:
    print("debug on")
assert True, "never"
# ---
import sys
print(sys.getrecursionlimit() >= 1000)
sys.setrecursionlimit(2000)
print(sys.getrecursionlimit())
for bad in (0, -5, 'x', 2.5):
    try:
        sys.setrecursionlimit(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
sys.setrecursionlimit(1000)
print(sys.getrecursionlimit())
# ---
class C:
    pass

class D:
    "a docstring"

class E(D):
    pass

def g():
    pass

def h():
    "doc of h"

print(C.__doc__, C().__doc__, D.__doc__, D().__doc__, E.__doc__, E().__doc__)
print(g.__doc__, h.__doc__)
c = C()
c.__doc__ = "own"
print(c.__doc__, C.__doc__)
# ---
for name in ('utf', 'UTF', 'u8', 'utf8', 'UTF_8', 'utf-8', 'Utf 8', 'cp65001', 'latin', 'latin_1', 'L1',
             'iso-8859-1', 'ISO8859-1', 'ascii', 'US-ASCII', '646'):
    print(name, 'é'.encode(name, 'replace'), b'\xc3\xa9'.decode(name, 'replace'))
for name in ('utf-9', 'utf--8', 'ut8', ''):
    try:
        'x'.encode(name)
    except LookupError as e:
        print(type(e).__name__, e)
# ---
for b in (b'\xff', b'a\xc3', b'\xe2\x82', b'\xe2\x82x', b'\xed\xa0\x80', b'\xf0\x9f\x98',
          b'\xc0\xaf', b'\xf4\x90\x80\x80', b'\xe0\x80\x80', b'\x80\x80', b'ok\xffok\xfe\xfd'):
    for mode in ('strict', 'replace', 'ignore', 'backslashreplace'):
        try:
            print(ascii(b.decode('utf-8', mode)))
        except UnicodeDecodeError as e:
            print(type(e).__name__, e)
print(repr('\ufffd'), '\ufffd'.isprintable(), repr(b'\xff'.decode('utf-8', 'replace')))
# ---
import math
for fn in (math.lgamma, math.gamma):
    for x in (0, 0.0, -0.0, -1, -2.0, -1e300, float('-inf')):
        try:
            print(fn.__name__, x, fn(x))
        except (ValueError, OverflowError) as e:
            print(fn.__name__, x, type(e).__name__, e)
print(math.lgamma(float('inf')), math.lgamma(1), math.lgamma(2), round(math.lgamma(0.5), 12))
print(round(math.lgamma(-0.5), 12), round(math.lgamma(10.5), 10), math.lgamma(1e300) > 1e300)
