class A:
    def __eq__(self, other):
        return self == other
A() == A()
# limit: depth
