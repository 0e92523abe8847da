# typing.Protocol: isinstance/issubclass with @runtime_checkable protocols check
# members structurally (match class patterns too); other protocols raise.
from typing import Protocol, runtime_checkable
class P(Protocol):
    def close(self): ...
class F:
    def close(self): pass
for f in (lambda: isinstance(F(), P), lambda: issubclass(F, P), lambda: P()):
    try:
        print(f())
    except TypeError as e:
        print("TypeError", e)
@runtime_checkable
class Q(Protocol):
    x: int
    def close(self): ...
class G:
    x = 1
    def close(self): pass
class H:
    def close(self): pass
class I:
    def __init__(self):
        self.x = 2
    def close(self): pass
print(isinstance(G(), Q), isinstance(H(), Q), isinstance(I(), Q))
try: issubclass(G, Q)
except TypeError as e: print("TypeError", e)
@runtime_checkable
class R(Protocol):
    def close(self): ...
print(issubclass(G, R), issubclass(int, R), isinstance(1, R), isinstance(F(), R))
class N: close = None
print(isinstance(N(), R), issubclass(N, R))
class Impl(R): pass
class Impl2(R):
    def close(self): return "closed"
print(isinstance(Impl(), R), isinstance(Impl2(), R), Impl2().close(), issubclass(Impl2, Impl), isinstance(F(), Impl))
@runtime_checkable
class Sized2(Protocol):
    def __len__(self) -> int: ...
print(isinstance([], Sized2), isinstance(3, Sized2), isinstance("ab", (int, Sized2)), [isinstance(v, Sized2) for v in ({}, (), None, range(3))])
@runtime_checkable
class Both(R, Sized2, Protocol):
    pass
class LC:
    def __len__(self): return 0
    def close(self): pass
print(isinstance(LC(), Both), isinstance(F(), Both), issubclass(LC, Both))
def use(x):
    match x:
        case R():
            return "closable"
    return "other"
print(use(F()), use(3))
try: Q()
except TypeError as e: print("TypeError", e)
try: runtime_checkable(F)
except TypeError as e: print("TypeError", str(e).split(" got")[0])
try: isinstance(F(), Protocol)
except TypeError as e: print("TypeError", e)
# ---
r = range(2, 10, 3)
print(r.__len__(), list(r.__iter__()), r.__getitem__(1), r.__getitem__(slice(0, 2)), r.__contains__(5), list(r.__reversed__()), range(0).__bool__(), r.__bool__())
print(range.__len__(range(4)), sorted(n for n in dir(r) if n in ("__len__", "__iter__", "__bool__")))
