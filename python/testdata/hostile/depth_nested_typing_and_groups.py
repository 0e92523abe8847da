from typing import TypeVar
T = TypeVar("T")
a = T
for i in range(30000):
    a = list[a]
a[int]
# limit: depth
# ---
a = int
for i in range(30000):
    a = list[a]
repr(a)
# limit: depth
# ---
a = int
b = int
for i in range(30000):
    a = list[a]
    b = list[b]
a == b
# limit: depth
# ---
eg = ExceptionGroup("x", [ValueError(1)])
for i in range(30000):
    eg = ExceptionGroup("x", [eg])
eg.split(ValueError)
# limit: depth
