class A:
    def __format__(self, spec):
        return format(self, spec)
f"{A()}"
# limit: depth
# ---
class A:
    def __len__(self):
        return len(self)
len(A())
# limit: depth
# ---
class A:
    def __iter__(self):
        return iter(self)
iter(A())
# limit: depth
# ---
class A:
    def __iter__(self):
        return self
    def __next__(self):
        return next(self)
next(A())
# limit: depth
# ---
class A:
    def __contains__(self, x):
        return x in self
1 in A()
# limit: depth
# ---
class A:
    def __bool__(self):
        return bool(self)
bool(A())
# limit: depth
# ---
class A:
    def __index__(self):
        return [1, 2][self]
[1, 2][A()]
# limit: depth
# ---
class A:
    def __getitem__(self, i):
        return self[i]
A()[0]
# limit: depth
# ---
class D(dict):
    def __missing__(self, k):
        return self[k]
D()[0]
# limit: depth
# ---
class A:
    def __enter__(self):
        with self:
            pass
    def __exit__(self, *a):
        pass
with A():
    pass
# limit: depth
# ---
class A:
    def __hash__(self):
        return hash({self: 1})
{A(): 1}
# limit: depth
# ---
class A:
    def __lt__(self, o):
        return sorted([self, o])[0] is self
sorted([A(), A()])
# limit: depth
# ---
class S(str):
    def __str__(self):
        return str(S(self))
str(S("x"))
# limit: depth
