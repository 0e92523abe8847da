x = 5
if x > 3:
    print("big")
elif x > 1:
    print("medium")
else:
    print("small")
# ---
for n in [1, 7, 0]:
    if n == 0:
        r = "zero"
    elif n < 5:
        r = "low"
    else:
        r = "high"
    print(r)
# ---
i = 0
while i < 5:
    i += 1
    if i == 2:
        continue
    if i == 4:
        break
    print(i)
else:
    print("no break")
# ---
i = 0
while i < 3:
    i += 1
else:
    print("completed", i)
# ---
for x in range(3):
    pass
else:
    print("for-else ran")
for x in range(3):
    if x == 1:
        break
else:
    print("not printed")
print(x)
# ---
for i in range(3):
    for j in range(3):
        if j == i:
            break
        print(i, j)
# ---
x = 1
del x
print(x)
# raises: NameError: name 'x' is not defined
# ---
a = b = c = []
a.append(1)
print(a, b, c, a is c)
# ---
x, y = y, x = 1, 2
print(x, y)
# ---
assert True
assert 1 == 1, "fine"
try:
    assert 1 == 2, "one is not two"
except AssertionError as e:
    print("caught:", e)
# ---
assert False
# raises: AssertionError
# ---
assert [], "empty list is falsy"
# raises: AssertionError: empty list is falsy
# ---
count = 0
def inc():
    global count
    count += 1
inc(); inc()
print(count)
# ---
def outer():
    n = 0
    def inner():
        nonlocal n
        n += 1
        return n
    inner(); inner()
    return n
print(outer())
# ---
def f():
    print(y)
    y = 1
f()
# raises: UnboundLocalError: cannot access local variable 'y' where it is not associated with a value
# ---
pass
print("after pass")
# ---
x = [1, 2, 3]
x[1] += 10
d = {"k": 1}
d["k"] *= 5
class O:
    a = 2
o = O()
o.a **= 3
print(x, d, o.a)
# ---
a, *b, c = "hello"
print(a, b, c)
[p, q] = 1, 2
(r, s), t = "ab", "c"
print(p, q, r, s, t)
# ---
a, *b = 1,
print(a, b)
# ---
*a, b, c = [1]
# raises: ValueError: not enough values to unpack (expected at least 2, got 1)
# ---
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print(i, a + b)
# ---
def f():
    for i in range(10):
        if i * i > 20:
            return i
    return -1
print(f())
# ---
x = 10
def show():
    return x
x = 20
print(show())
# ---
if 0:
    print("no")
elif []:
    print("no")
elif "x":
    print("yes")
# ---
n = 0
while True:
    n += 1
    if n >= 4:
        break
print(n)
# ---
result = []
for c in "abc":
    for d in "12":
        result.append(c + d)
print(result)
# ---
x = 3
y = 4 if x > 2 else 5
z = "even" if x % 2 == 0 else "odd"
print(y, z)
# ---
del_list = [1, 2, 3, 4]
del del_list[::2]
print(del_list)
d = {"a": 1, "b": 2}
del d["a"], d["b"]
print(d)
# ---
class C:
    pass
c = C()
c.x = 1
del c.x
print(hasattr(c, "x"))
c.x
# raises: AttributeError: 'C' object has no attribute 'x'
# ---
def g():
    global newglobal
    newglobal = "set"
g()
print(newglobal)
# ---
x = 0
def f():
    x = 1
    def g():
        global x
        x = 2
    g()
    return x
print(f(), x)
# ---
i = 10
for i in range(3):
    pass
print(i)
# ---
lst = []
for x in [1, 2, 3]:
    lst.append(lambda: x)
print([f() for f in lst])
lst = [lambda x=x: x for x in [1, 2, 3]]
print([f() for f in lst])
