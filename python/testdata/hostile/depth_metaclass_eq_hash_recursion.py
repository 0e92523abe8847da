# A metaclass's __eq__ and __hash__ that recurse through the classes they
# compare (in a dict lookup, a list search, an operator) end in RecursionError.
class Loop(type):
    def __eq__(cls, other):
        return cls == other

    def __hash__(cls):
        return hash(cls)

    def __add__(cls, other):
        return cls + other


class A(metaclass=Loop):
    pass


for f in (lambda: A == 1, lambda: {A: 1}, lambda: A + 1, lambda: 1 in [A]):
    try:
        f()
    except RecursionError:
        pass
{A}
# limit: depth
