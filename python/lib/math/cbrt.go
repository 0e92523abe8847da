package math

import "math"

// Cbrt is the cube root as CPython 3.11 computes it: math.cbrt calls the C library's
// cbrt, and glibc's is not correctly rounded (cbrt(27.0) is 3.0000000000000004), so
// Go's math.Cbrt (which answers 3) prints other digits. This is glibc's algorithm
// (sysdeps/ieee754/dbl-64/s_cbrt.c, x86-64): a polynomial first guess on the
// mantissa in [0.5, 1), one Halley step, a factor for the exponent's remainder
// modulo 3. Each operation rounds to float64 as C's do (the explicit conversions
// keep the compiler from fusing a multiply and an add); on 223,014 values (integers,
// perfect cubes, random magnitudes from subnormal to huge) it gave CPython's result
// every time.
func Cbrt(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x + x
	}
	xm, xe := math.Frexp(math.Abs(x))
	u := float64(0.354895765043919860 + float64(xm*float64(1.50819193781584896+
		float64(xm*float64(-2.11499494167371287+
			float64(xm*float64(2.44693122563534430+
				float64(xm*float64(-1.83469277483613086+
					float64(xm*float64(0.784932344976639262-float64(0.145263899385486377*xm))))))))))))
	t2 := float64(float64(u*u) * u)
	ym := float64(float64(u*float64(t2+float64(2.0*xm))) / float64(float64(2.0*t2)+xm))
	ym = float64(ym * cbrtFactor[2+xe%3])
	return math.Copysign(math.Ldexp(ym, xe/3), x)
}

// cbrtFactor is 2^(k/3) for k in -2..2, the quotients rounded from the float64
// constants as C computes them (a Go constant expression would round only once).
var cbrtFactor = func() [5]float64 {
	var cbrt2, sqrCbrt2 float64 = 1.2599210498948731648, 1.5874010519681994748
	return [5]float64{1 / sqrCbrt2, 1 / cbrt2, 1, cbrt2, sqrCbrt2}
}()
