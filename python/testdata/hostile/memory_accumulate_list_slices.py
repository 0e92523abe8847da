# Every slice of a list or tuple is a new array as long as what it copies: keeping
# copies of one big list (a[:], a[::2], t[1:]) must reach the memory limit. They
# were never charged: the heap passed 512 MiB under a 64 MiB limit.
a = [float(i) for i in range(10**6)]
t = tuple(a)
keep = []
while True:
    keep.append(a[:])
    keep.append(a[::2])
    keep.append(t[1:])
# limit: memory
