# json.dump and json.load over objects with write/read (io.StringIO, a class).
import io
import json
buf = io.StringIO()
print(json.dump({"a": [1, 2.0, None], "b": "é"}, buf))
print(repr(buf.getvalue()))
buf = io.StringIO()
json.dump({"z": 1, "a": [True]}, buf, indent=2, sort_keys=True)
print(buf.getvalue())
buf.seek(0)
print(json.load(buf))
print(json.load(io.StringIO('{"price": 1.10}'), parse_float=str))
print(json.load(io.BytesIO(b'[1, "x", {"k": false}]')))
print(json.load(io.StringIO('[1, 2]'), object_pairs_hook=dict))
# ---
import json
class Sink:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
class Source:
    def read(self):
        return '{"n": 3}'
s = Sink()
json.dump(obj=[1, "two"], fp=s, separators=(",", ":"))
print("".join(s.parts), json.load(fp=Source()))
# ---
import io
import json
for call in (lambda: json.dump([1]), lambda: json.dump(), lambda: json.dump(1, io.StringIO(), 2),
             lambda: json.load(), lambda: json.dump(1, 2), lambda: json.load(3),
             lambda: json.dump({1j: 2}, io.StringIO()), lambda: json.load(io.StringIO("{bad"))):
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
