b = b"hello"
print(b, b[0], b[1:3], b[::-1], len(b), list(b[:2]), b"x" * 3, b + b"!")
# ---
print(bytes(3), bytes([65, 66, 67]), bytes("é", "utf-8"), bytes(range(3)))
# ---
print(repr(b"\x00\x7f\x80\xff"), repr(b"'"), repr(b'"'), repr(b"\n\t\\"), b"abc" == b"abc")
# ---
print(b"a,b".split(b","), b"  x ".strip(), b"abc".upper(), b"abc".startswith(b"a"), b"-".join([b"a", b"b"]))
# ---
print(b"hello".find(b"l"), b"hello".count(b"l"), b"hello".replace(b"l", b"L"), b"abc".hex(), bytes.fromhex("6869"))
# ---
print(b"caf\xc3\xa9".decode(), b"abc".decode("ascii"), str(b"abc"), b"a" in b"cat", 97 in b"abc")
# ---
b"\xff".decode("utf-8")
# raises: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
# ---
"é".encode("ascii")
# raises: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)
# ---
b"a" + "b"
# raises: TypeError: can't concat str to bytes
# ---
bytes([256])
# raises: ValueError: bytes must be in range(0, 256)
# ---
b = b"abc"
b[0] = 1
# raises: TypeError: 'bytes' object does not support item assignment
# ---
ba = bytearray(b"abc")
ba[0] = 65
ba.append(100)
ba.extend(b"ef")
print(ba, bytes(ba), len(ba))
# ---
print(b"abc" < b"abd", b"" < b"a", sorted([b"b", b"a"]), hash(b"x") == hash(b"x"))
# ---
print(b"%d-%s" % (5, b"x"), b"ab".isalpha(), b"12".isdigit(), b"AbC".lower(), b"a b".split())
# ---
print(type(b"x").__name__, isinstance(b"", bytes), bytes is not str, b"x" != "x")
# ---
print(int.from_bytes(b"\xff\xff", "big", signed=True), (1000).to_bytes(4, "little"), (-1).to_bytes(2, "big", signed=True))
# ---
print(list(b"hi"), [bytes([c]) for c in b"hi"], b"hello"[-1], bytes(b"copy"))
# ---
print(b"x".decode("latin-1"), "ÿ".encode("latin-1"), b"\xe2\x98\x83".decode("utf-8"), len("☃".encode()))
