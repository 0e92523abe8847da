# __prepare__ returning hostile mappings: one whose __setitem__ raises (the
# class statement raises it), one whose __getitem__ raises something other
# than KeyError (LOAD_NAME raises it), and no mapping at all.
class Refuses(dict):
    def __setitem__(self, key, value):
        if key == "bad":
            raise ValueError("refused " + key)
        super().__setitem__(key, value)


class Loud(dict):
    def __getitem__(self, key):
        raise ZeroDivisionError(key)


class M(type):
    kind = Refuses

    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return mcs.kind()


try:
    class A(metaclass=M):
        good = 1
        bad = 2
except ValueError:
    pass
M.kind = Loud
try:
    class B(metaclass=M):
        x = len
except ZeroDivisionError:
    pass
M.kind = lambda: 42


class C(metaclass=M):
    pass
# raises: TypeError
