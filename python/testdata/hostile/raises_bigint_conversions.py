# Decimal conversions of more than 4300 digits are refused before any work
# (CPython's int_max_str_digits); math/big's conversion of a 4M-bit int
# alone took a second.
x = 10**5000
str(x)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# ---
x = (1 << 4000000) - 1
f"{x}"
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# ---
"%d" % (10**5000)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# ---
import json
json.dumps([10**5000])
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# ---
int("1" * 5000, 3)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit
# ---
int(b"1" * 5000)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit
# ---
pow(3, -1, (1 << 200000) + 1)
# raises: ValueError
# ---
import math
math.comb((1 << 100000) + 1, 100000)
# raises: MemoryError
# ---
import math
math.perm(1 << 1000000, 50000)
# raises: MemoryError
