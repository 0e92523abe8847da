# A str up to one block (1 KiB) made by a concatenation is charged where it
# is stored, not where it is made; what keeps a call's arguments stores it
# too. A *args tuple kept (functools.partial's args, a namedtuple's fields
# go through one) charged 0.11 of its heap: under a 64 MiB limit the heap
# passed 700 MiB.
def f(*args):
    return args
a = 'x' * 790
keep = []
i = 0
while True:
    keep.append(f(a + str(i)))
    i += 1
# limit: memory
# ---
# Builtin objects made from it: staticmethod, slice, types.MethodType.
import types
a = 'x' * 790
keep = []
i = 0
while True:
    keep.append(staticmethod(a + str(i)))
    keep.append(slice(a + str(i)))
    keep.append(types.MethodType(len, a + str(i)))
    i += 1
# limit: memory
# ---
# list.insert.
a = 'x' * 790
keep = []
i = 0
while True:
    keep.insert(len(keep), a + str(i))
    i += 1
# limit: memory
