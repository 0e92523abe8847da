# A UnicodeDecodeError/UnicodeEncodeError raised by a codec carries
# encoding, object, start, end and reason, as CPython's does.
for data, enc in ((b"ok \xff!", "utf-8"), (b"ab\xe2\x82", "utf-8"), (b"\x80x", "ascii"), (b"a\x00\xd8", "utf-16-le")):
    try:
        data.decode(enc)
    except UnicodeDecodeError as e:
        print(e.encoding, e.object, e.start, e.end, e.reason, "|", e)
        print(e.args, data[e.start:e.end])
for text, enc in (("naïve", "ascii"), ("x€", "latin-1")):
    try:
        text.encode(enc)
    except UnicodeEncodeError as e:
        print(e.encoding, e.object, e.start, e.end, e.reason, "|", e, e.args)
import json
try:
    json.loads(b'{"k": "\xff"}')
except UnicodeDecodeError as e:
    print(e.start, e.end, e.reason)
# ---
# A StopIteration raised by the function map or filter calls ends that round
# of iteration (the next call tries again), as CPython's builtin iterators do.
def upto_zero(x):
    if x == 0:
        raise StopIteration
    return x
print(list(map(upto_zero, [3, 2, 0, 1])), list(filter(upto_zero, [5, 0, 6])), sum(map(upto_zero, [4, 0, 9])))
it = map(upto_zero, [0, 7])
print(next(it, "stopped"), next(it, "stopped"))
def gen():
    yield 1
    raise StopIteration
try:
    list(map(str, gen()))
except RuntimeError as e:
    print("RuntimeError:", e)
# ---
# __str__ and __repr__ may answer an instance of a str subclass.
class Label(str):
    pass
class Item:
    def __str__(self):
        return Label("item-str")
    def __repr__(self):
        return Label("Item()")
print(str(Item()), repr(Item()), f"{Item()} {Item()!r}", [Item()], "%s %r" % (Item(), Item()))
class Bad:
    def __repr__(self):
        return 5
try:
    repr(Bad())
except TypeError as e:
    print(e)
