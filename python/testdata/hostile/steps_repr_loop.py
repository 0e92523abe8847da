class A:
    def __repr__(self):
        while True:
            pass
repr(A())
# limit: steps
