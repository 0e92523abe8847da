class A:
    def __str__(self):
        return str(self)
print(A())
# limit: depth
