# An exception group's message and exceptions are its own, not args: the
# snippet may reassign args or call __init__ again, and derive, split,
# subgroup, str and except* still see what the group was made with.
g = ExceptionGroup('m', [ValueError(1), TypeError(2)])
g.args = ()
print(str(g), g.message, g.exceptions)
print(repr(g.derive([KeyError(3)])))
a, b = g.split(ValueError)
print(repr(a), repr(b))
print(repr(g.subgroup(TypeError)))
g.__init__()
print(str(g), g.message, len(g.exceptions), g.args)
try:
    raise g
except* ValueError as e:
    print('caught', repr(e))
except* TypeError as e:
    print('caught', repr(e))
g.args = (1, 2, 3)
print(str(g), repr(g.derive([ValueError()])))
# ---
# A group subclass made through super().__new__ is a whole group.
class G(ExceptionGroup):
    def __new__(cls, message, excs, extra=None):
        self = super().__new__(cls, message, excs)
        self.extra = extra
        return self
    def __init__(self, message, excs, extra=None):
        super().__init__(message, excs)
    def derive(self, excs):
        return G(self.message, excs, self.extra)
g = G('sub', [ValueError(1), TypeError(2)], extra='x')
print(type(g).__name__, str(g), g.extra, g.exceptions)
m, r = g.split(ValueError)
print(type(m).__name__, m.extra, m.exceptions, type(r).__name__, r.exceptions)
try:
    raise g
except* TypeError as e:
    print(type(e).__name__, e.extra, e.exceptions)
except* ValueError as e:
    print(type(e).__name__, e.extra, e.exceptions)
b = BaseExceptionGroup.__new__(BaseExceptionGroup, 'base', [KeyboardInterrupt()])
print(type(b).__name__, str(b))
print(type(BaseExceptionGroup.__new__(BaseExceptionGroup, 'e', [ValueError()])).__name__)
for make in (lambda: BaseException.__new__(ExceptionGroup),
             lambda: Exception.__new__(G, 'm', [ValueError()]),
             lambda: BaseException.__new__(BaseExceptionGroup, 'm', [KeyboardInterrupt()]),
             lambda: BaseExceptionGroup.__new__(ValueError, 'm', [ValueError()]),
             lambda: BaseExceptionGroup.__new__(ExceptionGroup, 'm', [KeyboardInterrupt()]),
             lambda: BaseExceptionGroup.__new__(ExceptionGroup, 'm', []),
             lambda: BaseExceptionGroup.__new__(5)):
    try:
        make()
    except TypeError as e:
        print('TypeError')
    except ValueError as e:
        print('ValueError', e)
# ---
# Plain subclasses get their group state from the call, checked as
# BaseExceptionGroup.__new__ checks it.
class Plain(ExceptionGroup):
    pass
class Info(ExceptionGroup):
    def __init__(self, message, excs, note='n'):
        super().__init__(message, excs)
        self.note = note
class Base(BaseExceptionGroup):
    pass
p = Plain('p', [ValueError(1), TypeError(2)])
print(type(p).__name__, str(p), p.message, p.exceptions)
m, r = p.split(TypeError)
print(type(m).__name__, m.exceptions, type(r).__name__, r.exceptions)
i = Info('i', [ValueError()], note='hello')
print(str(i), i.note, repr(i.subgroup(ValueError)))
b = Base('b', [KeyboardInterrupt()])
print(type(b).__name__, str(b), repr(b.split(KeyboardInterrupt)))
print(type(Base('b', [ValueError()])).__name__)
for make in (lambda: Plain('p', [KeyboardInterrupt()]),
             lambda: Plain('p', []),
             lambda: Plain(5, [ValueError()]),
             lambda: Plain('p', [1]),
             lambda: Plain('p')):
    try:
        make()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
