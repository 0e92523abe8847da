# bytes % pads %b, %s, %r and %c to their width in bytes: a width of two
# billion is paid for before the buffer is made.
parts = []
for i in range(100):
    parts.append(b'%2000000000b' % b'x')
# limit: memory
