# A delegate that resumes the generator delegating to it, a delegate that
# raises in the middle of sum(), a delegating generator closed while its
# delegate is suspended.
def inner():
    yield 1
    try:
        yield from outer_gen
    except ValueError as e:
        yield str(e)
def outer():
    yield from inner()
outer_gen = outer()
got = list(outer_gen)
assert got == [1, "generator already executing"], got
def boom(n):
    for i in range(n):
        if i == 7:
            raise KeyError(i)
        yield i
def relay(n):
    yield from boom(n)
r = relay(100)
try:
    sum(r)
except KeyError as e:
    assert e.args == (7,), e.args
assert next(r, "done") == "done"
log = []
def sub():
    try:
        while True:
            yield 2
    finally:
        log.append("sub closed")
def top():
    try:
        yield from sub()
    finally:
        log.append("top closed")
t = top()
assert next(t) == 2 and next(t) == 2
t.close()
assert log == ["sub closed", "top closed"], log
assert list(t) == []
def self_ref():
    yield from me
me = self_ref()
try:
    next(me)
except ValueError as e:
    assert str(e) == "generator already executing", e
print("ok")
# completes
