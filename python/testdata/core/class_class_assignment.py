# C.__class__ = X changes a class's metaclass (never an entry of its
# namespace): refused while the metaclass is type, allowed between user
# metaclasses.
class A:
    pass
for target in (int, object, type, ValueError, type(None), A, 5):
    try:
        A.__class__ = target
    except TypeError as e:
        print('TypeError', e)
print(type(A), '__class__' in A.__dict__, type(A()) is A)
class M1(type):
    pass
class M2(type):
    x = 1
    def hello(cls):
        return 'hello from ' + cls.__name__
class B(metaclass=M1):
    pass
B.__class__ = M2
print(type(B) is M2, B.x, B.hello(), isinstance(B, M2), isinstance(B, M1), type(B()) is B)
for target in (type, int, A):
    try:
        B.__class__ = target
    except TypeError as e:
        print('TypeError', e)
print(type(B).__name__)
