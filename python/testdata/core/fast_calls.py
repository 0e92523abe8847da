# Calls and returns made by the VM's fast loop (fastloop.go): a plain call
# of a Python function pushes its frame there, and its return pops it; every
# other call, and every error, is the general loop's. Each case checks the
# hand-over keeps CPython's values, errors and recursion limit.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
assert fib(20) == 6765
assert [fib(k) for k in range(10)] == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
# Mutual recursion, calls inside a loop body, returns into the loop.
def even(n):
    if n == 0:
        return True
    return odd(n - 1)
def odd(n):
    if n == 0:
        return False
    return even(n - 1)
total = 0
for k in range(50):
    if even(k):
        total += k
assert total == sum(range(0, 50, 2)), total
# A callee that raises: the error reaches the caller's handler, the frames
# between are gone, and the loop goes on.
def checked(n):
    if n == 7:
        return n // 0
    return n + 1
seen = []
for k in range(10):
    try:
        seen.append(checked(k))
    except ZeroDivisionError as e:
        seen.append(str(e))
assert seen == [1, 2, 3, 4, 5, 6, 7, "integer division or modulo by zero", 9, 10], seen
# Unbounded plain recursion stops with RecursionError, and the run goes on.
def down(n):
    return down(n + 1)
try:
    down(0)
except RecursionError as e:
    assert "maximum recursion depth exceeded" in str(e)
else:
    assert False, "no RecursionError"
assert fib(10) == 55
# Calls the fast loop leaves to the general one, mixed with plain ones:
# defaults, keywords, *args, closures, builtins, classes, methods,
# generators and a global rebound between calls.
def with_default(a, b=10):
    return a + b
def star(*xs):
    return len(xs)
def outer(x):
    def inner(y):
        return x + y
    return inner(1)
class Box:
    def __init__(self, v):
        self.v = v
    def get(self):
        return self.v
def gen(n):
    for i in range(n):
        yield i
def plain(a):
    return a * 2
acc = 0
for k in range(5):
    acc += with_default(k) + with_default(k, b=1) + star(k, k) + outer(k)
    acc += abs(-k) + Box(k).get() + sum(gen(k)) + plain(k)
assert acc == 150, acc
def twice(a):
    return a + a
f = twice
out = []
for k in range(4):
    out.append(f(k))
    if k == 1:
        f = plain
assert out == [0, 2, 4, 6], out
# A plain call with the wrong number of arguments is the general loop's
# TypeError.
def two(a, b):
    return a + b
try:
    two(1)
except TypeError as e:
    assert str(e) == "two() missing 1 required positional argument: 'b'", str(e)
# An unbound local in a callee.
def unbound(flag):
    if flag:
        v = 1
    return v
try:
    unbound(False)
except UnboundLocalError as e:
    assert "cannot access local variable 'v'" in str(e), str(e)
assert unbound(True) == 1
# Closures (free variables, no cells of their own) called with exactly
# their positional arguments bind by copying the closure's cells; the
# cells stay shared with the defining scope.
def counter():
    n = 0
    def bump(k):
        nonlocal n
        n += k
        return n
    def peek():
        return n
    return bump, peek
bump, peek = counter()
assert [bump(1), bump(2), peek(), bump(3)] == [1, 3, 3, 6]
def adder(x):
    def add(y, z=0):
        return x + y + z
    return add
add5 = adder(5)
assert (add5(1), add5(1, 2), add5(y=3), add5(1, z=4)) == (6, 8, 8, 10)
try:
    add5()
except TypeError as e:
    assert str(e) == "adder.<locals>.add() missing 1 required positional argument: 'y'", str(e)
# A local with a constant operand (n - 1) and a local compared with a
# constant before a branch (if n < 2) are fused three and four
# instructions long: other types, unbound locals and jumps into the
# middle take the general path.
def step(n):
    if n < 2:
        return n - 1
    return n * 2
assert [step(k) for k in (0, 1, 2, 1.5, -3)] == [-1, 0, 4, 0.5, -4]
def strs(s):
    if s < "m":
        return s + "!"
    return s
assert strs("a") == "a!" and strs("z") == "z"
try:
    step("x")
except TypeError as e:
    assert str(e) == "'<' not supported between instances of 'str' and 'int'", str(e)
def late(flag):
    if flag:
        u = 5
    return u - 1
assert late(True) == 4
try:
    late(False)
except UnboundLocalError as e:
    assert "cannot access local variable 'u'" in str(e), str(e)
def pick(c, a, b):
    return (a if c else b) - 1
assert pick(True, 10, 20) == 9 and pick(False, 10, 20) == 19
def big(n):
    return n + 1
assert big(2**63 - 1) == 2**63 and big(-2**63) == -2**63 + 1
def cnt(n):
    k = 0
    while n > 0:
        n = n - 1
        k = k + 1
    return k
assert cnt(1000) == 1000
