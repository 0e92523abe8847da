# OSError errno/strerror/filename and the errno subclasses
e = OSError(2, "No such file")
print(type(e).__name__, e.args, str(e), e.errno, e.strerror, e.filename, repr(e))
e = OSError(2, "No such file", "data.json")
print(type(e).__name__, e.args, str(e), e.filename)
e = OSError(2, "x", "a", None, "b")
print(str(e), e.filename2)
print(type(OSError(13, "denied")).__name__, type(OSError(17, "exists")).__name__, type(OSError(110, "slow")).__name__, type(OSError(99, "?")).__name__)
print(str(OSError("plain")), OSError("plain").errno, str(OSError(1, 2, 3, 4, 5, 6)), str(OSError(None, "x")))
# ---
try:
    raise FileNotFoundError(2, "No such file or directory", "config.toml")
except OSError as e:
    print(f"{type(e).__name__}: {e}", e.errno, e.filename)
class NotReachable(ConnectionError):
    pass
try:
    raise NotReachable(111, "Connection refused")
except OSError as e:
    print(e, e.errno, e.strerror, e.args)
class Wrapped(OSError):
    def __init__(self, what):
        super().__init__(5, "I/O failed on " + what)
print(Wrapped("disk"), Wrapped("disk").errno)
e = OSError("x")
e.errno, e.strerror = 28, "No space left on device"
print(e)
# ---
e = NameError("custom", name="thing")
print(e, e.name, e.args)
e = AttributeError("no attr", name="x", obj=[1])
print(e.name, e.obj)
e = ImportError("nope", name="mod", path="/x")
print(e.name, e.path)
print(NameError("m").name, ImportError("m").name)
for make in [lambda: NameError("m", foo=1), lambda: ValueError("m", x=1), lambda: KeyError(k=1), lambda: OSError(2, "x", strerror="y")]:
    try:
        make()
    except TypeError as err:
        print(err)
# ---
# Two exception bases combine unless both carry their own state.
class Both(ValueError, KeyError):
    pass
try:
    raise Both("bad key")
except KeyError as e:
    print("caught as KeyError:", repr(e).replace("__snippet__.<locals>.", ""), [c.__name__ for c in Both.__mro__])
class FileProblem(OSError, ValueError):
    pass
print(isinstance(FileProblem(2, "gone"), ValueError), str(FileProblem(2, "gone")))
for bases in [(OSError, ImportError), (AttributeError, NameError), (StopIteration, SystemExit), (Exception, int), (TypeError, LookupError), (NameError, ValueError)]:
    try:
        type("X", bases, {})
        print([b.__name__ for b in bases], "ok")
    except TypeError as e:
        print([b.__name__ for b in bases], e)
# ---
for call in [lambda: int(x=1), lambda: int("5", base=10), lambda: int(foo="1"), lambda: int("1", 2, base=3), lambda: int("ff", base=16),
             lambda: sum([1, 2], start=10), lambda: sum(iterable=[1]), lambda: sum([1], foo=2), lambda: map(func=str, iterable=[])]:
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
# ---
print(10 ** -24 == 1e-24, 10 ** -24, 2 ** -1, (-2) ** -3, 7 ** -13 == 7.0 ** -13, 10 ** -400, (-10) ** -21)
print([k for k in range(1, 60) if 10 ** -k != float("1e-%d" % k)], pow(10, -24), 123456789 ** -7 == 123456789.0 ** -7)
try:
    0 ** -1
except ZeroDivisionError as e:
    print(e)
try:
    (10 ** 400) ** -1
except OverflowError as e:
    print(e)
# ---
# Operator methods of the builtin types are attributes.
print((-7).__abs__(), (2).__add__(3), (2).__add__(1.5), (2.5).__radd__(1), (7).__rsub__(2), (2).__pow__(10, 1000), (5).__divmod__(3))
print((6).__and__(3), (1).__lshift__(4), (True).__or__(False), (5).__lt__(6), (5).__lt__(5.5), (5).__invert__(), (0).__bool__(), (3.9).__int__())
print((3.14159).__round__(2), (1234).__round__(-2), (-3.7).__floor__(), (3.2).__ceil__(), (3.7).__trunc__(), type((2.5).__round__()).__name__)
print("a".__lt__("b"), "a".__lt__(1), "ab".__mul__(2), "%s-%s".__mod__((1, 2)), [1].__rmul__(3), [1, 2].__lt__([1, 3]), (1,).__add__((2,)))
print({1: 2}.__or__({3: 4}), {1, 2}.__and__({2}), {1}.__and__([1]), b"ab".__len__(), b"ab".__getitem__(0), b"%d".__mod__(5))
print(int.__add__(1, 2), str.__lt__("a", "b"), sorted([3, 1, 2], key=int.__neg__), list(map(str.__len__, ["ab", "c"])))
# ---
class Cents(int):
    def __add__(self, other):
        return Cents(int.__add__(self, other))
    def __repr__(self):
        return "Cents(%d)" % int(self)
print(Cents(2) + 3, 3 + Cents(2), Cents(2) * 3, -Cents(2), abs(Cents(-2)), Cents(2) < 3, Cents(5).__abs__())
class Ratio(float):
    pass
print(Ratio(2.5) + 1, round(Ratio(2.567), 1), Ratio(2.5).__round__(), int(Ratio(3.5)), Ratio(1.5) < 2)
# ---
# The rest of CPython's builtin exceptions, and OSError's errno subclasses
print(type(OSError(32, "x")).__name__, type(OSError(111, "x")).__name__, type(OSError(104, "x")).__name__, type(OSError(21, "x")).__name__, type(OSError(20, "x")).__name__)
print([c.__name__ for c in BrokenPipeError.__mro__], [c.__name__ for c in TabError.__mro__])
print(issubclass(FutureWarning, Warning), issubclass(UnicodeTranslateError, ValueError), issubclass(BlockingIOError, OSError), issubclass(SystemError, Exception))
try:
    raise ConnectionResetError(104, "Connection reset by peer")
except ConnectionError as e:
    print(repr(e), e)
try:
    raise BrokenPipeError("pipe closed")
except OSError as e:
    print(type(e).__name__, e, e.errno)
# ---
e = SyntaxError("bad token", ("/etc/app/config.py", 3, 5, "x = = 1\n", 3, 6))
print(e, "|", e.msg, e.filename, e.lineno, e.offset, repr(e.text), e.end_lineno, e.end_offset, e.args)
print(SyntaxError("m", (None, 3, 1, None)), "|", SyntaxError("m", ("f.py", None, 1, None)), "|", SyntaxError(), "|", SyntaxError("only"))
e = SyntaxError("m")
print(e.filename, e.lineno, e.offset, e.text, e.print_file_and_line)
class ParseError(SyntaxError):
    pass
print(ParseError("unexpected '='", ("rules.toml", 4, 1, "x = ")), isinstance(ParseError("x"), SyntaxError))
try:
    SyntaxError("m", (1, 2))
except TypeError as e:
    print("TypeError:", e)
# ---
e = UnicodeDecodeError("utf-8", b"ab\xff", 2, 3, "invalid start byte")
print(e, "|", e.encoding, e.object, e.start, e.end, e.reason, repr(e))
print(UnicodeDecodeError("utf-8", b"ab\xff\xfe", 2, 4, "invalid continuation byte"))
print(UnicodeEncodeError("ascii", "a\xe9", 1, 2, "ordinal not in range(128)"), "|", UnicodeEncodeError("ascii", "a\u20ac", 1, 2, "x"), "|", UnicodeEncodeError("ascii", "a\xe9\xe9", 1, 3, "ordinal not in range(128)"))
print(UnicodeTranslateError("ab", 0, 1, "no mapping"))
for make in [lambda: UnicodeDecodeError("x"), lambda: UnicodeDecodeError(1, b"", 0, 1, "r"), lambda: UnicodeDecodeError("u", "str", 0, 1, "r")]:
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)
print(AttributeError("a").obj, AttributeError("a").name, ImportError("x").path)
# ---
# Equality and hashing methods of the builtin types
print((1).__hash__(), "ab".__hash__() == hash("ab"), (1, 2).__hash__() == hash((1, 2)), (2.5).__hash__() == hash(2.5), frozenset({1}).__hash__() == hash(frozenset({1})))
print((1).__eq__(1), (1).__eq__(1.0), (1.0).__eq__(1), (1).__ne__(2), (1,).__eq__((1,)), (1,).__eq__([1]), {1}.__eq__(frozenset({1})), b"a".__eq__(b"a"), range(3).__eq__(range(3)))
print(list.__hash__, dict.__hash__, set.__hash__, bytearray.__hash__, int.__hash__ is None)
class Tags(list):
    pass
try:
    hash(Tags())
except TypeError as e:
    print(e)
print({1: "a"}[True], {2.0: "b"}[2], len({1, 1.0, True}))
# ---
# int() and float() of Unicode digits; underscores only between digits
for s in ["١٢٣", " 42\u2003", "٣_٤", "𝟗", "1_000", "0x_1f", "²"]:
    try:
        print(repr(s), int(s, 0))
    except ValueError as e:
        print(repr(s), "ValueError:", e)
for s in ["١.٥", "1_0.5", "1e1_0", "1_.5", "1._5", "1_e5", "1__0", "_1", "\u20031.5\u2003"]:
    try:
        print(repr(s), float(s))
    except ValueError as e:
        print(repr(s), "ValueError:", e)
# ---
# ExceptionGroup: split, subgroup, derive; BaseExceptionGroup picks its class
eg = ExceptionGroup("batch", [ValueError(1), KeyError(2), ExceptionGroup("inner", [ValueError(3), TypeError(4)])])
print(repr(eg), "|", eg, "|", eg.exceptions[2].message)
match, rest = eg.split(ValueError)
print(repr(match), "|", repr(rest))
print(repr(eg.subgroup(lambda e: isinstance(e, (KeyError, TypeError)))))
print(eg.subgroup(Exception) is eg, eg.split(OSError)[0], repr(eg.derive([ValueError(9)])))
print(type(BaseExceptionGroup("x", [ValueError()])).__name__, type(BaseExceptionGroup("x", [KeyboardInterrupt()])).__name__, ExceptionGroup("t", (ValueError(),)).args)
for bad in [lambda: ExceptionGroup("x", [KeyboardInterrupt()]), lambda: eg.split(3)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
failures = [ValueError("bad row 3"), KeyError("id"), ValueError("bad row 9")]
try:
    raise ExceptionGroup("import failed", failures)
except ExceptionGroup as group:
    values, others = group.split(ValueError)
    print([str(e) for e in values.exceptions], [repr(e) for e in others.exceptions])
# ---
# float ** non-integral float rounds once, as the C library's pow
print(8 ** (1 / 3), 1.5 ** 2.5, 7.0 ** 0.25, 2 ** 0.5, 10 ** 0.5, 27 ** (1 / 3), 1e6 ** (1 / 6))
start, end, years = 1200.0, 2890.0, 7
cagr = (end / start) ** (1 / years) - 1
print(f"{cagr:.6%}", cagr, 1.07 ** (1 / 12), 0.5 ** 1e-5, 1.0000001 ** 1e9, 0.9999999 ** 1e10)
print(10.0 ** -400.5, 2.0 ** -1074.5, 3.0 ** 645.5, float("inf") ** 0.5, 0.5 ** float("inf"), (-8.0) ** 3.0)
for expr in [lambda: 2.0 ** 1024.5, lambda: 0.0 ** -0.5]:
    try:
        print(expr())
    except (OverflowError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
# ---
print(hasattr(5, "is_integer"), (5.0).is_integer(), (5.5).is_integer(), hasattr(True, "is_integer"))
print((5).as_integer_ratio(), (-6).as_integer_ratio(), True.as_integer_ratio(), (2**70).as_integer_ratio(), int.as_integer_ratio(3))
# ---
# Keyword arguments builtins do not take
for call in [lambda: max(1, 2, foo=1), lambda: min([1], bar=2), lambda: zip([1], foo=1), lambda: super(x=1), lambda: (1.5).__round__(ndigits=1), lambda: map(str, [], x=1)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
# ---
# round(float, negative ndigits) rounds the exact value half to even
print(round(1e300, -300), round(3.9408413565385645e+17, -1), round(1e100, -98), round(15.0, -1), round(25.0, -1), round(-35.0, -1))
print(round(1234.5678, -2), round(-0.4, -1), round(1.7e308, -300), round(1.23e-310, 312), round(2.5, 400), round(-0.0, -2))
print([round(x, -3) for x in (12500.0, 13500.0, -12500.0, 987654.321, 0.1)])
try:
    round(1.7976931348623157e308, -308)
except OverflowError as e:
    print("OverflowError:", e)
# ---
# Messages of builtins given the wrong kind of argument
for call in [lambda: zip(5), lambda: zip([1], 2), lambda: str(1, 2), lambda: str(b"a", "utf-8", 3), lambda: getattr(1, 5), lambda: hasattr(1, 5),
             lambda: dir(1, 2), lambda: staticmethod(), lambda: classmethod(1, 2)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
# ---
# int.to_bytes / int.from_bytes argument checks and ranges; type() arguments
for f in [lambda: int.from_bytes("x", "big"), lambda: int.from_bytes([1, 256], "big"), lambda: int.from_bytes(b"\x01", 5), lambda: int.from_bytes(b"\xff", "little", signed=1),
          lambda: int.from_bytes(bytearray(b"\x01\x00"), "little"), lambda: int.from_bytes(b"\x01\x00"), lambda: int.from_bytes(iter([1, 2]), "big"), lambda: bool.from_bytes(b"\x01", "big"),
          lambda: (1).to_bytes(1, "middle"), lambda: (1).to_bytes(1, 5), lambda: (1).to_bytes(-1, "big"), lambda: (128).to_bytes(1, "big", signed=True), lambda: (-129).to_bytes(1, "big", signed=True),
          lambda: (-128).to_bytes(1, "big", signed=True), lambda: (256).to_bytes(1, "big"), lambda: (-1).to_bytes(2, "little", signed=True), lambda: (-1).to_bytes(0, "big", signed=True),
          lambda: (1).to_bytes(0, "big"), lambda: (-1).to_bytes(1, "big"), lambda: (2**64 - 1).to_bytes(8, "little"), lambda: True.to_bytes(2, "little"),
          lambda: type("X", 1, {}), lambda: type("X", (), 1), lambda: type(1, (), {}), lambda: type("X", (1,), {})]:
    try:
        print(repr(f()))
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
