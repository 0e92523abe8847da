# __bases__ assignment recomputes the MRO of every subclass: with many
# subclasses, a loop of assignments is work the step budget must stop.
class Root: pass
class A(Root): pass
class B1: pass
class B2: pass
keep = [type("S%d" % i, (A,), {}) for i in range(5000)]
while True:
    A.__bases__ = (B1,)
    A.__bases__ = (B2,)
# limit: steps
