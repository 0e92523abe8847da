import base64
print(base64.b85encode(b"hello"), base64.a85encode(b"hi"), base64.b85encode(b""), base64.a85encode(b""))
for data in [b"", b"a", b"ab", b"abc", b"abcd", b"abcde", b"\x00\x00\x00\x00", b"\x00\x00\x00\x00x", b"    ", bytes(range(256))[:40]]:
    b85, a85 = base64.b85encode(data), base64.a85encode(data)
    print(b85, base64.b85encode(data, pad=True), a85, base64.a85encode(data, pad=True), base64.a85encode(data, foldspaces=True))
    print(base64.b85decode(b85) == data, base64.a85decode(a85) == data, base64.a85decode(base64.a85encode(data, foldspaces=True), foldspaces=True) == data)
# ---
import base64
data = b"The quick brown fox jumps over the lazy dog"
print(base64.a85encode(data, adobe=True))
print(base64.a85encode(data, wrapcol=10))
print(base64.a85encode(data, wrapcol=10, adobe=True))
print(base64.a85decode(base64.a85encode(data, adobe=True), adobe=True))
print(base64.a85decode("87cURD]i,\"Ebo80"), base64.b85decode("Xk~0{Zv"), base64.a85decode(b"<~87cURD]i,\"Ebo80~>", adobe=True))
print(base64.a85decode(b"87cUR D]i,\n\"Ebo80"), base64.a85decode(b"z"), base64.b85decode(b"00000"))
# ---
import base64
errors = []
for f in [lambda: base64.b85decode(b"abc\x00e"), lambda: base64.b85decode(b"|NsC0~"), lambda: base64.a85decode(b"abz"),
          lambda: base64.a85decode(b"ab\x7f"), lambda: base64.a85decode(b"s8W-\"t"), lambda: base64.a85decode(b"abc", adobe=True),
          lambda: base64.a85decode(b"aby", foldspaces=True), lambda: base64.b85encode("text"), lambda: base64.b85decode(5)]:
    try:
        f()
    except Exception as e:
        errors.append("%s: %s" % (type(e).__name__, e))
print("\n".join(errors))
