from array import array
import array as M
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__+':', e)
print(M.typecodes)
for tc in 'bBhHiIlLqQ':
    for v in (2**64, -2**64, 2**31, -1, 300, -300, 70000, 2**32, -70000, -2**40):
        t(lambda: array(tc,[v]))
for tc in 'bBhHiIlLqQfdu':
    t(lambda: array(tc,[1.5])); t(lambda: array(tc,['x'])); t(lambda: array(tc,[True])); t(lambda: array(tc,'ab'))
    a=array(tc); print(a.itemsize, a.typecode, repr(a))
t(lambda: array('bb'))
t(lambda: array(1))
t(lambda: array('z'))
t(lambda: array('u', [1]))
t(lambda: array('u', ['ab']))
t(lambda: array('i', b'abcd'))
t(lambda: array('i', b'abc'))
t(lambda: array('i', bytearray(b'abcdabcd')))
t(lambda: array('d', array('i',[1,2])))
t(lambda: array('u', array('i',[1,2])))
t(lambda: array('i', array('u','ab')))
t(lambda: array('i', [1,2]) + array('d',[1]))
t(lambda: array('i', [1,2]) + [1])
t(lambda: array('i', [1,2]) * 3)
t(lambda: 2*array('i', [1,2]))
t(lambda: array('i', [1,2]) == array('d',[1.0,2.0]))
t(lambda: array('i', [1,2]) < array('d',[1.0,3.0]))
t(lambda: array('i', [1,2]) == [1,2])
t(lambda: array('i', [1,2]) < [1,2])
t(lambda: array('d', [1,2.5,float('nan')]))
t(lambda: array('f', [0.1]))
t(lambda: array('f', [0.1])[0])
t(lambda: array('f', [1e300]))
t(lambda: hash(array('i')))
t(lambda: array('i',[1,2,3])[5])
t(lambda: array('i',[1,2,3])['a'])
t(lambda: array('i',[1,2,3]).pop(7))
t(lambda: array('i').pop())
t(lambda: array('i',[1]).remove(5))
t(lambda: array('i',[1]).index(5))
t(lambda: array('i',[1,2,3,1]).index(1, 1))
t(lambda: array('i',[1]).tobytes())
t(lambda: array('u','ab').tobytes())
t(lambda: array('i',[1,2,3]).buffer_info()[1])
t(lambda: array('i',[1,2,3])[::-1])
t(lambda: array('i',[1,2,3])[1:])
t(lambda: bytes(array('h',[1,2])))
t(lambda: bytearray(array('h',[1,2])))
t(lambda: list(array('h',[1,2])))
t(lambda: 'a' in array('u','ab'))
t(lambda: 1.0 in array('h',[1,2]))
t(lambda: 'x' in array('h',[1,2]))
t(lambda: array('u','ab').tounicode())
t(lambda: array('i').tounicode())
t(lambda: array('u').fromunicode(3))
t(lambda: str(array('u','ab')))
a=array('i',[1,2,3,4,5])
def s(): a[1:3]=[9]
t(s)
def s(): a[1:3]=array('d',[9])
t(s)
def s(): a[1:3]=array('i',[7,8,9]); return a
t(s)
def s(): a[::2]=array('i',[0]); return a
t(s)
def s(): a[0]=1.5
t(s)
def s(): a[10]=1
t(s)
def s(): del a[::2]; return a
t(s)
def s(): del a[10]
t(s)
def s(): a.typecode='d'
t(s)
def s(): a.x=1
t(s)
def s(): b=array('i',[1]); b+=array('d',[1]); return b
t(s)
def s(): b=array('i',[1]); b+=[1]; return b
t(s)
def s(): b=array('i',[1]); b*=3; return b
t(s)
def s(): b=array('i',[1]); b.extend(array('d',[1])); return b
t(s)
def s(): b=array('i',[1]); b.extend((2,3)); return b
t(s)
def s(): b=array('i',[1]); b.extend(5); return b
t(s)
def s(): b=array('i',[1]); b.fromlist((2,3)); return b
t(s)
def s(): b=array('i',[1]); b.fromlist([2,'x']); return b
t(s)
def s(): b=array('i',[1]); b.extend([2,'x']); return b
t(s)
def s(): b=array('i',[1]); t(lambda: b.extend([2,'x'])); return b
t(s)
def s(): b=array('i',[1,2]); b.insert(-10, 5); b.insert(100, 6); return b
t(s)
def s(): b=array('i',[1,2]); b.frombytes('ab')
t(s)
def s(): b=array('h',[1,256]); b.byteswap(); return b
t(s)
def s(): b=array('d',[1.0]); b.byteswap(); return b
t(s)
def s(): b=array('i',[1,-2]); b.byteswap(); return b
t(s)
def s(): b=array('Q',[1,2**64-1, 2**63]); b.byteswap(); return b, b.tobytes(), array('Q', b.tobytes())
t(s)
t(lambda: array('i',[1,2]) * -1)
t(lambda: array('i',[1,2]) * 2.0)
t(lambda: array('i',[1,2,3]).index(2, -1))
t(lambda: array('i',[1,2,3]).index(2, 0, 1))
t(lambda: array('i',[1,2,3]).count('a'))
t(lambda: array('i',[1,2,3]).append())
t(lambda: array('i',[1,2,3]).append(1,2))
t(lambda: array('i',[1,2,3]).pop(1,2))
t(lambda: array('i',[1,2,3]).insert(1))
t(lambda: array('i',[1,2,3]).tolist(1))
t(lambda: array('i',[1,2,3]).index())
t(lambda: array('i',[1,2,3]) != array('i',[1,2,3]))
t(lambda: array('i',[1,2,3]) <= array('i',[1,2]))
t(lambda: array('i',[1,2,3]) > array('i',[1,2]))
t(lambda: array('d',[float('nan')]) == array('d',[float('nan')]))
n = float('nan')
t(lambda: array('d',[n]) == array('d',[n]))
t(lambda: n in array('d',[n]))
t(lambda: array('d',[n]).count(n))
t(lambda: array('u', 'abc') < array('u', 'abd'))
t(lambda: array('u', 'abc') == array('i', [1]))
t(lambda: array(typecode='i'))
t(lambda: array('i', initializer=[1]))
t(lambda: array('i', [1], 3))
t(lambda: array())
t(lambda: array('i', 5))
t(lambda: array('i', None))
t(lambda: array('i', range(3)))
t(lambda: array('i', iter([1])))
t(lambda: len(array('b',[1,2,3])))
t(lambda: bool(array('b')))
t(lambda: type(array('b')))
t(lambda: array)
t(lambda: M.ArrayType is array)
t(lambda: isinstance(array('b'), array))
t(lambda: array('b',[1])[0:0])
t(lambda: array('i',[1,2,3])[-1])
t(lambda: array('i',[1,2,3])[True])
t(lambda: sorted(array('i',[3,1,2])))
t(lambda: sum(array('d',[0.5,1.5])))
t(lambda: array('u').fromunicode('abc'))
t(lambda: array('u','a').append('bc'))
t(lambda: array('B', b'ab').tobytes().decode())
t(lambda: array('q', [2**63-1]))
t(lambda: array('Q', [2**64-1]))
t(lambda: array('L', [2**64-1]))
t(lambda: array('I', [2**32-1]))
t(lambda: array('b', [-128, 127]))
t(lambda: array('i',[1,2])+array('i',[1]))
t(lambda: str(array('d', [1e100])))
t(lambda: array('f', [2**128]))
t(lambda: array('d', [10**400]))
t(lambda: array('b').itemsize)
t(lambda: list(reversed(array('i',[1,2,3]))))
t(lambda: [x*2 for x in array('h',[1,2,3])])
import copy
t(lambda: copy.copy(array('i',[1,2])))
t(lambda: copy.deepcopy(array('i',[1,2])))
class A(array):
    pass
t(lambda: A('i', [1,2]))
t(lambda: A('i', [1,2])[:1])
t(lambda: A('i', [1,2]) + array('i',[3]))
t(lambda: array('f', b'\x00\x00\x80?'))
t(lambda: array('d', [1, 2]).tobytes())
t(lambda: array('i', [5]*3).tolist())
t(lambda: array('h', (1,2)) * 0)
t(lambda: array('l', [-1]).tobytes())
t(lambda: array('u', 'h\xe9\u20ac\U0001F600').tobytes())
t(lambda: array('u', b'a\x00\x00\x00'))
# Overflow and type errors per typecode, through every way a value enters.
for tc in 'bBhHiIlLqQ':
    for v in (2**63, -2**63 - 1, 2**16, -2**16, 2**8, -129):
        for how in ('append', 'insert', 'setitem', 'fromlist', 'extend'):
            a = array(tc, [0])
            try:
                if how == 'append': a.append(v)
                elif how == 'insert': a.insert(0, v)
                elif how == 'setitem': a[0] = v
                elif how == 'fromlist': a.fromlist([1, v])
                else: a.extend([1, v])
            except OverflowError as e:
                print(tc, v, how, e, a)
            else:
                print(tc, v, how, 'ok', a)
class Idx:
    def __index__(self): return 7
print(array('i', [Idx()]), array('d', [Idx()]), array('i', [1, 2, 3])[Idx() and 1])
class F:
    def __float__(self): return 2.5
print(array('d', [F()]), array('f', [F()]))
try:
    array('i', [F()])
except TypeError as e:
    print(e)
# Round trips through machine bytes for every typecode.
for tc in 'bBhHiIlLqQfd':
    a = array(tc, [0, 1, 100, 7])
    b = array(tc)
    b.frombytes(a.tobytes())
    assert a == b and len(a.tobytes()) == 4 * a.itemsize, tc
    c = array(tc, a)
    c.byteswap(); c.byteswap()
    assert c == a, tc
print(array('h', [1, -2, 300]).tobytes(), array('Q', [2**64 - 1]).tobytes())
print(array('d', [0.1, -2.5]).tobytes().hex(), array('f', [0.1]).tobytes().hex())
a = array('i', range(10))
del a[1:8:3]
a[2:4] = array('i')
print(a, a.count(9), a.index(9), 9 in a, 42 in a)
a.reverse(); print(a, a.pop(), a.pop(0), a)
a.remove(6); print(a, a.tolist(), list(iter(a)))
print(array('b', b'\xff\x01'), array('B', b'\xff\x01'), array('u', 'xyz')[1], array('u', 'xyz')[::-1])
print(array('i', [1, 2]) * 0 == array('i'), array('i') < array('i', [0]), array('d', [1.5]) >= array('i', [1]))
# ---
from array import array
array('i', [1, 2, 3]).index(4)
# raises: ValueError: array.index(x): x not in array
# ---
from array import array
array('B', [256])
# raises: OverflowError: unsigned byte integer is greater than maximum
# ---
from array import array
a = array('d', [1.0])
a[0] = 'x'
# raises: TypeError: must be real number, not str
# ---
from array import array
array('i', [1]) + [2]
# raises: TypeError: can only append array (not "list") to array
# ---
from array import array
for f in (lambda: array.__getitem__(), lambda: array.__getitem__(5, 1), lambda: array.__setitem__(), lambda: array.__setitem__([], 0, 1), lambda: array.__len__(), lambda: array.__len__(3), lambda: array.__getitem__(array('i', [4]), 0)):
    try:
        print(f())
    except TypeError as e:
        print(e)
