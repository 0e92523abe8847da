# Found by FuzzPrograms (seed 370): a class body whose namespace is a mapping
# from __prepare__ (an OrderedDict) reading a name the mapping lacks looked it
# up in a namespace dict that was nil (a Go panic). The name comes from the
# globals, then the builtins; a name found nowhere is a NameError.
import collections

g = "global"


class M(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return collections.OrderedDict()


class C(metaclass=M):
    a = g
    b = len
    c = a + "!"
    d = undefined_name
# raises: NameError
