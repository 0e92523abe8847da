class Meter:
    def __init__(self):
        self.__secret = 5
        self.__count = 0
    def bump(self):
        self.__count += 1
        return self.__count
    def __helper(self):
        return self.__secret * 2
    def use(self):
        return self.__helper()
m = Meter()
print(sorted(vars(m)))
print(m.bump(), m.use(), m._Meter__secret)
try:
    m.__secret
except AttributeError as e:
    print(e)
class Base:
    def __init__(self):
        self.__token = 'base'
    def base_token(self):
        return self.__token
class Sub(Base):
    def __init__(self):
        super().__init__()
        self.__token = 'sub'
    def sub_token(self):
        return self.__token
s = Sub()
print(s.base_token(), s.sub_token(), sorted(vars(s)))
class C:
    def __f(self, __x, y=2):
        return __x
    def g(self):
        try:
            return self.__f(__x=1)
        except TypeError as e:
            return str(e)
    def h(self):
        return self.__f(4)
    class __Inner:
        pass
    __z: int = 3
    from math import pi as __pi, tau
    from math import __name__ as __mn
    import math as __m
print(sorted(k for k in vars(C) if not k.endswith('__')))
print(C._C__f.__name__, C._C__f.__qualname__)
print(C().g(), C().h())
print(C._C__Inner.__name__, C._C__Inner.__qualname__)
print(C.__annotations__)
class ___:
    __a = 1
print(sorted(k for k in vars(___) if not k.endswith('__')), ___.__a)
class _D:
    __a = 1
    def m(self): return getattr(self, '__a', 'none'), self.__a, getattr(self, '_D__a')
print(sorted(k for k in vars(_D) if not k.endswith('__')), _D().m())
class Outer:
    __v = 1
    class __In:
        __w = 2
        def get(self):
            return self.__w
    def f(self):
        g = lambda __q=self.__v: __q
        return g(), [self.__v for __i in range(2)], self.__In().get()
print(Outer().f(), sorted(k for k in vars(Outer) if not k.startswith('__')))
class K:
    def __init__(self, __a, *, __b=2):
        self.s = __a + __b
print(K(1).s)
print(K(**{'_K__a': 1, '_K__b': 5}).s)
class G:
    def f(self):
        global __gv
        __gv = 7
G().f()
print(sorted(k for k in globals() if 'gv' in k))
class MM:
    def f(self, x):
        match x:
            case [__a, *__r]:
                return __a, __r
            case {'k': __v, **__rest}:
                return __v, __rest
print(MM().f([1,2,3]), MM().f({'k': 1, 'z': 2}))
class E:
    def f(self):
        try:
            1/0
        except ZeroDivisionError as __e:
            return type(__e).__name__
print(E().f())
