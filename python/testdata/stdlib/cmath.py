# cmath against CPython 3.11, value for value: every function over a grid of
# finite, tiny, huge, infinite and NaN parts (the special-value tables, the
# scaled paths near overflow and underflow, the branch cuts), and its errors.
import cmath, math
INF, NAN = float('inf'), float('nan')
vals = [0.0, -0.0, 1.0, -1.0, 0.5, -3.5, 1e-300, -1e-310, 1e300, -1.7e308, 710.0, 0.71, 1e154, INF, -INF, NAN]
for n in ['sqrt', 'exp', 'log', 'log10', 'acos', 'asin', 'atan', 'cos', 'sin', 'tan', 'acosh', 'asinh', 'atanh', 'cosh', 'sinh', 'tanh']:
    f = getattr(cmath, n)
    row = []
    for a in vals:
        for b in vals:
            try:
                row.append(repr(f(complex(a, b))))
            except (ValueError, OverflowError) as e:
                row.append(type(e).__name__[0])
    print(n, ' '.join(row))
# ---
import cmath, math
INF, NAN = float('inf'), float('nan')
vals = [0.0, -0.0, 1.0, -2.0, 1e-300, 1e300, 1e154, INF, -INF, NAN]
for a in vals:
    row = []
    for b in vals:
        z = complex(a, b)
        for fn in [lambda: cmath.rect(a, b), lambda: cmath.polar(z), lambda: cmath.phase(z), lambda: cmath.log(z, 2),
                   lambda: cmath.log(2, z), lambda: (cmath.isfinite(z), cmath.isinf(z), cmath.isnan(z)), lambda: cmath.isclose(z, z * (1 + 1e-10))]:
            try:
                row.append(repr(fn()))
            except (ValueError, OverflowError) as e:
                row.append(type(e).__name__[0])
    print(a, ' '.join(row))
# ---
import cmath
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj, cmath.nan, cmath.nanj)
print(cmath.sqrt(-1), cmath.sqrt(-4.0), cmath.exp(1j * cmath.pi), cmath.log(-1), cmath.log(100, 10), cmath.log10(1000j), cmath.polar(1j), cmath.rect(2, cmath.pi / 2))
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1, 1.1, rel_tol=0.2), cmath.isclose(0, 1e-10, abs_tol=1e-9), cmath.isclose(complex('inf'), complex('inf')))
class Z:
    def __complex__(self):
        return 3 + 4j
class R:
    def __float__(self):
        return 0.25
class I:
    def __index__(self):
        return 4
print(cmath.sqrt(Z()), cmath.exp(R()), cmath.sqrt(I()), cmath.phase(Z()), cmath.sqrt(True), cmath.sqrt(2**60))
for call in [lambda: cmath.sqrt('a'), lambda: cmath.sqrt(), lambda: cmath.log(1, 2, 3), lambda: cmath.log(z=1), lambda: cmath.rect(1j, 1),
             lambda: cmath.phase([]), lambda: cmath.isclose(1, 2, rel_tol=-1), lambda: cmath.isclose(1), lambda: cmath.exp(1000), lambda: cmath.sqrt(10**400),
             lambda: cmath.log(0), lambda: cmath.atanh(1), lambda: cmath.atan(1j), lambda: cmath.log(1, 0), lambda: cmath.log(1j, 1), lambda: cmath.cosh(1e6),
             lambda: cmath.polar(complex(1e308, 1e308) * 2), lambda: cmath.rect(1), lambda: cmath.polar(1, 2), lambda: cmath.isclose(1, 2, abs_tol='x'),
             lambda: cmath.isclose(1, 2, 3), lambda: cmath.log(0, 2)]:
    try:
        print(repr(call()))
    except Exception as e:
        print(type(e).__name__, e)
