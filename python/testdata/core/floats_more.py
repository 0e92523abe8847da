print(10.0 ** 80, 1e-07 ** 3, 1e-07 ** 5, 2.0 ** 0.5, 10.0 ** -3, 1.1 ** 10)
# ---
print(pow(10.0, 22), pow(10.0, 21), 10.0 ** 308, 0.1 ** 2, 3.0 ** 40)
# ---
print(1e22 / 10, 1e23, 2 ** 0.5 * 2 ** 0.5, 1 / 7 * 7, 0.1 * 3, 1e16 + 1, 2 ** 53 + 1.0)
# ---
print(float(2 ** 53 + 1), float(10 ** 23), int(1e23), float("0.1") * 10, 9007199254740993.0)
# ---
print(sum([0.1] * 3), 0.1 + 0.1 + 0.1, round(0.1 + 0.2, 15), 4.35 * 100, 1.15 * 3)
# ---
print(3.0 % 0.1, -0.0 % 1, 5.5 // 0.1, 1e300 * 1e10, -1e300 * 1e10, 1e-320)
# ---
print(b"ab" + b"c", b"abc" % (), b"%s-%d" % (b"x", 3))
b"a" + None
# raises: TypeError: can't concat NoneType to bytes
# ---
b"a%s" % (b"x", b"y")
# raises: TypeError: not all arguments converted during bytes formatting
# ---
print(True in b"abc", 97 in b"abc", b"b" in b"abc")
"a" in b"abc"
# raises: TypeError: a bytes-like object is required, not 'str'
# ---
float(b"x")
# raises: ValueError: could not convert string to float: b'x'
# ---
# float.__getformat__ (a classmethod, so a subclass and an instance reach it too).
print(float.__getformat__('double'), float.__getformat__('float'))
class F(float):
    pass
print(F.__getformat__('double'), (1.5).__getformat__('float'))
for a in [1, 'x', b'double']:
    try:
        float.__getformat__(a)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
float.__getformat__()
# raises: TypeError: float.__getformat__() takes exactly one argument (0 given)
