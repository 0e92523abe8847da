import uuid
u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u, repr(u), u.hex, u.int, u.version, u.variant, u.urn)
print(u.bytes, u.bytes_le, u.fields, u.time_low, u.node, u.clock_seq, u.time)
print(uuid.UUID("{12345678123456781234567812345678}") == u, uuid.UUID("urn:uuid:12345678-1234-5678-1234-567812345678") == u, str(uuid.UUID(int=1)), uuid.UUID(bytes=b"\x01" * 16))
# ---
import uuid
print(uuid.uuid5(uuid.NAMESPACE_DNS, "python.org"), uuid.uuid3(uuid.NAMESPACE_DNS, "python.org"), uuid.uuid5(uuid.NAMESPACE_URL, "https://example.com/a"))
print(uuid.NAMESPACE_DNS, uuid.uuid5(uuid.NAMESPACE_DNS, "x").version, uuid.uuid3(uuid.NAMESPACE_OID, "x").version)
# ---
import uuid
a = uuid.uuid4()
b = uuid.uuid4()
print(a != b, a.version, a.variant, len(str(a)), len(a.hex), uuid.UUID(str(a)) == a, isinstance(a.int, int), 0 < a.int < 2 ** 128)
print(uuid.UUID(int=5) < uuid.UUID(int=6), sorted([uuid.UUID(int=3), uuid.UUID(int=1)]), {uuid.UUID(int=7): 1}[uuid.UUID(int=7)], int(uuid.UUID(int=9)))
print(uuid.UUID(fields=(1, 2, 3, 4, 5, 6)), uuid.UUID(int=0, version=4), uuid.UUID(bytes_le=bytes(range(16))))
# ---
import uuid
uuid.UUID("not-a-uuid")
# raises: ValueError: badly formed hexadecimal UUID string
# ---
import uuid
uuid.UUID()
# raises: TypeError: one of the hex, bytes, bytes_le, fields, or int arguments must be given
# ---
import uuid
uuid.UUID(int=-1)
# raises: ValueError: int is out of range (need a 128-bit value)
# ---
import uuid
u = uuid.UUID(int=1)
u.x = 2
# raises: TypeError: UUID objects are immutable
# ---
import uuid
uuid.uuid5(uuid.NAMESPACE_DNS, b"x")
# raises: TypeError: encoding without a string argument
# ---
import uuid
a = uuid.uuid1()
b = uuid.uuid1()
print(a.version, a.variant, a != b, a.node == b.node == uuid.getnode(), 0 <= a.node < 2 ** 48, b.time > a.time, uuid.uuid1(node=0x1234, clock_seq=5).clock_seq)
