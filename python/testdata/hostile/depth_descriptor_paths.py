class D:
    def __get__(self, obj, typ):
        return obj.x
class A:
    x = D()
A().x
# limit: depth
# ---
class D:
    def __set__(self, obj, v):
        obj.x = v
class A:
    x = D()
A().x = 1
# limit: depth
# ---
class D:
    def __set_name__(self, owner, name):
        class B:
            y = D()
class A:
    x = D()
# limit: depth
# ---
class A:
    @property
    def p(self):
        return self.p
A().p
# limit: depth
# ---
class A:
    def __getattr__(self, n):
        return getattr(self, n)
A().x
# limit: depth
# ---
class A:
    def __getattribute__(self, n):
        return self.y
A().x
# limit: depth
