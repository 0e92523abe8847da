# BaseException.__str__ propagates what str() (one argument) or repr()
# (KeyError's one argument, or several arguments) of the arguments raises,
# as CPython does.
class C:
    def __str__(self): raise KeyError('boom')
    def __repr__(self): raise IndexError('r')
for e in (ValueError(C()), SystemExit(C()), KeyError(C()), ValueError(C(), 1), ValueError(1, 2), KeyError('k'), OSError(C())):
    for f in (str, repr, lambda x: f"{x}", lambda x: "%s" % x, lambda x: format(x, "")):
        try:
            print(type(e).__name__, f(e))
        except Exception as x:
            print(type(e).__name__, 'raised', repr(x))
