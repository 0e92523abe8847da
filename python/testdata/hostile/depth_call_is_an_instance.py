# Calling an instance calls type(instance).__call__, here another instance:
# a Go-only cycle like __init__ = the class.
class A:
    pass
A.__call__ = A()
A()()
# limit: depth
