import itertools
class Idx:
    def __index__(self): return 3
print(list(itertools.repeat('x', Idx())), b'%c' % type('B', (), {'__index__': lambda s: 66})())
class Deletable:
    def __init__(self): self.deleted = False
    def __get__(self, obj, cls): return self if obj is None else obj.__dict__.get('v', 'default')
    def __set__(self, obj, v): obj.__dict__['v'] = v
    def __delete__(self, obj):
        self.deleted = True
        obj.__dict__.pop('v', None)
class H:
    attr = Deletable()
h = H(); h.attr = 'hello'
print(h.attr); del h.attr; print(h.attr, H.__dict__['attr'].deleted)
