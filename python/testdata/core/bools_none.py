print(True and False, True or False, not True, not 0, not "", not [], not [0])
# ---
print(0 or "x", "" or None, [] and 1, 3 and 4, None or 0 or [] or "last")
# ---
print(bool(0), bool(0.0), bool(""), bool([]), bool({}), bool(set()), bool(None), bool(()), bool(range(0)))
# ---
print(bool(1), bool(-1), bool("0"), bool([0]), bool({0: 0}), bool(0.1), bool(" "))
# ---
print(None is None, None == None, type(None).__name__, repr(None), str(None))
# ---
def f():
    pass
print(f(), f() is None)
# ---
print(True == 1, False == 0, True is True, isinstance(True, int), True + 0.5)
# ---
print(str(True), repr(False), f"{True}", "%s" % False, int(True), True.__class__.__name__)
# ---
calls = []
def t(x):
    calls.append(x)
    return x
r = t(0) and t(1)
r2 = t(2) or t(3)
r3 = t(0) or t("") or t(5)
print(r, r2, r3, calls)
# ---
class Falsy:
    def __bool__(self):
        return False
class Sized:
    def __len__(self):
        return 0
print(bool(Falsy()), bool(Sized()), not Falsy(), "yes" if Sized() else "no")
# ---
class Bad:
    def __bool__(self):
        return 1
bool(Bad())
# raises: TypeError: __bool__ should return bool, returned int
# ---
print(True & False, True | False, True ^ True, ~True, type(True & True).__name__)
# ---
print(sorted([True, False, True, 0, 1]), sum([True, True, False]), max(False, True))
# ---
x = None
if x is None:
    print("none")
if not x:
    print("falsy")
# ---
print(None.__class__.__name__, bool(None) is False, [None] * 3)
# ---
None.x
# raises: AttributeError: 'NoneType' object has no attribute 'x'
# ---
None()
# raises: TypeError: 'NoneType' object is not callable
# ---
None[0]
# raises: TypeError: 'NoneType' object is not subscriptable
# ---
len(None)
# raises: TypeError: object of type 'NoneType' has no len()
# ---
for x in None:
    pass
# raises: TypeError: 'NoneType' object is not iterable
