# Issue 21: a class whose __init__ is the class itself recursed in Go
# (construct -> __init__ -> construct) without ever running Python code,
# and killed the process with Go's fatal stack overflow.
class A:
    pass
A.__init__ = A
A()
# limit: depth
