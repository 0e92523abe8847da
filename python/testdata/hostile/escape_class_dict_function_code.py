class A:
    def m(self):
        pass
vars(A)['m'].__code__
# raises: AttributeError
