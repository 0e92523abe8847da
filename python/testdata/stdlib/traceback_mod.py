import traceback
print(repr(traceback.format_exc()))
try:
    1 / 0
except Exception as e:
    print(traceback.format_exception_only(type(e), e), traceback.format_exception_only(e))
    lines = traceback.format_exc().splitlines()
    print(lines[0], lines[-1])
    print(traceback.format_exception(e)[0], traceback.format_exception(e)[-1])
# ---
import traceback
print(traceback.format_exception_only(ValueError, None), traceback.format_exception_only(KeyError("a")))
class E(Exception):
    pass
print(traceback.format_exception_only(E()), traceback.format_exception_only(E("x")))
e = ValueError("x")
e.add_note("note 1")
print(traceback.format_exception_only(e))
import json
try:
    json.loads("{")
except Exception as e2:
    print(traceback.format_exception_only(e2))
# ---
import traceback
def f():
    try:
        raise KeyError("k")
    except KeyError:
        raise ValueError("v") from None
def g():
    try:
        raise KeyError("k")
    except KeyError:
        raise ValueError("v")
def h():
    try:
        raise KeyError("k")
    except KeyError as k:
        raise ValueError("v") from k
for fn in (f, g, h):
    try:
        fn()
    except ValueError as e:
        s = "".join(traceback.format_exception(e))
        print(s.count("Traceback"), "During handling" in s, "direct cause" in s, s.splitlines()[-1])
        print(traceback.format_exception(e, chain=False)[-1], len(traceback.format_exception(e, chain=False)))
# ---
import traceback
try:
    {}["missing"]
except KeyError as e:
    te = traceback.TracebackException.from_exception(e)
    print(list(te.format_exception_only()), str(te), te.exc_type)
    print("".join(te.format()).splitlines()[-1])
