# A metaclass's __getattr__ or __getattribute__ that reads another missing
# attribute of the class recurses until the depth limit.
class Lookup(type):
    def __getattribute__(cls, name):
        return getattr(cls, name + "_")


class A(metaclass=Lookup):
    pass


try:
    A.x
except RecursionError:
    pass


class Missing(type):
    def __getattr__(cls, name):
        return cls.other


class B(metaclass=Missing):
    pass


B.x
# limit: depth
