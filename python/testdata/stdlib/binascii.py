import binascii
print(binascii.hexlify(b"ab", "-"), binascii.b2a_hex(b"abc", ":", 2), binascii.hexlify(b""), binascii.hexlify(bytearray(b"x")))
for bps in (1, 2, 3, -2, -3, 5, -7, 0):
    print(bps, binascii.hexlify(b"abcdefg", ".", bps), binascii.b2a_hex(b"abcdefg", b":", bps))
print(binascii.unhexlify("6869"), binascii.a2b_hex(b"00ff"), binascii.unhexlify("ABcd"))
# ---
import binascii
print(binascii.crc32(b"hello"), binascii.crc32(b"x", 5), binascii.crc32(b""), binascii.crc32(b"a" * 1000, 0xFFFFFFFF))
crc = 0
for chunk in (b"hel", b"lo"):
    crc = binascii.crc32(chunk, crc)
print(crc == binascii.crc32(b"hello"), binascii.crc_hqx(b"hello", 0), binascii.crc_hqx(b"abc", 0xFFFF))
# ---
import binascii
print(binascii.b2a_base64(b"hi"), binascii.b2a_base64(b"hi", newline=False), binascii.b2a_base64(b""))
print(binascii.a2b_base64("aGk="), binascii.a2b_base64(b"aGk=x"), binascii.a2b_base64(b"a G k ="))
# ---
import binascii
errors = []
for f in [lambda: binascii.unhexlify("abc"), lambda: binascii.unhexlify("zz"), lambda: binascii.hexlify("ab"),
          lambda: binascii.a2b_base64("a"), lambda: binascii.a2b_base64("aGk"), lambda: binascii.unhexlify("é"),
          lambda: binascii.crc32("x"), lambda: binascii.a2b_base64(b"aGk=x", strict_mode=True),
          lambda: binascii.hexlify(b"ab", "--")]:
    try:
        f()
    except Exception as e:
        errors.append("%s: %s" % (type(e).__name__, e))
print("\n".join(errors))
print(binascii.Error.__mro__, binascii.Incomplete.__mro__)
# ---
import base64
import binascii
print(base64.binascii is binascii)
try:
    base64.b64decode("abc")
except binascii.Error as e:
    print(type(e).__name__, e, isinstance(e, ValueError))
# ---
import binascii
binascii.unhexlify("0g")
# raises: Error: Non-hexadecimal digit found
