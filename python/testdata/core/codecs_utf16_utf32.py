# UTF-16 and UTF-32 codecs: byte order marks, surrogate pairs, aliases,
# and CPython's decode errors under each handler.
s = "hé€😀"
for enc in ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "UTF16", "utf_16le", "U32", "UTF-32BE"]:
    b = s.encode(enc)
    print(enc, b, b.decode(enc) == s, bytes(s, enc) == b, str(b, enc) == s)
print("".encode("utf-16"), b"".decode("utf-16"), "".encode("utf-32"), "".encode("utf-16-le"))
print(b"\xfe\xff\x00h".decode("utf-16"), b"\xff\xfeh\x00".decode("utf-16"), repr(b"\xff\xfeh\x00".decode("utf-16-le")))
print(b"\x00\x00\xfe\xff\x00\x00\x00h".decode("utf-32"), b"h\x00\x00\x00".decode("utf-32"))
# ---
cases = [b"h\x00\xe9", b"\x00\xd8a\x00", b"\x00\xd8", b"\x00\xdc\x00\x00", b"\x00\xd8\x00\xd8",
         b"a\x00\x00\xd8", b"\x00\xd8a", b"a\x00\x00\xd8\x00", b"\x00\xd8\x00\xdca"]
for enc in ["utf-16-le", "utf-16", "utf-16-be"]:
    for b in cases:
        out = []
        for mode in ["strict", "replace", "ignore", "backslashreplace"]:
            try:
                out.append(repr(b.decode(enc, mode)))
            except UnicodeDecodeError as e:
                out.append(str(e))
        print(enc, b, out)
# ---
for b in [b"a\x00\x00", b"\x00\x00\x11\x00", b"\x00\xd8\x00\x00", b"a\x00\x00\x00b\x00", b"\xff\xfe\x00\x00a\x00\x00\x00"]:
    for enc in ["utf-32-le", "utf-32", "utf-32-be"]:
        out = []
        for mode in ["strict", "replace", "ignore"]:
            try:
                out.append(repr(b.decode(enc, mode)))
            except UnicodeDecodeError as e:
                out.append(str(e))
        print(enc, b, out)
# ---
data = "naïve café".encode("utf-16")
print(len(data), data[:2], data.decode("utf-16").upper())
b"\x00\xd8".decode("utf-16-le")
# raises: UnicodeDecodeError: 'utf-16-le' codec can't decode bytes in position 0-1: unexpected end of data
