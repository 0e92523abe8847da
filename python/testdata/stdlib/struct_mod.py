import struct
tests = [('b',128),('B',-1),('h',40000),('H',-1),('i',2**31),('I',-1),('l',2**63),('L',-1),('q',2**63),('Q',-1),('<i',2**31),('<I',-1),('<l',2**31),('<L',2**32),('<q',2**63),('<Q',-1),('<h',2**15),('<H',2**16),('<b',200),('<B',256),('n',2**63),('N',-1),('i','x'),('i',1.5),('f',1e300),('e',1e6),('<f',1e300),('c',b'ab'),('c','a'),('s',5),('?',[]),('x',), ('<d', 'x')]
for t in tests:
    try:
        print(t, struct.pack(*t))
    except Exception as e:
        print(t, type(e).__name__, e)
for pre in '@<>=!':
    for c in 'bBhHiIlLqQ':
        for v in (-2**64, -1, 2**64, 2**31, 2**32, 2**63, -2**63 - 1, 2**16, 40000, -200):
            try:
                r = struct.pack(pre + c, v)
            except Exception as e:
                r = str(e)
            print(pre, c, v, r)
for a in [('i',), ('ii', 1), ('i', 1, 2)]:
    try:
        struct.pack(*a)
    except Exception as e:
        print(a, type(e).__name__, e)
for a in [('i', b'abc'), ('<h', b'abc'), ('2i', b'')]:
    try:
        struct.unpack(*a)
    except Exception as e:
        print(a, type(e).__name__, e)
for f in ['z', '3', 'i3', '<@i', '', '<n', '<P', ' i h ', b'<h']:
    try:
        print(f, struct.calcsize(f))
    except Exception as e:
        print(f, type(e).__name__, e)
print(struct.calcsize('@bhiq'), struct.calcsize('=bhiq'), struct.calcsize('bi'), struct.calcsize('ib'), struct.calcsize('@P'), struct.calcsize('5s2p'), struct.calcsize('lL'), struct.calcsize('<lL'), struct.calcsize('nN'), struct.calcsize('e'), struct.calcsize('c3xi'), struct.calcsize('0i'), struct.calcsize('b0i'))
print(struct.pack('>I', 1), struct.pack('<Hh', 1, -2), struct.pack('@bi', 1, 2), struct.pack('5s', b'ab'), struct.pack('3p', b'abcdef'), struct.pack('?', 3), struct.pack('<d', 1.5), struct.pack('<f', 0.1), struct.pack('<e', 0.1), struct.pack('>e', 65504.0))
print(struct.unpack('<f', struct.pack('<f', 0.1)), struct.unpack('<e', b'\x00\x3c'), struct.unpack('>e', b'\x7c\x00'), struct.unpack('3p', b'\x05ab'), struct.unpack('<?', b'\x02'))
print(list(struct.iter_unpack('<h', b'\x01\x00\x02\x00')), struct.unpack_from('<h', b'xx\x01\x00', 2), struct.Struct('<hh').size, struct.Struct('<hh').format, struct.Struct('<hh').unpack(b'\x01\x00\x02\x00'))
print(struct.error.__mro__, struct.pack('i', True), struct.pack('<i', 0x7fffffff))
class I:
    def __index__(self):
        return 7
print(struct.pack('<i', I()), struct.pack('<d', 3), struct.unpack_from('<h', b'\x01\x02\x03', -2))
for f in [lambda: struct.unpack_from('<i', b'ab', 1), lambda: list(struct.iter_unpack('<i', b'abcde')), lambda: struct.iter_unpack('', b''), lambda: struct.unpack_from('<h', b'ab', -5), lambda: struct.unpack('<h', 'ab'), lambda: struct.Struct(5)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
for x in [float('nan'), float('-inf'), 1e-8, 6e-8, 65519.0, 0.333, -2.5, 1e-5, 5.96e-8, 2.98e-8, 3e-8]:
    print(x, struct.pack('<e', x), struct.pack('>f', x), struct.unpack('<e', struct.pack('<e', x)))
ba = bytearray(8)
struct.pack_into('<hi', ba, 1, 5, -1)
print(ba, struct.unpack('<qd', struct.pack('<qd', -5, 2.25)), struct.pack('!HHL', 1, 2, 3), struct.unpack('>bhlq', struct.pack('>bhlq', -1, -2, -3, -4)))
header = struct.pack('>4sII', b'PNG!', 640, 480)
magic, w, h = struct.unpack('>4sII', header)
print(magic, w, h, len(header), struct.pack('@cbhP', b'z', 1, 2, 3), struct.unpack('@cbhP', struct.pack('@cbhP', b'z', 1, 2, 3)))
