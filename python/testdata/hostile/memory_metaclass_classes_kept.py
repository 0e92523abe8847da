# Classes made by a metaclass, each with a namespace, kept in a list: each is
# charged, so the run ends by the memory limit.
class M(type):
    def __new__(mcs, name, bases, ns):
        ns["payload"] = [0] * 64
        return super().__new__(mcs, name, bases, ns)


keep = []
while True:
    class C(metaclass=M):
        a = 1
    keep.append(C)
    keep.append(M("D", (C,), {"b": 2}))
# limit: memory|steps
