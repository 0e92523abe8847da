try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ValueError(3)])
except* ValueError as e:
    print("V", repr(e), type(e).__name__)
except* TypeError as e:
    print("T", repr(e))
# ---
try:
    raise ValueError("naked")
except* ValueError as e:
    print(repr(e), repr(e.exceptions[0]), e.message == "")
# ---
try:
    raise KeyboardInterrupt()
except* KeyboardInterrupt as e:
    print(type(e).__name__, repr(e.exceptions))
# ---
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
    except* ValueError:
        raise
    except* TypeError:
        raise RuntimeError("x")
try:
    f()
except ExceptionGroup as x:
    print(repr(x))
    print(repr(x.exceptions[0].__context__))
# ---
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise e
try:
    f()
except ExceptionGroup as x:
    print(repr(x))
# ---
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        pass
try:
    f()
except ExceptionGroup as x:
    print("rest", repr(x))
# ---
try:
    raise ExceptionGroup("eg", [ValueError(1), ExceptionGroup("inner", [TypeError(2), ValueError(3)])])
except* (TypeError, ValueError) as e:
    print("all", repr(e))
# ---
try:
    raise ExceptionGroup("eg", [ValueError(1), ExceptionGroup("inner", [TypeError(2), ValueError(3)])])
except* TypeError as e:
    print("T", repr(e))
except* ValueError as e:
    print("V", repr(e))
# ---
try:
    try:
        raise ValueError(1)
    except* ExceptionGroup:
        pass
except TypeError as e:
    print(e)
# ---
try:
    try:
        raise ValueError(1)
    except* (KeyError, BaseExceptionGroup):
        pass
except TypeError as e:
    print(e)
# ---
try:
    try:
        raise ValueError(1)
    except* int:
        pass
except TypeError as e:
    print(e)
# ---
try:
    pass
except* ValueError:
    print("no")
else:
    print("else")
finally:
    print("finally")
# ---
log = []
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        log.append("handled")
    finally:
        log.append("finally")
    return "done"
print(f(), log)
# ---
import sys
try:
    raise ExceptionGroup("eg", [ValueError(1)])
except* ValueError as e:
    print(sys.exc_info()[1] is e)
print("e" in dir())
# ---
try:
    pass
except* ValueError:
    pass
except TypeError:
    pass
# raises: SyntaxError: cannot have both 'except' and 'except*' on the same 'try'
# ---
try:
    pass
except ValueError:
    pass
except* TypeError:
    pass
# raises: SyntaxError: cannot have both 'except' and 'except*' on the same 'try'
# ---
try:
    pass
except*:
    pass
# raises: SyntaxError: expected one or more exception types
# ---
for x in []:
    try:
        pass
    except* ValueError:
        break
# raises: SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block
# ---
for x in []:
    try:
        pass
    except* ValueError:
        continue
# raises: SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block
# ---
def f():
    try:
        pass
    except* ValueError:
        return 1
# raises: SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block
# ---
for x in [1, 2]:
    try:
        raise ValueError(x)
    except* ValueError:
        for z in [3]:
            continue
        def g():
            return 1
        print(x, g())
# ---
try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
except* ValueError:
    print("v")
# raises: ExceptionGroup: eg (1 sub-exception)
# ---
g = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
g.add_note("note")
try:
    try:
        raise g
    except* TypeError as e:
        print(e.__notes__, repr(e))
except ExceptionGroup as x:
    print("rest", x.__notes__, repr(x))
# ---
items = [ValueError(1)]
g = ExceptionGroup("eg", items)
items.append(TypeError(2))
print(repr(g.exceptions), g.split(TypeError))
# ---
g = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
m, r = g.split(ValueError)
print(repr(m), repr(r), repr(g.subgroup(lambda e: isinstance(e, TypeError))))
print(repr(g.derive([KeyError(3)])), g.message, repr(g.exceptions))
# ---
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("k")
    except* TypeError:
        raise KeyError("k2")
try:
    f()
except ExceptionGroup as x:
    print(repr(x))
# ---
try:
    try:
        raise ValueError("only")
    except* TypeError:
        print("no")
except ValueError as e:
    print("naked passes through", repr(e))
# ---
try:
    try:
        raise ValueError("v")
    except* ValueError:
        raise TypeError("t")
except TypeError as e:
    print(repr(e), repr(e.__context__))
# ---
class MyEG(ExceptionGroup):
    pass
try:
    raise MyEG("mine", [ValueError(1), TypeError(2)])
except* ValueError as e:
    print(type(e).__name__, repr(e))
except* TypeError as e:
    print(type(e).__name__, repr(e))
# ---
def gen():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        yield 1
        yield 2
print(list(gen()))
