from zoneinfo import ZoneInfo
from datetime import datetime, timezone
meetings = ["2024-03-10T14:00:00Z", "2024-11-03T06:30:00Z", "2024-07-01T23:15:00Z"]
out = []
for m in meetings:
    utc = datetime.strptime(m, "%Y-%m-%dT%H:%M:%S%z")
    for zone in ("America/New_York", "Europe/Berlin", "Asia/Kolkata"):
        local = utc.astimezone(ZoneInfo(zone))
        out.append(f"{zone}: {local:%a %-d %b %H:%M} {local.tzname()} ({local.utcoffset()})")
print("\n".join(out))
# ---
import hashlib, binascii, base64, json
payload = json.dumps({"user": "ada", "items": [1, 2, 3]}, sort_keys=True).encode()
digest = hashlib.blake2b(payload, digest_size=16, key=b"secret").hexdigest()
print(digest, binascii.crc32(payload), hashlib.sha256(payload).hexdigest()[:16])
print(base64.b85encode(payload[:20]), binascii.hexlify(payload[:8], "-"))
print(sorted(hashlib.algorithms_guaranteed))
# ---
import struct
records = [(1, 20.5, b"alpha"), (2, -3.25, b"beta")]
blob = b"".join(struct.pack("<Hd8s", *r) for r in records)
print(len(blob), struct.calcsize("<Hd8s"))
print([(i, v, name.rstrip(b"\x00").decode()) for i, v, name in struct.iter_unpack("<Hd8s", blob)])
# ---
import json
for raw in [b'{"ok": true}', b'\xff\xfe{\x00"\x00a\x00"\x00:\x00 \x00[\x001\x00,\x00 \x002\x00]\x00}\x00', b"\xff\xfe"]:
    try:
        print(json.loads(raw))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        print(type(e).__name__, e)
# ---
from graphlib import TopologicalSorter
steps = {"deploy": {"test", "build"}, "test": {"build"}, "build": {"fetch"}, "lint": {"fetch"}}
ts = TopologicalSorter(steps)
ts.prepare()
batches = []
while ts.is_active():
    ready = sorted(ts.get_ready())
    batches.append(ready)
    ts.done(*ready)
print(batches)
# ---
from datetime import datetime
rows = ["2024-01-05 09:30", "05/01/2024", "2024-02-30 10:00", "2024-13-01 00:00"]
for r in rows:
    try:
        print(datetime.strptime(r, "%Y-%m-%d %H:%M").strftime("%A %-d %B %Y, %-I:%M %p"))
    except ValueError as e:
        print("bad:", e)
