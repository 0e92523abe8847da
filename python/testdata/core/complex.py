# Complex numbers: literals, complex(), arithmetic with int/float/complex,
# repr/str, hashing, equality, format() and the errors CPython 3.11 raises.
print(1j, -0j, 0j, 1+2j, -1-2j, 1e16j, 1e-5j, 2.5j, 1J)
print(complex(1, float('nan')), complex(float('nan'), float('inf')), 1j * float('inf'), complex(-0.0, 1), complex(0, -0.0))
print(-(0j), 0j * -1, -0.0 * 1j, 1j * -0.0, (-0.0+0j), complex(-0.0, -0.0), 1 - 1j*0)
# ---
print(complex(), complex(1), complex(1, 2), complex(2.5), complex(True), complex(1j, 1j), complex(real=2, imag=3), complex(imag=4))
print(complex('1+2j'), complex(' ( -1.5e3-J ) '), complex('j'), complex('-nanj'), complex('1_0j'), complex('inf'), complex('-infinityj'), complex(' 1e-3+1e3j '), complex('+J'))
# ---
for bad in ['1+', 'j1', '1+2', '', '()', '1 + 2j', '(1+2j', 'infj+1', '1e', '1__0j', '--1j', 'a', '_1j', '1_j', 'jj', '1+2jj', '1.2.3j']:
    try:
        print(repr(bad), complex(bad))
    except ValueError as e:
        print(repr(bad), e)
# ---
z = 3+4j
print(abs(z), z.real, z.imag, z.conjugate(), bool(0j), bool(1e-300j), bool(complex(0, float('nan'))), -z, +z)
print(z + 1, 1 + z, z - 2.5, 2.5 - z, z * z, z / 2, 2 / z, z ** 2, z ** 0.5, 2 ** z, z ** -1, (1+1j) ** 100, 1j ** 1j)
print((1+2j)**3, (2+3j)**(0.5+0.5j), (1+1j)**-2, 1j**100, 1j**101, (0.5+0.5j)**1000, (1e-200+0j)**2, (1+1j) ** (1+1j), 2 ** (1+1j))
print(z == 3+4j, (3+0j) == 3, 3 == (3+0j), (3+0j) == 3.0, z != 5, 2**53+1 == complex(2**53+1), (1+0j) == True)
# ---
print(hash(3+0j) == hash(3), hash(1.5+0j) == hash(1.5), hash(3+4j), hash(-1+0j), hash(1j), hash(complex(0.5, -2.25)), hash(complex(float('inf'), 1)))
print({1: 'a', 1+0j: 'b'}, 1j in [1j], 1j in {1j: 1}, (1+0j) in {1}, 1 in {1+0j}, [1j, 2j], (1j,), {1j})
# ---
z = 3+4j
print(format(z, ''), format(z, '.2f'), format(z, '>20'), format(2j, ''), format(1+1j, '#'), format(-0.0-2j, 'z'), f"{z:+.3e}", '%s %r' % (z, z))
print(format(1e20+1j, ',.2f'), format(1.5+2j, '.2'), format(2j, '+'), format(1+2j, '^20'), format(1+2j, '_g'), format(2j, 'f'), format(complex('nan'), 'E'))
print(f"{1/3+2j/3:.3}|{-1.5-0j:<12}|{1e300j:g}|{1j:*^9}|{(1+1j)*1e-7:G}|{0j:}|{-0j}")
print(str(z), repr(z), type(z).__name__, isinstance(z, complex), z.__complex__(), z.__getnewargs__())
# ---
print(sum([1j, 2, 3.5]), (1+2j).__add__(1), (1+2j).__radd__(1), (1+2j).__eq__(1), (1).__add__(1j), (1+2j).__ne__('x'), (2j).__pow__(2), (2j).__rtruediv__(1))
# ---
import json, math
cases = [lambda: 1j // 1, lambda: 1j % 2, lambda: divmod(1j, 1), lambda: 1j < 2j, lambda: 1j > 1, lambda: int(1j), lambda: float(1j), lambda: round(1j),
         lambda: 1j / 0, lambda: 1j / 0j, lambda: 0j ** -1, lambda: 0j ** 1j, lambda: (1e300+1e300j) ** 2, lambda: (1e200j) * (1e200j), lambda: abs(1e308+1e308j),
         lambda: pow(1j, 2, 3), lambda: json.dumps(1j), lambda: complex([1]), lambda: complex(1, [1]), lambda: complex('1', 2), lambda: complex(1, '2'),
         lambda: 10**400 * 1j, lambda: complex(10**400), lambda: math.sqrt(1j), lambda: '%f' % 1j, lambda: '%d' % 1j,
         lambda: format(1j, "%"), lambda: format(1j, "010"), lambda: format(1j, "=10"), lambda: format(1j, "d"), lambda: 1j & 1, lambda: ~1j, lambda: sorted([1j, 2j]), lambda: max(1j, 2j),
         lambda: complex.conjugate(1), lambda: int.__add__(1, 1j), lambda: (1e300+1e300j) ** 2.5, lambda: complex('inf') ** 2, lambda: abs(complex('inf')),
         lambda: abs(complex(float('nan'), float('inf'))), lambda: (0.5j) ** -10**5, lambda: (2+0j) ** 1100, lambda: 1j ** (10**400), lambda: 0j ** 0j, lambda: 0j ** 0]
for i, f in enumerate(cases):
    try:
        print(i, repr(f()))
    except Exception as e:
        print(i, type(e).__name__, e)
# ---
class C(complex):
    pass
c = C(1, 2)
print(c, type(c).__name__, c + 1, type(c + 1).__name__, isinstance(c, complex), complex(c), c.real, c.conjugate())
class D:
    def __complex__(self):
        return 5j
class E:
    def __float__(self):
        return 2.5
class F:
    def __index__(self):
        return 7
print(complex(D()), complex(E()), complex(F()), complex(E(), F()), complex(D(), 2))
# ---
class D:
    def __complex__(self):
        return 5j
complex(1, D())
# raises: TypeError: complex() second argument must be a number, not 'D'
# ---
class G:
    def __complex__(self):
        return 5
complex(G())
# raises: TypeError: __complex__ returned non-complex (type int)
# ---
x = 1
x += 2j
x *= 1 - 1j
x /= 2
x **= 2
print(x, [i * 1j for i in range(3)], sorted([3j, 1j, 2j], key=abs), max([1+1j, 3j, -2], key=abs))
# ---
match 1+2j:
    case 1+2j:
        print("matched complex literal")
match -3j:
    case -3j:
        print("matched negative imaginary")
