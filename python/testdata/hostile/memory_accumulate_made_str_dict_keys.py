# A str up to one block long (1 KiB) made by a concatenation or a format is
# not charged where it is made; a dict entry's new key was not charged
# either (only its 40-byte entry was): a dict of a + str(i) keys held
# 422 MiB under a 64 MiB limit. d[k] = v.
a = 'x' * 1000
d = {}
i = 0
while True:
    d[a + str(i)] = None
    i += 1
# limit: memory
# ---
# A dict comprehension (MAP_ADD).
a = 'x' * 1000
keep = []
i = 0
while True:
    keep.append({f'{a}{j}': None for j in range(i, i + 1000)})
    i += 1000
# limit: memory
# ---
# setdefault and a dict display.
a = 'x' * 1000
d = {}
keep = []
i = 0
while True:
    d.setdefault('%s%d' % (a, i), 0)
    keep.append({a + str(-i): i})
    i += 1
# limit: memory
# ---
# Attribute names given to setattr(), stored in the instance's dict.
a = 'x' * 1000
class O:
    pass
o = O()
i = 0
while True:
    setattr(o, a + str(i), None)
    i += 1
# limit: memory
