import builtins
print(builtins.len is len, hasattr(builtins, "len"), builtins.__name__, builtins.max([1, 3]), builtins.ValueError is ValueError)
print(getattr(builtins, "sorted")([3, 1, 2]), "print" in dir(builtins))
# ---
import sys
print(sys.exc_info(), sys.exception())
try:
    raise KeyError("k")
except KeyError as e:
    t, v, tb = sys.exc_info()
    print(t, repr(v), v is e, sys.exception() is e)
    try:
        raise ValueError("inner")
    except ValueError:
        print(sys.exc_info()[0].__name__)
    print(sys.exc_info()[0].__name__)
print(sys.exc_info())
# ---
import sys
def current():
    return sys.exc_info()[0]
try:
    1 / 0
except ZeroDivisionError:
    print(current())
finally:
    print(sys.exc_info())
def gen():
    try:
        raise TypeError("t")
    except TypeError:
        yield sys.exc_info()[0]
        yield sys.exc_info()[0]
g = gen()
print(next(g), sys.exc_info()[0], next(g))
