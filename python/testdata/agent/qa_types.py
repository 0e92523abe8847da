print(b"ab".rjust(4), b"ab cd".title(), b"a\nb".splitlines(), b"a=b".partition(b"="), b"abc".rfind(b"c"), b"abc".removeprefix(b"a"), b"abc".zfill(5), b"ab".index(b"b"), b"a b".rsplit(None, 1))
# ---
ba = bytearray(b" a,b ")
print(ba.strip().split(b","), ba.find(b"b"), ba.replace(b"a", b"z"), ba.upper(), ba.startswith(b" "), bytearray(b",").join([b"a", b"b"]))
# ---
import base64
raw = base64.b64decode("bmFtZSxhZ2UKYWRhLDM2CmJvYiwyNQo=")
print(raw, raw.decode().splitlines(), [line.split(",") for line in raw.decode().splitlines()[1:]], raw.count(b","), raw.endswith(b"\n"), raw[:4].upper())
# ---
try:
    zip(1)
except TypeError as e:
    print(e)
# ---
for f in (lambda: int.from_bytes("x", "big"), lambda: (1).to_bytes(1, "middle"), lambda: type("X", 1, {})):
    try:
        print(f())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
# ---
try:
    object().__dict__
except AttributeError as e:
    print(e)
# ---
print((5).real, (5).numerator, (5).denominator, (5).imag, (2.5).real, (2.5).imag, range(1, 9, 2).start, range(1, 9, 2).stop, range(1, 9, 2).step, True.real)
# ---
def pub(o):
    return [n for n in dir(o) if not n.startswith("_")]
print(pub(""), pub([]), pub({}), pub(set()), pub(()), sep="\n")
# ---
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
print([n for n in dir(Point(1, 2)) if not n.startswith("__")], sorted(vars(Point(1, 2))), "norm" in vars(Point), callable(getattr(Point, "norm")))
