# A metaclass __new__ that returns something other than a class: the statement
# binds it; deriving from it, or handing type.__new__ bad arguments, raises
# TypeError.
class Odd(type):
    def __new__(mcs, name, bases, ns):
        return [name]


class A(metaclass=Odd):
    pass


assert A == ["A"]
for args in [("X", (A,), {}), ("X", (), 5), (5, (), {}), ("X", [], {})]:
    try:
        type.__new__(Odd, *args)
    except TypeError:
        pass
    else:
        raise AssertionError(args)


class B(A):
    pass
# raises: TypeError
