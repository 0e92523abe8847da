try:
    1 / 0
except ZeroDivisionError as e:
    print("caught", type(e).__name__, e, e.args)
# ---
try:
    [][1]
except (KeyError, IndexError) as e:
    print("tuple catch", repr(e))
# ---
try:
    {}["k"]
except LookupError as e:
    print(isinstance(e, KeyError), str(e), repr(e), e.args)
# ---
def f():
    try:
        return "try"
    finally:
        print("finally runs")
print(f())
# ---
def f():
    try:
        return 1
    finally:
        return 2
print(f())
# ---
try:
    x = 1
except Exception:
    print("no")
else:
    print("else", x)
finally:
    print("finally")
# ---
try:
    try:
        raise ValueError("inner")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer caught", e)
# ---
class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, what):
        super().__init__(f"{what} not found")
        self.what = what
try:
    raise NotFound("user")
except AppError as e:
    print(type(e).__name__, e, e.what, e.args, isinstance(e, Exception))
# ---
class AppError(Exception):
    pass
raise AppError("custom failure")
# raises: AppError: custom failure
# ---
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("converted") from e
except ValueError as e:
    print(e, type(e.__cause__).__name__, e.__cause__, e.__suppress_context__)
# ---
try:
    try:
        {}["a"]
    except KeyError:
        raise RuntimeError("during handling")
except RuntimeError as e:
    print(e, repr(e.__context__), e.__cause__)
# ---
try:
    try:
        raise KeyError("a")
    except KeyError:
        raise TypeError("t") from None
except TypeError as e:
    print(e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
# ---
def f():
    try:
        raise ValueError("first")
    except ValueError:
        raise
f()
# raises: ValueError: first
# ---
e = ValueError("a", 1, [2])
print(e.args, str(e), repr(e))
print(str(ValueError()), repr(ValueError()), str(KeyError("k")), str(KeyError()), repr(KeyError("k")))
# ---
print(issubclass(KeyError, LookupError), issubclass(IndexError, LookupError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(OverflowError, ArithmeticError))
print(issubclass(ModuleNotFoundError, ImportError), issubclass(UnboundLocalError, NameError), issubclass(RecursionError, RuntimeError), issubclass(NotImplementedError, RuntimeError))
print(issubclass(FileNotFoundError, OSError), issubclass(TimeoutError, OSError), issubclass(StopIteration, Exception), issubclass(KeyboardInterrupt, Exception), issubclass(GeneratorExit, BaseException))
# ---
print([c.__name__ for c in KeyError.__mro__], [c.__name__ for c in UnicodeDecodeError.__mro__])
# ---
try:
    raise TypeError
except TypeError as e:
    print(repr(e), e.args, str(e) == "")
# ---
err = None
try:
    raise ValueError("v")
except ValueError as err:
    pass
print(err)
# raises: NameError: name 'err' is not defined
# ---
def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n < 0:
        raise TypeError("negative")
    return n
results = []
for n in [1, 0, -1, 2]:
    try:
        results.append(risky(n))
    except ValueError as e:
        results.append(f"V:{e}")
    except TypeError as e:
        results.append(f"T:{e}")
print(results)
# ---
try:
    raise ValueError("x")
except Exception as e:
    try:
        raise
    except ValueError as e2:
        print("re-raised same", e2 is e)
# ---
raise ValueError
# raises: ValueError
# ---
raise KeyError("missing key")
# raises: KeyError: 'missing key'
# ---
raise 5
# raises: TypeError: exceptions must derive from BaseException
# ---
try:
    raise NotImplementedError
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError", type(e).__name__)
# ---
count = 0
while True:
    try:
        count += 1
        if count < 3:
            raise ValueError(count)
        break
    except ValueError as e:
        print("retry after", e)
print("count", count)
# ---
def f():
    for i in range(3):
        try:
            if i == 1:
                continue
            print("body", i)
        finally:
            print("finally", i)
f()
# ---
def f():
    try:
        raise ValueError("a")
    except ValueError:
        return "handled"
    finally:
        print("fin")
print(f())
# ---
class E(Exception):
    def __str__(self):
        return "custom str"
try:
    raise E(1, 2)
except E as e:
    print(e, e.args, repr(e))
# ---
class E(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
raise E(404, "not found")
# raises: E: not found
# ---
try:
    int("x")
except ValueError as e:
    msg = str(e)
print(msg)
# ---
def parse(s):
    try:
        return int(s)
    except ValueError:
        return None
print([parse(s) for s in ["1", "x", "-3", "", "4.5"]])
# ---
try:
    try:
        raise ValueError("one")
    except ValueError as e:
        raise KeyError("two")
except KeyError as e:
    print(repr(e), repr(e.__context__), e.__context__.__context__)
# ---
e1 = KeyError("x")
e2 = ValueError("y")
e2.__cause__ = e1
print(e2.__cause__ is e1, isinstance(e2, Exception), ValueError("a") == ValueError("a"))
# ---
try:
    raise ExceptionGroup("many", [ValueError("a"), TypeError("b")])
except* ValueError as eg:
    print("values", [str(e) for e in eg.exceptions])
except* TypeError as eg:
    print("types", [str(e) for e in eg.exceptions])
# ---
x = 0
try:
    x = 1
    raise RuntimeError("stop")
except RuntimeError:
    x += 10
finally:
    x += 100
print(x)
# ---
try:
    import nonexistent_module_xyz
except ImportError as e:
    print(type(e).__name__, e)
# ---
print(BaseException.__name__, Exception.__bases__[0].__name__, ValueError.__bases__[0].__name__, type(ValueError()).__name__)
# ---
try:
    pass
finally:
    print("only finally")
# ---
def f():
    try:
        raise KeyError("k")
    finally:
        print("cleanup before propagate")
f()
# raises: KeyError: 'k'
# ---
e = Exception("top")
print(e.args[0], len(e.args), e.with_traceback(None) is e)
# ---
try:
    raise ValueError("with note")
except ValueError as e:
    e.add_note("extra context")
    print(e.__notes__)
