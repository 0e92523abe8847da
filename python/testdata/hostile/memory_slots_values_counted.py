# The values held in __slots__ live apart from the instance __dict__: the
# memory they retain must still be measured (a snippet that keeps big
# values only in slots must hit the memory limit, not slip under it).
class Holder:
    __slots__ = ('v', 'nxt')
head = None
for i in range(100_000):
    h = Holder()
    h.v = 'x' * 10_000
    h.nxt = head
    head = h
# limit: memory
