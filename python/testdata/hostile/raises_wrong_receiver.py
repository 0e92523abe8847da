# Issue 15: an instance of a builtin type made without its Go state ended
# the run with an uncatchable SystemError naming Go types.
object.__new__(list).append(1)
# raises: TypeError: object.__new__(list) is not safe, use list.__new__()
# ---
class L(list):
    pass
object.__new__(L)
# raises: TypeError: object.__new__(L) is not safe, use L.__new__()
# ---
class E(ValueError):
    def __new__(cls):
        return object.__new__(cls)
E()
# raises: TypeError: object.__new__(E) is not safe, use ValueError.__new__()
# ---
list.append(object(), 1)
# raises: TypeError: descriptor 'append' for 'list' objects doesn't apply to a 'object' object
# ---
dict.keys(1)
# raises: TypeError: descriptor 'keys' for 'dict' objects doesn't apply to a 'int' object
# ---
int.__add__("a", 1)
# raises: TypeError
# ---
str.upper(1)
# raises: TypeError: descriptor 'upper' for 'str' objects doesn't apply to a 'int' object
# ---
list.__len__(())
# raises: TypeError
# ---
class S(str):
    pass
set.update(S("x"), [1])
# raises: TypeError: descriptor 'update' for 'set' objects doesn't apply to a 'S' object
# ---
class L(list):
    pass
str.upper(L([1]))
# raises: TypeError: descriptor 'upper' for 'str' objects doesn't apply to a 'L' object
# ---
type.__call__(1)
# raises: TypeError
# ---
super(int, "x")
# raises: TypeError: super(type, obj): obj must be an instance or subtype of type
# ---
str.maketrans()
# raises: TypeError
# ---
bytes.fromhex()
# raises: TypeError
# ---
# The Go natives behind itertools.py are module globals a snippet reaches.
import itertools
itertools._product(None)
# raises: TypeError
# ---
import re
re.Pattern.__repr__()
# raises: TypeError
