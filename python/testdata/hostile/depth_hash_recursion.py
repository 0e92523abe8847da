class A:
    def __hash__(self):
        return hash(self)
{A(): 1}
# limit: depth
