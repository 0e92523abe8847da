def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
class NewAndInit:
    def __new__(cls, *args):
        return super().__new__(cls, *args)
    def __init__(self, v):
        self.v = v
class OnlyInit:
    def __init__(self, v):
        self.v = v
class OnlyNew:
    def __new__(cls, *args):
        return super().__new__(cls, *args)
class Neither:
    pass
class NewNoArgs:
    def __new__(cls, *args):
        return super().__new__(cls)
    def __init__(self, v):
        self.v = v
t(lambda: NewAndInit(1))
t(lambda: OnlyInit(1).v)
t(lambda: object.__new__(OnlyInit, 1).__class__.__name__)
t(lambda: OnlyNew(1))
t(lambda: Neither(1))
t(lambda: object.__new__(Neither, 1))
t(lambda: object.__new__(Neither).__class__.__name__)
t(lambda: NewNoArgs(5).v)
t(lambda: object.__new__(OnlyInit, x=1).__class__.__name__)
class Sub(NewAndInit):
    pass
t(lambda: Sub(1))
class S:
    __slots__ = ('a',)
    def __init__(self, a): self.a = a
t(lambda: (S(1).a, hasattr(object.__new__(S), '__dict__')))
