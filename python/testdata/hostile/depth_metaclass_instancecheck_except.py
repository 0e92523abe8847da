# A metaclass's __instancecheck__ / __subclasscheck__ that raise or recurse:
# except clauses match exception classes by their MRO and never call them (as
# in CPython; CPython asks issubclass(E, E) once when it normalises a raised
# E, so that answer is kept sane); isinstance and issubclass do call them,
# and recursion there ends in RecursionError.
class Hostile(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, cls)

    def __subclasscheck__(cls, sub):
        if sub is cls:
            return True
        raise ValueError("subclasscheck")


class E(Exception, metaclass=Hostile):
    pass


try:
    raise E("x")
except E as e:
    assert isinstance(e, E)  # exactly E: decided without the hook
try:
    try:
        raise KeyError("k")
    except E:
        raise AssertionError("matched")
except KeyError:
    pass
try:
    issubclass(int, E)
except ValueError:
    pass
try:
    raise E("y")
except (KeyError, E):
    try:
        isinstance(1, E)
    except RecursionError:
        pass
isinstance(2, E)
# limit: depth
