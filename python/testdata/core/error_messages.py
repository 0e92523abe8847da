[1, 2, 3][10]
# raises: IndexError: list index out of range
# ---
(1, 2)[5]
# raises: IndexError: tuple index out of range
# ---
x = {"a": 1}
x["b"]
# raises: KeyError: 'b'
# ---
"abc" + None
# raises: TypeError: can only concatenate str (not "NoneType") to str
# ---
[1] + (2,)
# raises: TypeError: can only concatenate list (not "tuple") to list
# ---
(1,) + [2]
# raises: TypeError: can only concatenate tuple (not "list") to tuple
# ---
None + 1
# raises: TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'
# ---
{} + {}
# raises: TypeError: unsupported operand type(s) for +: 'dict' and 'dict'
# ---
"x".foo
# raises: AttributeError: 'str' object has no attribute 'foo'
# ---
[].push(1)
# raises: AttributeError: 'list' object has no attribute 'push'
# ---
{}.has_key("a")
# raises: AttributeError: 'dict' object has no attribute 'has_key'
# ---
(5).real = 3
# raises: AttributeError: attribute 'real' of 'int' objects is not writable
# ---
int([])
# raises: TypeError: int() argument must be a string, a bytes-like object or a real number, not 'list'
# ---
float([])
# raises: TypeError: float() argument must be a string or a real number, not 'list'
# ---
len(5)
# raises: TypeError: object of type 'int' has no len()
# ---
5()
# raises: TypeError: 'int' object is not callable
# ---
5[0]
# raises: TypeError: 'int' object is not subscriptable
# ---
for c in 5:
    pass
# raises: TypeError: 'int' object is not iterable
# ---
a, b = 5
# raises: TypeError: cannot unpack non-iterable int object
# ---
"abc"["x"]
# raises: TypeError: string indices must be integers, not 'str'
# ---
[1, 2]["0"]
# raises: TypeError: list indices must be integers or slices, not str
# ---
{"a": 1}.get()
# raises: TypeError: get expected at least 1 argument, got 0
# ---
[].append()
# raises: TypeError: list.append() takes exactly one argument (0 given)
# ---
len()
# raises: TypeError: len() takes exactly one argument (0 given)
# ---
len([], [])
# raises: TypeError: len() takes exactly one argument (2 given)
# ---
abs("x")
# raises: TypeError: bad operand type for abs(): 'str'
# ---
sum(["a", "b"])
# raises: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# ---
sum(["a"], "")
# raises: TypeError: sum() can't sum strings [use ''.join(seq) instead]
# ---
max([])
# raises: ValueError: max() arg is an empty sequence
# ---
min([])
# raises: ValueError: min() arg is an empty sequence
# ---
max(1)
# raises: TypeError: 'int' object is not iterable
# ---
chr(-1)
# raises: ValueError: chr() arg not in range(0x110000)
# ---
next([1])
# raises: TypeError: 'list' object is not an iterator
# ---
iter(5)
# raises: TypeError: 'int' object is not iterable
# ---
x = [1, 2, 3]
x.index(9)
# raises: ValueError: 9 is not in list
# ---
"{:d}".format("a")
# raises: ValueError: Unknown format code 'd' for object of type 'str'
# ---
import json
json.loads("{bad")
# raises: JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
# ---
import json
json.dumps({1, 2})
# raises: TypeError: Object of type set is not JSON serializable
# ---
def f():
    return undefined_thing
f()
# raises: NameError: name 'undefined_thing' is not defined
# ---
print(prnt)
# raises: NameError: name 'prnt' is not defined
# ---
int("3.5")
# raises: ValueError: invalid literal for int() with base 10: '3.5'
# ---
2 ** "x"
# raises: TypeError: unsupported operand type(s) for ** or pow(): 'int' and 'str'
# ---
divmod(1, 0)
# raises: ZeroDivisionError: integer division or modulo by zero
# ---
1.5 % 0
# raises: ZeroDivisionError: float modulo
# ---
sorted([1, None])
# raises: TypeError: '<' not supported between instances of 'NoneType' and 'int'
# ---
"a".join(["b", 3])
# raises: TypeError: sequence item 1: expected str instance, int found
# ---
"abc".index("z")
# raises: ValueError: substring not found
# ---
tuple(5)
# raises: TypeError: 'int' object is not iterable
# ---
dict(5)
# raises: TypeError: 'int' object is not iterable
# ---
isinstance(1, 2)
# raises: TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union
# ---
getattr(1, "nope")
# raises: AttributeError: 'int' object has no attribute 'nope'
# ---
[1, 2, 3].sort(key=lambda x: x.missing)
# raises: AttributeError: 'int' object has no attribute 'missing'
# ---
round("1")
# raises: TypeError: type str doesn't define __round__ method
# ---
x = 5
x.append(1)
# raises: AttributeError: 'int' object has no attribute 'append'
# ---
"%d items" % None
# raises: TypeError: %d format: a real number is required, not NoneType
# ---
def f(x):
    return x["key"]
f([1])
# raises: TypeError: list indices must be integers or slices, not str
# ---
b"abc"[10]
# raises: IndexError: index out of range
# ---
"abc".split(None, "x")
# raises: TypeError: 'str' object cannot be interpreted as an integer
# ---
range("5")
# raises: TypeError: 'str' object cannot be interpreted as an integer
# ---
[1, 2, 3][1.0]
# raises: TypeError: list indices must be integers or slices, not float
# ---
pow(2, 3, 0)
# raises: ValueError: pow() 3rd argument cannot be 0
# ---
int("10", 99)
# raises: ValueError: int() base must be >= 2 and <= 36, or 0
# ---
set([1]) + set([2])
# raises: TypeError: unsupported operand type(s) for +: 'set' and 'set'
# ---
"abc" < None
# raises: TypeError: '<' not supported between instances of 'str' and 'NoneType'
# ---
frozenset([1]).remove(1)
# raises: AttributeError: 'frozenset' object has no attribute 'remove'
