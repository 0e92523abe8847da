# Integer ranges (issue 18): where CPython raises OverflowError instead of
# wrapping or clamping, and where it clamps instead of raising.
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

show("len range", lambda: len(range(-2**62, 2**62)))
show("len range 2**64", lambda: len(range(2**64)))
show("len range ok", lambda: len(range(2**62)))
# ---
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

show("str * 10**100", lambda: 'abc' * 10**100)
show("str * -10**100", lambda: 'abc' * -10**100)
show("str * 2**62", lambda: 'abc' * 2**62)
show("bytes * 2**62", lambda: b'ab' * 2**62)
show("bytearray * 2**63", lambda: bytearray(b'a') * 2**63)
show("list * 10**100", lambda: [1] * 10**100)
show("tuple * 10**100", lambda: 10**100 * (1,))
show("str * index", lambda: 'ab' * type('I', (), {'__index__': lambda self: 2})())
show("empty * huge", lambda: '' * 10**100)
show("chr huge", lambda: chr(10**30))
show("chr 2**31", lambda: chr(2**31))
show("list index huge", lambda: [1][10**30])
show("slice huge", lambda: ([1, 2, 3][10**30:], [1, 2, 3][-10**30:2], 'abc'[:10**30]))
show("find huge", lambda: ('abc'.find('a', -10**30), 'abc'.count('a', 10**30), b'abc'.index(b'c', -10**30, 10**30)))
show("pop huge", lambda: [1].pop(10**30))
show("insert huge", lambda: [1].insert(10**30, 2))
show("zfill huge", lambda: 'a'.zfill(10**30))
show("expandtabs huge", lambda: 'a\tb'.expandtabs(2**40))
# ---
import json
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

show("dumps 10**4300", lambda: len(json.dumps(10**4300)))
show("dumps 10**4299", lambda: len(json.dumps(10**4299)))
show("loads 4301 digits", lambda: json.loads('1' * 4301))
show("str 10**4300", lambda: len(str(10**4300)))
show("repr list", lambda: len(repr([10**4300])))
show("int 4301 digits", lambda: int('1' * 4301))
show("f-string", lambda: len(f"{10**4300}"))
show("format", lambda: len(format(10**4300, 'd')))
show("hex ok", lambda: len(hex(10**4300)))
