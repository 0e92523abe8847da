# Assigning into the builtins module changes what a builtin name means to
# the code that does not bind it itself. Every case restores what it changed:
# the oracle runs all cases in one process.
import builtins
builtins.answer_for_case = 42
try:
    print(answer_for_case)
    def read():
        return answer_for_case + 1
    print(read(), [answer_for_case for _ in range(2)])
    class K:
        v = answer_for_case
    print(K.v)
finally:
    del builtins.answer_for_case
try:
    answer_for_case
except NameError as e:
    print("after del:", e)
# ---
import builtins
orig = builtins.len
builtins.len = lambda x: -1
try:
    def f(s):
        return len(s)
    print(len("abc"), f([1, 2]), orig("abc"))
finally:
    builtins.len = orig
print(len("abc"), f([1, 2]))
# ---
# A global binding still shadows the builtins module's.
import builtins
orig = builtins.abs
builtins.abs = lambda x: "patched"
try:
    print(abs(-3))
    abs = lambda x: "global"
    print(abs(-3))
    del abs
    print(abs(-3))
finally:
    builtins.abs = orig
print(abs(-3))
# ---
# A loop whose builtin lookups are cached sees the change at once.
import builtins
def hot(n):
    t = 0
    for i in range(n):
        t += min(i, 3)
    return t
print(hot(10))
orig = builtins.min
builtins.min = lambda a, b: 100
try:
    print(hot(10))
finally:
    builtins.min = orig
print(hot(10))
# ---
import builtins
setattr(builtins, "via_setattr_case", "s")
vars(builtins)["via_dict_case"] = "d"
try:
    print(via_setattr_case, via_dict_case, hasattr(builtins, "via_dict_case"))
finally:
    delattr(builtins, "via_setattr_case")
    del builtins.__dict__["via_dict_case"]
print("via_dict_case" in dir(builtins))
# ---
import builtins
orig = builtins.sorted
del builtins.sorted
try:
    sorted([2, 1])
except NameError as e:
    print(e)
finally:
    builtins.sorted = orig
print(sorted([2, 1]))
# ---
import builtins
try:
    del builtins.no_such_builtin_case
except AttributeError as e:
    print(e)
# ---
import json
json.extra_attr_case = 1
del json.extra_attr_case
print(hasattr(json, "extra_attr_case"))
del json.extra_attr_case
# raises: AttributeError: 'module' object has no attribute 'extra_attr_case'
