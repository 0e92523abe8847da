def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
t(lambda: b'%b' % b'x')
t(lambda: b'%s' % b'x')
t(lambda: b'%b|%s' % (bytearray(b'y'), b'z'))
t(lambda: b'%b' % 'x')
t(lambda: b'%s' % 1)
t(lambda: b'%r' % 'x')
t(lambda: b'%a' % 'é')
t(lambda: b'%5b|%-4s|' % (b'ab', b'c'))
t(lambda: b'%c%c' % (65, b'B'))
class Big:
    def __index__(self): return 10**30
class Neg:
    def __index__(self): return -10**30
t(lambda: [1,2,3][:Big()])
t(lambda: [1,2,3][Neg():])
t(lambda: 'abc'[Neg():Big()])
t(lambda: (1,2,3)[::Big()])
t(lambda: b'abc'[Neg():Big():2])
t(lambda: list(range(10))[Neg():Big():Neg()])
t(lambda: [1,2,3][Big()])
# ---
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
class B:
    def __bytes__(self): return b'BB'
class Bad:
    def __bytes__(self): return 'no'
t(lambda: b'%b %s' % (B(), B()))
t(lambda: b'%s' % Bad())
t(lambda: b'%.1b|%5.2s|%-3b|' % (b'xyz', b'abc', b'\xff'))
t(lambda: b'%c' % 256)
t(lambda: b'%c' % b'ab')
t(lambda: b'%c' % 'a')
t(lambda: b'%c%c' % (255, bytearray(b'z')))
t(lambda: b'%r %a' % ('é', b'\x00'))
t(lambda: b'%(k)b' % {b'k': b'v'})
t(lambda: bytearray(b'%b-%d') % (b'q', 3))
t(lambda: b'%b' % 1)
t(lambda: '%b' % 1)
t(lambda: b'%3c|' % 65)
t(lambda: b'%x %05d %.2f' % (255, 3, 1.5))
