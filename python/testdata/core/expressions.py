print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, (2 ** 3) ** 2, -3 ** 2, (-3) ** 2)
# ---
print(10 - 4 - 3, 100 / 10 / 5, 2 * 3 % 4, 7 // 2 * 2, 1 + 2 << 3, 1 | 2 ^ 3 & 4)
# ---
print(not 1 == 2, not (1 and 0), 1 < 2 == 2, (1 < 2) == 2, 1 == 1 in [True])
# ---
print(1 < 2 < 3, 3 > 2 > 2, 1 < 3 > 2, 1 == 1 != 2, 1 is not None is not False)
# ---
def v(x):
    print("eval", x)
    return x
print(v(1) < v(2) < v(0) < v(3))
# ---
print(True or 1 / 0, False and 1 / 0, None or "default", 0 or 0.0 or "")
# ---
x = 5
print("pos" if x > 0 else "neg" if x < 0 else "zero", (lambda a: a * 2)(4))
# ---
f = lambda *a, **k: (a, sorted(k.items()))
g = lambda x, y=10: x + y
print(f(1, 2, z=3), g(1), g(1, 2), (lambda: "nullary")())
# ---
data = [1, 5, 12, 7]
if (n := len(data)) > 3:
    print("long", n)
print([y for x in data if (y := x * 2) > 10])
# ---
print([1, 2, 3][1], {"a": 1}["a"], "xyz"[-1], (1, 2)[0], [[1, 2], [3, 4]][1][0])
# ---
print(-(-5), +(-5), ~~7, not not 3, - - 1)
# ---
print(5 in [1, 5], 5 not in (1, 2), "a" in {"a": 1}, 3 in range(5), "b" not in "abc")
# ---
a = [1, 2, 3]
print(*a)
print(*a, sep="-")
print(*"xyz", *[1, 2])
print([*a, *a], (*a, 4), {*a, 1}, {**{"x": 1}, "y": 2})
# ---
print(1 if [] else 2, [] or [0], (0, 1)[True], ["no", "yes"][3 > 2])
# ---
print("skip" if False else "kept", 1e3 + 1, 0x10 + 0o10 + 0b10)
# ---
x = 7
y = x * 2 + (x - 1) // 3 - x % 4
print(y)
# ---
print(abs(-3) + max(1, 2) * min(3, 4) - len("ab") ** 2)
# ---
print("a" "b" * 2, ("a" + "b") * 2, "ab" * 2 + "c")
# ---
x = 10
x = x + 1 if x > 5 else x - 1
print(x)
# ---
print(2 < 3 and 3 < 4 or 5, 0 and 1 or 2, 1 or 0 and 0, not 0 and 1)
# ---
s = "hello"
print(s.upper().lower().capitalize()[1:].replace("l", "L").split("L"))
# ---
print((1, 2) + (3,), [1] * 2 + [0], "x" + str(1) + repr("y"))
# ---
print(type(1 + 2.0).__name__, type(True + True).__name__, type(3 / 1).__name__, type(2 ** -1).__name__)
# ---
-"a"
# raises: TypeError: bad operand type for unary -: 'str'
# ---
[1] - [1]
# raises: TypeError: unsupported operand type(s) for -: 'list' and 'list'
# ---
"a" < 1
# raises: TypeError: '<' not supported between instances of 'str' and 'int'
# ---
None > 0
# raises: TypeError: '>' not supported between instances of 'NoneType' and 'int'
# ---
"abc" * "d"
# raises: TypeError: can't multiply sequence by non-int of type 'str'
# ---
[1, 2] * 2.0
# raises: TypeError: can't multiply sequence by non-int of type 'float'
# ---
print({} == {}, [] == (), "1" == 1, 0 == 0.0 == False, [1, [2]] != [1, [2]])
# ---
items = [3, 8, 1]
total = sum(i * 2 for i in items if i > 2)
print(total, any(i > 7 for i in items), all(i > 0 for i in items))
# ---
print((yield_ := 3), yield_)
# ---
d = {"a": [1, {"b": (2, 3)}]}
print(d["a"][1]["b"][-1], d.get("a")[0])
# ---
a, b = 3, 5
print(a if a > b else b, max(a, b), min(a, b) * -1, a > b or b)
# ---
undefined_name + 1
# raises: NameError: name 'undefined_name' is not defined
