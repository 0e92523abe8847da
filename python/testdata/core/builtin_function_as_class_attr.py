import math
class H:
    size = len
    root = math.sqrt
    conv = int
    def m(self): return self.size([1,2]), self.root(4), self.conv("7")
print(H().m(), H.size("ab"))
class L(list):
    n = len
print(L([1]).n([1,2,3]))
class S(H):
    def m(self): return super().size("abc")
print(S().m())
