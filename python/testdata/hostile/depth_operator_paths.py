class A:
    def __radd__(self, o):
        return o + self
1 + A()
# limit: depth
# ---
class A:
    def __add__(self, o):
        return self + o
A() + 1
# limit: depth
# ---
class A:
    def __iadd__(self, o):
        self += o
        return self
a = A()
a += 1
# limit: depth
# ---
class A:
    def __neg__(self):
        return -self
-A()
# limit: depth
# ---
class A:
    def __float__(self):
        return float(self)
float(A())
# limit: depth
# ---
class A:
    def __round__(self, n=None):
        return round(self)
round(A())
# limit: depth
