// Package cmath is the embedded interpreter's `cmath` module: CPython 3.11's
// functions of complex numbers with its algorithms (Kahan's branch cuts, scaled
// evaluation near overflow and underflow), its table of results for infinite and
// NaN parts (special.go, generated from CPython), and its errors: ValueError
// "math domain error" and OverflowError "math range error".
package cmath

//go:generate sh -c "python3 gen_special.py > special.go && gofmt -w special.go"

import (
	"math"

	"github.com/toolplane/toolplane/python/vm"
)

// special is one cell of a special-value table.
type special struct {
	kind   uint8
	re, im float64
}

// Kinds of special.
const (
	value uint8 = iota
	computed
	errDomain
	errRange
)

// The non-finite constants of the tables (read only).
var (
	inf     = math.Inf(1)
	nan     = math.NaN()
	negZero = math.Copysign(0, -1)
)

// errno is the outcome of one evaluation, as CPython's errno.
type errno uint8

const (
	ok errno = iota
	edom
	erange
)

const (
	largeDouble     = math.MaxFloat64 / 4
	sqrtLargeDouble = 6.703903964971298e+153 // sqrt(largeDouble)
	logLargeDouble  = 708.3964185322641      // log(largeDouble)
	sqrtDblMin      = 1.4916681462400413e-154
	dblMin          = 2.2250738585072014e-308
	mantDig         = 53
	ln2             = 0.6931471805599453
	ln10            = 2.302585092994046
	scaleUp         = 2*(mantDig/2) + 1
	scaleDown       = -(scaleUp + 1) / 2
)

// class is the row or column of a part in a special-value table.
func class(x float64) int {
	switch {
	case math.IsNaN(x):
		return 6
	case math.IsInf(x, -1):
		return 0
	case math.IsInf(x, 1):
		return 5
	case x < 0:
		return 1
	case x > 0:
		return 4
	case math.Signbit(x):
		return 2
	}
	return 3
}

func finite(z complex128) bool {
	return !math.IsInf(real(z), 0) && !math.IsNaN(real(z)) && !math.IsInf(imag(z), 0) && !math.IsNaN(imag(z))
}

// lookup is the table's outcome for a non-finite z; computed cells are the
// caller's.
func lookup(name string, z complex128) (complex128, errno, bool) {
	c := specialValues[name][class(real(z))][class(imag(z))]
	switch c.kind {
	case computed:
		return 0, ok, false
	case errDomain:
		return complex(nan, nan), edom, true
	case errRange:
		return complex(inf, inf), erange, true
	}
	return complex(c.re, c.im), ok, true
}

func sqrt(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("sqrt", z)
		return r, e
	}
	re, im := real(z), imag(z)
	if re == 0 && im == 0 {
		return complex(0, im), ok
	}
	ar, ai := math.Abs(re), math.Abs(im)
	var s float64
	if ar < dblMin && ai < dblMin {
		// Scaled so that the hypotenuse is not subnormal.
		ar = math.Ldexp(ar, scaleUp)
		s = math.Ldexp(math.Sqrt(ar+vm.Hypot(ar, math.Ldexp(ai, scaleUp))), scaleDown)
	} else {
		ar /= 8
		s = 2 * math.Sqrt(ar+vm.Hypot(ar, ai/8))
	}
	d := ai / (2 * s)
	if re >= 0 {
		return complex(s, math.Copysign(d, im)), ok
	}
	return complex(d, math.Copysign(s, im)), ok
}

func acos(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("acos", z)
		return r, e
	}
	re, im := real(z), imag(z)
	if math.Abs(re) > largeDouble || math.Abs(im) > largeDouble {
		// Avoid overflow in the intermediate results.
		rr := vm.FloatAtan2(math.Abs(im), re)
		l := vm.FloatLog(vm.Hypot(re/2, im/2)) + ln2*2
		if re < 0 {
			return complex(rr, -math.Copysign(l, im)), ok
		}
		return complex(rr, math.Copysign(l, -im)), ok
	}
	s1, _ := sqrt(complex(1-re, -im))
	s2, _ := sqrt(complex(1+re, im))
	return complex(2*vm.FloatAtan2(real(s1), real(s2)), vm.FloatAsinh(float64(real(s2)*imag(s1))-float64(imag(s2)*real(s1)))), ok
}

func acosh(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("acosh", z)
		return r, e
	}
	re, im := real(z), imag(z)
	if math.Abs(re) > largeDouble || math.Abs(im) > largeDouble {
		return complex(vm.FloatLog(vm.Hypot(re/2, im/2))+ln2*2, vm.FloatAtan2(im, re)), ok
	}
	s1, _ := sqrt(complex(re-1, im))
	s2, _ := sqrt(complex(re+1, im))
	return complex(vm.FloatAsinh(float64(real(s1)*real(s2))+float64(imag(s1)*imag(s2))), 2*vm.FloatAtan2(imag(s1), real(s2))), ok
}

func asinh(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("asinh", z)
		return r, e
	}
	re, im := real(z), imag(z)
	if math.Abs(re) > largeDouble || math.Abs(im) > largeDouble {
		l := vm.FloatLog(vm.Hypot(re/2, im/2)) + ln2*2
		var rr float64
		if im >= 0 {
			rr = math.Copysign(l, re)
		} else {
			rr = -math.Copysign(l, -re)
		}
		return complex(rr, vm.FloatAtan2(im, math.Abs(re))), ok
	}
	s1, _ := sqrt(complex(1+im, -re))
	s2, _ := sqrt(complex(1-im, re))
	return complex(vm.FloatAsinh(float64(real(s1)*imag(s2))-float64(real(s2)*imag(s1))),
		vm.FloatAtan2(im, float64(real(s1)*real(s2))-float64(imag(s1)*imag(s2)))), ok
}

// asin(z) = -i asinh(iz).
func asin(z complex128) (complex128, errno) {
	s, e := asinh(complex(-imag(z), real(z)))
	return complex(imag(s), -real(s)), e
}

func atanh(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("atanh", z)
		return r, e
	}
	re, im := real(z), imag(z)
	if re < 0 {
		// Reduce to re >= 0 by atanh(-z) = -atanh(z).
		r, e := atanh(complex(-re, -im))
		return complex(-real(r), -imag(r)), e
	}
	ay := math.Abs(im)
	switch {
	case re > sqrtLargeDouble || ay > sqrtLargeDouble:
		h := vm.Hypot(re/2, im/2)
		return complex(re/4/h/h, -math.Copysign(math.Pi/2, -im)), ok
	case re == 1 && ay < sqrtDblMin:
		if ay == 0 {
			return complex(inf, im), edom
		}
		return complex(-vm.FloatLog(math.Sqrt(ay)/math.Sqrt(vm.Hypot(ay, 2))), math.Copysign(vm.FloatAtan2(2, -ay)/2, im)), ok
	}
	return complex(math.Log1p(4*re/(float64((1-re)*(1-re))+float64(ay*ay)))/4,
		-vm.FloatAtan2(-2*im, float64((1-re)*(1+re))-float64(ay*ay))/2), ok
}

// atan(z) = -i atanh(iz).
func atan(z complex128) (complex128, errno) {
	s, e := atanh(complex(-imag(z), real(z)))
	return complex(imag(s), -real(s)), e
}

// infSigns is the infinite (or, with zero, zero) result whose signs follow
// cos(y) and sin(y): the computed cells of exp, cosh, sinh and rect.
func infSigns(mag, y float64) complex128 {
	return complex(math.Copysign(mag, vm.FloatCos(y)), math.Copysign(mag, vm.FloatSin(y)))
}

// overflow is errno for a finite input: a result with an infinite part
// overflowed.
func overflow(r complex128) errno {
	if math.IsInf(real(r), 0) || math.IsInf(imag(r), 0) {
		return erange
	}
	return ok
}

func cosh(z complex128) (complex128, errno) {
	re, im := real(z), imag(z)
	if !finite(z) {
		if r, e, done := lookup("cosh", z); done {
			return r, e
		}
		// re is infinite, im finite and nonzero.
		return complex(math.Copysign(inf, vm.FloatCos(im)), math.Copysign(inf, vm.FloatSin(im))*math.Copysign(1, re)), ok
	}
	var r complex128
	if math.Abs(re) > logLargeDouble {
		// Scaled by e to avoid overflow in the intermediate results.
		x := re - math.Copysign(1, re)
		r = complex(vm.FloatCos(im)*vm.FloatCosh(x)*math.E, vm.FloatSin(im)*vm.FloatSinh(x)*math.E)
	} else {
		r = complex(vm.FloatCos(im)*vm.FloatCosh(re), vm.FloatSin(im)*vm.FloatSinh(re))
	}
	return r, overflow(r)
}

func sinh(z complex128) (complex128, errno) {
	re, im := real(z), imag(z)
	if !finite(z) {
		if r, e, done := lookup("sinh", z); done {
			return r, e
		}
		// re is infinite, im finite and nonzero.
		return complex(math.Copysign(inf, vm.FloatCos(im))*math.Copysign(1, re), math.Copysign(inf, vm.FloatSin(im))), ok
	}
	var r complex128
	if math.Abs(re) > logLargeDouble {
		x := re - math.Copysign(1, re)
		r = complex(vm.FloatCos(im)*vm.FloatSinh(x)*math.E, vm.FloatSin(im)*vm.FloatCosh(x)*math.E)
	} else {
		r = complex(vm.FloatCos(im)*vm.FloatSinh(re), vm.FloatSin(im)*vm.FloatCosh(re))
	}
	return r, overflow(r)
}

// cos(z) = cosh(iz).
func cos(z complex128) (complex128, errno) { return cosh(complex(-imag(z), real(z))) }

// sin(z) = -i sinh(iz).
func sin(z complex128) (complex128, errno) {
	s, e := sinh(complex(-imag(z), real(z)))
	return complex(imag(s), -real(s)), e
}

func exp(z complex128) (complex128, errno) {
	re, im := real(z), imag(z)
	if !finite(z) {
		if r, e, done := lookup("exp", z); done {
			return r, e
		}
		// re is infinite, im finite and nonzero.
		if re > 0 {
			return infSigns(inf, im), ok
		}
		return infSigns(0, im), ok
	}
	var r complex128
	if re > logLargeDouble {
		l := vm.FloatExp(re - 1)
		r = complex(l*vm.FloatCos(im)*math.E, l*vm.FloatSin(im)*math.E)
	} else {
		l := vm.FloatExp(re)
		r = complex(l*vm.FloatCos(im), l*vm.FloatSin(im))
	}
	return r, overflow(r)
}

func tanh(z complex128) (complex128, errno) {
	re, im := real(z), imag(z)
	if !finite(z) {
		if r, e, done := lookup("tanh", z); done {
			return r, e
		}
		// re is infinite, im finite and nonzero.
		return complex(math.Copysign(1, re), math.Copysign(0, 2*vm.FloatSin(im)*vm.FloatCos(im))), ok
	}
	if math.Abs(re) > logLargeDouble {
		return complex(math.Copysign(1, re), 4*vm.FloatSin(im)*vm.FloatCos(im)*vm.FloatExp(-2*math.Abs(re))), ok
	}
	tx := vm.FloatTanh(re)
	ty := vm.FloatTan(im)
	cx := 1 / vm.FloatCosh(re)
	txty := tx * ty
	denom := 1 + float64(txty*txty)
	return complex(tx*(1+float64(ty*ty))/denom, ((ty/denom)*cx)*cx), ok
}

// tan(z) = -i tanh(iz).
func tan(z complex128) (complex128, errno) {
	s, e := tanh(complex(-imag(z), real(z)))
	return complex(imag(s), -real(s)), e
}

func log(z complex128) (complex128, errno) {
	if !finite(z) {
		r, e, _ := lookup("log", z)
		return r, e
	}
	re, im := real(z), imag(z)
	ax, ay := math.Abs(re), math.Abs(im)
	var rr float64
	switch {
	case ax > largeDouble || ay > largeDouble:
		rr = vm.FloatLog(vm.Hypot(ax/2, ay/2)) + ln2
	case ax < dblMin && ay < dblMin:
		if ax == 0 && ay == 0 {
			return complex(-inf, vm.FloatAtan2(im, re)), edom
		}
		rr = vm.FloatLog(vm.Hypot(math.Ldexp(ax, mantDig), math.Ldexp(ay, mantDig))) - mantDig*ln2
	default:
		h := vm.Hypot(ax, ay)
		if 0.71 <= h && h <= 1.73 {
			am, an := math.Max(ax, ay), math.Min(ax, ay)
			rr = math.Log1p(float64((am-1)*(am+1))+float64(an*an)) / 2
		} else {
			rr = vm.FloatLog(h)
		}
	}
	return complex(rr, vm.FloatAtan2(im, re)), ok
}

func log10(z complex128) (complex128, errno) {
	r, e := log(z)
	return complex(real(r)/ln10, imag(r)/ln10), e
}

func rect(r, phi float64) (complex128, errno) {
	if !finite(complex(r, phi)) {
		if z, e, done := lookup("rect", complex(r, phi)); done {
			return z, e
		}
		// r is infinite, phi finite and nonzero.
		if r > 0 {
			return infSigns(inf, phi), ok
		}
		return -infSigns(inf, phi), ok
	}
	if phi == 0 {
		return complex(r, r*phi), ok
	}
	return complex(r*vm.FloatCos(phi), r*vm.FloatSin(phi)), ok
}
