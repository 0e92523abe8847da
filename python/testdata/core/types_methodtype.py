import types
class Obj:
    def __init__(self): self.n = 2
def double(self, k=1):
    return self.n * 2 * k
o = Obj()
m = types.MethodType(double, o)
print(m(), m(k=3), m.__self__ is o, m.__func__ is double, type(m) is types.MethodType)
o.double = m
print(o.double(5))
for args in [(1, o), (double, None), (double,)]:
    try:
        types.MethodType(*args)
    except TypeError as e:
        print(e)
print(types.MethodType(len, [1, 2])())
