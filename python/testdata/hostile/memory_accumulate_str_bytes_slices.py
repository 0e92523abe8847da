# A stepped str slice and any bytes or bytearray slice is a copy: keeping many of
# them must reach the memory limit (they were never charged: the heap passed 512 MiB
# under a 64 MiB limit).
s = "ab" * 10**6
b = b"ab" * 10**6
ba = bytearray(b)
keep = []
while True:
    keep.append(s[::2])
    keep.append(b[1:])
    keep.append(b[::-1])
    keep.append(ba[1:])
# limit: memory
