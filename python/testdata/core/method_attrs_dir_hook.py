# A bound method reads the attributes set on its function; dir() asks __dir__.
class A:
    def f(self):
        return 1


A.f.marker = 'm'
a = A()
print(a.f.marker, getattr(a.f, 'marker', None), getattr(a.f, 'absent', 'dflt'), hasattr(a.f, 'marker'))
print(a.f.__name__, a.f.__func__ is A.f)
try:
    a.f.other
except AttributeError as e:
    print(e)


class D:
    def __dir__(self):
        return ['zeta', 'alpha', 'mid']


print(dir(D()))


class G:
    def __dir__(self):
        return (n for n in ('b', 'a'))


print(dir(G()))


class Bad:
    def __dir__(self):
        return 5


try:
    dir(Bad())
except TypeError as e:
    print(e)
