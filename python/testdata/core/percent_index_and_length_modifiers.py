class I:
    def __index__(self): return 66
print('%f %e' % (I(), I()), b'%.2f' % I())
print('%ld %hd %Lf' % (5, 6, 1.5), b'%ld' % 5)
try:
    '%l' % 1
except ValueError as e:
    print(e)
