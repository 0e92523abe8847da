# Element reads and writes of an array cost about what a list's do: this loop
# fits the tight step budget (it did not when every access ran Python methods).
from array import array
a = array('i', range(60000))
for i in range(len(a)):
    a[i] = a[i] + 1
assert a[0] == 1 and a[-1] == 60000 and len(a) == 60000
# completes
