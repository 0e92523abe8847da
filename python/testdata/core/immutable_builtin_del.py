# Deleting an attribute of a builtin type is refused as CPython refuses it:
# type.__delattr__ is type.__setattr__, so the message speaks of setting,
# whether or not the name exists.
def f0():
    del str.upper
def f1():
    del str.no_such_name
def f2():
    del int.__name__
def f3():
    del int.__doc__
def f4():
    del list.__mro__
def f5():
    del dict.__dict__
def f6():
    del object.__init__
def f7():
    int.__mro__ = ()
def f8():
    str.upper = len
for f in [f0, f1, f2, f3, f4, f5, f6, f7, f8]:
    try:
        f()
        print('accepted', f)
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)

class C:
    a = 1
del C.a
print(hasattr(C, 'a'))
try:
    del C.a
except AttributeError as e:
    print(e)
