int("1" * 5000)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit
# ---
str(10 ** 5000)
# raises: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# ---
n = int("9" * 4300)
print(len(str(n)), n % 1000, len(hex(10 ** 5000)) > 4000)
# ---
print(len(repr(2 ** 14000)), str(2 ** 14000)[:10])
