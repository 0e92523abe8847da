# An exception group made without its message and exceptions: except* and
# split read args[1] of it and panicked in Go (index out of range). As in
# CPython, BaseException.__new__ refuses to make one.
e = BaseException.__new__(ExceptionGroup)
try:
    raise e
except* ValueError:
    pass
# raises: TypeError
# ---
class G(ExceptionGroup):
    def __new__(cls, *a):
        return Exception.__new__(cls)
G('m', [ValueError()]).split(ValueError)
# raises: TypeError
# ---
# A group whose args were reassigned keeps its own message and exceptions.
g = ExceptionGroup('m', [ValueError(), TypeError()])
g.args = ()
g.__init__()
try:
    raise g
except* ValueError:
    pass
except* TypeError:
    pass
assert str(g) == 'm (2 sub-exceptions)', str(g)
g.derive([KeyError()]).subgroup(KeyError).split(ValueError)
raise g
# raises: ExceptionGroup
