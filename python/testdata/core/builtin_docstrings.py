# Builtin functions, classes and methods have a docstring (CPython gives every builtin one);
# classes defined here have None unless they write one.
print("dict" in dict().__doc__, isinstance(type.__doc__, str))
for x in (len, print, sorted, int, str, dict, list, ValueError, KeyError, BaseException, str.split, list.append, [].append, 'a'.upper, dict.get, type(None)):
    print(type(x.__doc__).__name__, bool(x.__doc__))
class A: pass
class B(int): pass
class C(ValueError): pass
print(A.__doc__, A().__doc__, B.__doc__, B(1).__doc__, C.__doc__, C().__doc__)
print((1).__doc__ == int.__doc__, [].__doc__ == list.__doc__)
