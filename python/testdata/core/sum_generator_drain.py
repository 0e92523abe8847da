# sum(), max() and min() drain a generator without a full resume per item while its total
# is an int or a float (max, min: while items are ints); everything a resume does must still hold.
def numbers(n):
    for i in range(n):
        yield i
print(sum(numbers(1000)), sum(x * 0.5 for x in numbers(100)), sum(numbers(0)), sum(numbers(10), 5))
print(sum((x for x in [1, 2.5, 3, True]), 0.25), sum(x for x in [2**62, 2**62, 2**62]), sum(x for x in [1, 2, 3] if x > 5))
# ---
# An item sum must hand to __radd__ stops the drain: the generator is not
# running there, so __radd__ may resume it, and the drain starts again
# after it.
class Grab:
    def __radd__(self, other):
        return other + next(g) * 100
def gen():
    yield 1
    yield Grab()
    yield 3
    yield 4.5
    yield 5
g = gen()
print(sum(g), list(g))
# ---
# A generator that resumes itself while sum drains it.
def selfish():
    yield 1
    yield next(me)
me = selfish()
try:
    sum(me)
except ValueError as e:
    print("ValueError", e)
print(list(me))
# ---
# An error inside the generator ends it; StopIteration raised inside is a
# RuntimeError; a generator sum ended cannot be resumed.
def failing():
    yield 1
    yield 2
    raise KeyError("k")
f = failing()
try:
    sum(f)
except KeyError as e:
    print("KeyError", e)
print(next(f, "done"))
def stops():
    yield 1
    raise StopIteration(5)
try:
    sum(stops())
except RuntimeError as e:
    print(e, type(e.__cause__).__name__, e.__cause__.args)
# ---
# The exception being handled inside the generator (a bare raise, its
# context) and outside it (the caller's) are kept apart across yields.
def handler():
    try:
        raise KeyError("inner")
    except KeyError:
        yield 1
        yield 2
        raise
try:
    raise ValueError("outer")
except ValueError:
    try:
        sum(handler())
    except KeyError as e:
        print(repr(e), repr(e.__context__))
def ctx():
    yield 1
    raise IndexError("late")
try:
    raise ValueError("outer")
except ValueError:
    try:
        sum(ctx())
    except IndexError as e:
        print(repr(e), repr(e.__context__))
# ---
# A TypeError from an item sum cannot add leaves the generator where it
# yielded that item.
def mixed():
    yield 1
    yield "x"
    yield 2
m = mixed()
try:
    sum(m)
except TypeError as e:
    print(e)
print(list(m))
# ---
# Started elsewhere, then drained; a generator yielding inside try/finally.
def counted():
    try:
        for i in range(5):
            yield i
    finally:
        print("finally")
c = counted()
print(next(c), sum(c))
def numbers(n):
    for i in range(n):
        yield i
d = numbers(4)
print(next(d), next(d), sum(d), sum(d))
# ---
# max and min: a compare of other items stops the drain, and the
# generator may be resumed from the compare.
def numbers(n):
    for i in range(n):
        yield i * 7 % 1001
class Peek:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        o = other.v if isinstance(other, Peek) else other
        return self.v - next(g, 0) * 1000 < o
    def __gt__(self, other):
        o = other.v if isinstance(other, Peek) else other
        return self.v + next(g, 0) * 1000 > o
    def __repr__(self):
        return "Peek(%d)" % self.v
def gen():
    for i in range(30):
        yield i
    yield Peek(5)
    for i in range(20):
        yield i
g = gen()
print(max(numbers(3000)), min(x % 1000 - 500 for x in numbers(2000)), max(numbers(0), default=None))
print(max(g), list(g))
g = gen()
print(min(g), list(g))
print(max(str(x) for x in numbers(300)), min(x * 0.5 for x in numbers(300)), max(numbers(50), key=lambda x: -x))
def failing(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i
try:
    min(failing(400))
except KeyError as e:
    print("KeyError", e)
# ---
# list, tuple, sorted, str.join and dict collect a generator's items the
# same way.
def numbers(n):
    for i in range(n):
        yield i * 7 % 101
g = numbers(10)
print(next(g), list(g), list(g), tuple(numbers(5)), sorted(numbers(8)), "-".join(str(x) for x in numbers(6)))
print(dict((str(x), x) for x in numbers(4)), set(numbers(3)))
def failing():
    yield 1
    raise KeyError("k")
for fn in (list, tuple, sorted, set):
    try:
        fn(failing())
    except KeyError as e:
        print(fn.__name__, "KeyError", e)
def selfish():
    yield 1
    yield list(me)
me = selfish()
try:
    list(me)
except ValueError as e:
    print("ValueError", e)
# ---
# any and all: an item whose truth needs a call (__bool__) stops the
# drain, and __bool__ may resume the generator; an early answer leaves the
# generator resumable.
class Odd:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v + next(g, 0) > 1000
    def __repr__(self):
        return "Odd(%d)" % self.v
def gen(first, then):
    for i in range(10):
        yield first
    yield Odd(10)
    for i in range(5):
        yield then
g = gen(1, 2)
print(all(g), list(g))
g = gen(0, 0)
print(any(g), list(g))
g = gen(0, 3)
print(any(g), list(g))
print(any(x > 99 for x in range(100)), all(str(x) for x in range(50)), any(()), all(()))
