# An except clause takes a class or a flat tuple of classes (CPython checks
# every member); a nested tuple is a TypeError, not a recursive walk.
x = KeyError
for i in range(30000):
    x = (x,)
try:
    raise ValueError
except x:
    pass
# raises: TypeError: catching classes that do not inherit from BaseException is not allowed
# ---
try:
    raise ValueError
except (ValueError, 1):
    pass
# raises: TypeError: catching classes that do not inherit from BaseException is not allowed
