# Argument checking of builtins in CPython 3.11's wording (issue 18): the
# count is checked before the arguments' types, keywords are refused or
# named as CPython names them, and * / ** errors name the callee.
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

show("items(1)", lambda: {}.items(1))
show("pop('x')", lambda: [].pop('x'))
show("pop(1, 2)", lambda: [1].pop(1, 2))
show("popitem(1)", lambda: {}.popitem(1))
show("set.pop(1)", lambda: set().pop(1))
show("bit_length(1)", lambda: (1).bit_length(1))
show("is_integer(1)", lambda: (1.0).is_integer(1))
show("fromkeys()", lambda: dict.fromkeys())
show("fromkeys kw", lambda: dict.fromkeys(x=1))
show("float.fromhex()", lambda: float.fromhex())
show("bytes.fromhex()", lambda: bytes.fromhex())
show("bytes.maketrans(1)", lambda: bytes.maketrans(b'a'))
show("str(wrong=1)", lambda: str(wrong=1))
show("bytes(x=1)", lambda: bytes(x=1))
show("enumerate(foo=1)", lambda: enumerate([], foo=1))
show("split(foo=1)", lambda: 'a'.split(foo=1))
show("encode(foo=1)", lambda: 'a'.encode(foo=1))
show("sort(foo=1)", lambda: [].sort(foo=1))
show("int(x=1)", lambda: int(x=1))
show("round(foo=1)", lambda: round(1, foo=1))
show("to_bytes(foo=1)", lambda: (1).to_bytes(foo=1))
show("split given twice", lambda: 'a b'.split(None, sep=' '))
show("encode(1)", lambda: 'a'.encode(1))
show("encode errors", lambda: 'a'.encode('utf-8', 5))
show("decode(None)", lambda: b'a'.decode(None))
show("splitlines('x')", lambda: 'a'.splitlines('x'))
show("expandtabs('x')", lambda: 'a'.expandtabs('x'))
show("list.index bad start", lambda: [1].index(1, 'b'))
# ---
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

def f(a=0):
    return a

class C:
    def m(self, a=0):
        return a
    @staticmethod
    def s(a=0):
        return a

show("f(**42)", lambda: f(**42))
show("f(*42)", lambda: f(*42))
show("m(**1)", lambda: C().m(**1))
show("s(*None)", lambda: C.s(*None))
show("len(**1)", lambda: len(**1))
show("print(*42)", lambda: print(*42))
show("f(**{1: 2})", lambda: f(**{1: 2}))
show("f(a=1, **{'a': 2})", lambda: f(a=1, **{'a': 2}))
show("lambda(*1)", lambda: (lambda *a: a)(*1))
show("dict(**[])", lambda: dict(**[]))
