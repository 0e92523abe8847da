# max()/min() raise what the truth test of a comparison's answer raises, and
# list.index what the repr of a missing item raises, as CPython does.
class B:
    def __bool__(self): raise KeyError('bool')
class C:
    def __lt__(self, o): return B()
    def __gt__(self, o): return B()
    def __repr__(self): raise IndexError('repr')
    def __eq__(self, o): return False
for f in (lambda: max([C(), C()]), lambda: min([C(), C()]), lambda: max([1, 2], key=lambda x: C()), lambda: [1].index(C())):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
