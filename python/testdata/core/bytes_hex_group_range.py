# bytes.hex reads bytes_per_sep as a C int: the int range is accepted (one
# group when it covers the whole value), anything beyond is an OverflowError.
def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

data = b'\x0a\x0b\x0c\x0d'
for n in [2, -3, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 64]:
    print(n, run(lambda: data.hex('-', n)), run(lambda: bytearray(data).hex(b'.', n)))
