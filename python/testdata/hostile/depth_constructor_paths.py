class A:
    def __new__(cls):
        return A()
A()
# limit: depth
# ---
class A:
    def __init__(self):
        B()
class B:
    def __init__(self):
        A()
A()
# limit: depth
# ---
class A:
    def __init_subclass__(cls):
        class B(cls):
            pass
class C(A):
    pass
# limit: depth
# ---
class A:
    def __class_getitem__(cls, x):
        return A[x]
A[1]
# limit: depth
# ---
class M:
    def __instancecheck__(self, x):
        return isinstance(x, self)
isinstance(1, M())
# limit: depth
