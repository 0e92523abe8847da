# A str up to one block long made by a concatenation or a format is
# charged where it is stored. Stores through a keyword or setattr charged
# it nowhere: dict.update(a=...) kept in a loop took toolplane run to
# 7.1 GB under its 512 MiB limit, a function's **kwargs, dict(a=...),
# setattr() and an itertools subclass's attributes 2.1-3.2 GB.
a = 'x' * 790
keep = []
i = 0
while True:
    d = {}
    d.update(t=a + str(i), u=a + str(i + 1))
    keep.append(d)
    i += 1
# limit: memory
# ---
# A function's **kwargs.
a = 'x' * 790
def rec(**kw):
    return kw
keep = []
i = 0
while True:
    keep.append(rec(t=a + str(i), u=a + str(i + 1)))
    i += 1
# limit: memory
# ---
# dict() with keywords.
a = 'x' * 790
keep = []
i = 0
while True:
    keep.append(dict(t=a + str(i), u=a + str(i + 1)))
    i += 1
# limit: memory
# ---
# setattr() on an instance.
a = 'x' * 790
class Rec:
    pass
keep = []
i = 0
while True:
    r = Rec()
    setattr(r, 't', a + str(i))
    setattr(r, 'u', a + str(i + 1))
    keep.append(r)
    i += 1
# limit: memory
# ---
# Attributes of an instance of an itertools subclass.
import itertools
a = 'x' * 790
class Counter(itertools.count):
    pass
keep = []
i = 0
while True:
    c = Counter()
    c.t = a + str(i)
    c.u = a + str(i + 1)
    keep.append(c)
    i += 1
# limit: memory
