# Found probing the class FuzzPrograms drives (__eq__ with side effects on
# shared containers): a key's __eq__ that empties and refills the dict or
# set being searched left the lookup with a stale position, and the store
# that followed indexed the new table with it (a Go panic). The lookup
# starts over when the container changed during the comparison, as in
# CPython; the container stays consistent whatever was compared.
calls = [0]
d = {}
class K:
    def __init__(self, h):
        self.h = h
    def __hash__(self):
        return self.h
    def __eq__(self, other):
        calls[0] += 1
        if calls[0] <= 3:
            d.clear()
            for i in range(40):
                d[i + 1000] = i
        return False
for i in range(8):
    d[K(1)] = i
d[K(1)] = "x"
d.get(K(1))
K(1) in d
d.pop(K(1), None)
d.setdefault(K(1), 0)
assert len(d) == len(list(d)) == len(d.items())
for k, v in list(d.items()):
    assert d[k] is v
s = set()
scalls = [0]
class S:
    def __hash__(self):
        return 1
    def __eq__(self, other):
        scalls[0] += 1
        if scalls[0] <= 3:
            s.clear()
            s.update(range(1000, 1040))
        elif scalls[0] <= 6:
            s.clear()
        return False
for i in range(8):
    s.add(S())
S() in s
s.discard(S())
assert len(s) == len(list(s))
for x in list(s):
    assert x in s
# completes
