# Compile-time errors found wrong on R8's held-out sample of Nuitka's tests/syntax:
# a parameter declared global is CPython's own error.
def f(a):
    global a
# raises: SyntaxError: name 'a' is parameter and global
# ---
def f(a):
    nonlocal a
# raises: SyntaxError: name 'a' is parameter and nonlocal
# ---
# A yield in a comprehension's body is rejected (its first iterable is the enclosing scope's).
def g():
    x = ((yield) for i in (1, 2) if (yield))
    print(list(x))
# raises: SyntaxError: 'yield' inside generator expression
# ---
def g():
    return [(yield) for i in (1, 2)]
# raises: SyntaxError: 'yield' inside list comprehension
# ---
def g():
    return {(yield) for i in (1, 2)}
# raises: SyntaxError: 'yield' inside set comprehension
# ---
def g():
    return {i: (yield from ()) for i in (1, 2)}
# raises: SyntaxError: 'yield' inside dict comprehension
# ---
def g():
    return [i for i in (yield)], [lambda: (yield) for i in ()]
x = g()
print(next(x))
try:
    x.send((1, 2))
except StopIteration as e:
    print(e.value[0], len(e.value[1]))
global y
global y
print("ok")
# ---
# Duplicate complex literal keys in a mapping pattern (folded as CPython folds them).
match {1 + 1j: 1}:
    case {1 + 1j: x, 1 + 1j: y}:
        pass
# raises: SyntaxError: mapping pattern checks duplicate key ((1+1j))
# ---
match {2j: 1, 1: 2}:
    case {-2j: x, 2j: y}:
        print("no")
    case {2j: x, 1 + 0j: y}:
        print(x, y)
