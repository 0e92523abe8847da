# __class__ assignment refuses when the old or the new class is an immutable type:
# a builtin, or a library class CPython implements in C, whatever this
# interpreter writes it in; between two ordinary classes it is allowed.
import collections, functools, re, decimal
class Q(collections.deque): pass
class P(functools.partial): pass
class E(ValueError): pass
class A: pass
class B: pass
cases = [(Q(), collections.deque), (collections.deque(), Q), (P(int), functools.partial),
         (functools.partial(int), P), (ValueError(), E), (E(), ValueError), (A(), B),
         (decimal.Decimal(1), A), (re.compile('a'), A), (A(), re.Pattern)]
for obj, cls in cases:
    try:
        obj.__class__ = cls
        print('accepted', type(obj).__name__)
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
