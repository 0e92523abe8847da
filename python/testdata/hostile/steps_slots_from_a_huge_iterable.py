# __slots__ is any iterable of names: a generator of millions of them is
# walked (and each member descriptor paid for) under the step and memory
# limits, not in one unbounded Go loop.
def names():
    i = 0
    while True:
        yield 's%d' % i
        i += 1
class C:
    __slots__ = names()
# limit: steps|memory|time
