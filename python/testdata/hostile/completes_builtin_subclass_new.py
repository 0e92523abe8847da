# A subclass of a builtin may make its instances through the base's __new__.
class L(list):
    def __new__(cls, *a):
        return super().__new__(cls)
l = L([1, 2])
l.append(3)
assert l == [1, 2, 3] and len(l) == 3
class D(dict):
    def __new__(cls, *a, **k):
        return super().__new__(cls)
d = D(a=1)
d["b"] = 2
assert d == {"a": 1, "b": 2}
class E(ValueError):
    def __new__(cls, *a):
        return super().__new__(cls, *a)
assert repr(E("m")) == "E('m')"
assert set.__new__(set) == set() and bytes.__new__(bytes, 2) == b"\0\0"
# completes
