# cmath and complex powers on huge, infinite and NaN parts in a loop: each
# call reduces a 1024-bit argument exactly; the loop must end by the step
# or time limit, never hang or crash.
import cmath
vals = [1e308, -1.7e308, float('inf'), float('nan'), 1e-320, 0.0, -0.0]
while True:
    for a in vals:
        for b in vals:
            z = complex(a, b)
            for f in (cmath.sin, cmath.cos, cmath.tan, cmath.exp, cmath.log, cmath.sqrt, cmath.acos, cmath.atanh, cmath.cosh, cmath.tanh):
                try:
                    f(z)
                except (ValueError, OverflowError):
                    pass
            try:
                z ** complex(b, a)
            except (OverflowError, ZeroDivisionError):
                pass
# limit: steps|time
