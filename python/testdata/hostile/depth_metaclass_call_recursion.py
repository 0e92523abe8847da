# A metaclass whose __call__ calls the class again, and one whose __new__
# makes another class of itself, end in RecursionError (depth), never a Go
# stack overflow.
class Again(type):
    def __call__(cls, *args):
        return cls(*args)


class A(metaclass=Again):
    pass


try:
    A()
except RecursionError:
    pass


class Breeder(type):
    def __new__(mcs, name, bases, ns):
        class Inner(metaclass=Breeder):
            pass
        return super().__new__(mcs, name, bases, ns)


class B(metaclass=Breeder):
    pass
# limit: depth
