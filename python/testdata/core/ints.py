print(7 + 3, 7 - 3, 7 * 3, 7 / 2, 7 // 2, 7 % 3, 7 ** 2)
# ---
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, -7 // -2, -7 % -2)
# ---
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5))
# ---
assert 2 ** -1 == 0.5
print(2 ** -2, (-2) ** 3, -2 ** 2)
# ---
print(pow(3, 4), pow(3, 4, 5), pow(2, -1, 7), pow(-3, 3))
# ---
print(1 << 10, 1024 >> 3, -16 >> 2, 5 & 3, 5 | 3, 5 ^ 3, ~5, ~-1)
# ---
print(int("42"), int("-17"), int("  9  "), int("1_000"), int("+5"))
# ---
print(int("ff", 16), int("0xff", 16), int("0o17", 0), int("0b101", 0), int("z", 36), int("10", 2))
# ---
print(int(3.9), int(-3.9), int(True), int(False), int(1e3))
# ---
int("abc")
# raises: ValueError: invalid literal for int() with base 10: 'abc'
# ---
int("12", 2)
# raises: ValueError: invalid literal for int() with base 2: '12'
# ---
int("")
# raises: ValueError: invalid literal for int() with base 10: ''
# ---
1 // 0
# raises: ZeroDivisionError: integer division or modulo by zero
# ---
1 % 0
# raises: ZeroDivisionError: integer modulo by zero
# ---
1 / 0
# raises: ZeroDivisionError: division by zero
# ---
print(abs(-5), abs(5), abs(0), -(-3), +4)
# ---
print(hex(255), oct(8), bin(5), hex(-255), bin(0), oct(-9))
# ---
x = 10
x += 5; x -= 3; x *= 2; x //= 5; x **= 3; x %= 7; x <<= 2; x >>= 1; x |= 1; x &= 14; x ^= 3
print(x)
# ---
print(3 == 3.0, 1 == True, 0 == False, 2 < 3 < 4, 5 > 3 > 4)
# ---
print(int.bit_length(255), (1023).bit_length(), (0).bit_length(), (-8).bit_length())
# ---
print((255).to_bytes(2, "big"), int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\x01\x00", "little"))
# ---
print(round(7), round(2.5), round(3.5), round(-2.5), round(1234, -2), round(1250, -2))
# ---
print(10 / 5, type(10 / 5).__name__, 10 // 5, type(10 // 5).__name__)
# ---
print(True + True, True * 10, False - 1, type(True + 1).__name__)
# ---
print(0o777, 0xDEAD_BEEF, 0b1111_0000, 1_000_000)
# ---
print(max(3, 9, -1), min(3, 9, -1), sum([1, 2, 3]), sum(range(101)))
# ---
print(int.__name__, isinstance(5, int), isinstance(True, int), type(5) is int)
# ---
a = 5
a /= 2
print(a)
# ---
"5" + 5
# raises: TypeError: can only concatenate str (not "int") to str
# ---
5 + "5"
# raises: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# ---
print(-0, 0 * -1, 17 % 1, (-17) % 10, 17 % -10)
# ---
print(str(12345), repr(-7), f"{1_000:,}", "%d" % 42)
# ---
n = 0
for i in range(1, 11):
    n += i * i
print(n)
# ---
print(pow(2, 100, 1000000007), pow(10, 20) % 97)
