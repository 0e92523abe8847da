from array import array
a = array('b', [1])
for _ in range(60):
    a += a
# limit: memory
