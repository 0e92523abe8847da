package vm

import (
	"math"
	"math/big"
)

// CPython's math functions are the C library's. glibc's exp, log, pow, sin, cos, tan,
// atan and friends are correctly rounded in all but vanishingly rare cases, while Go's
// are not (about one result in five differed in the last bit for sin on random
// inputs). These versions evaluate in double-double arithmetic (about 106 bits) and
// round once, so they print what CPython prints.

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func quickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

func twoProd(a, b float64) (p, e float64) {
	p = a * b
	e = math.FMA(a, b, -p)
	return
}

func ddAdd(x, y dd) dd {
	s, e := twoSum(x.hi, y.hi)
	t, f := twoSum(x.lo, y.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func ddNeg(x dd) dd { return dd{-x.hi, -x.lo} }

func ddSub(x, y dd) dd { return ddAdd(x, ddNeg(y)) }

func ddMul(x, y dd) dd {
	p, e := twoProd(x.hi, y.hi)
	e += x.hi*y.lo + x.lo*y.hi
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddMulF(x dd, f float64) dd {
	p, e := twoProd(x.hi, f)
	e += x.lo * f
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddDiv(x, y dd) dd {
	q1 := x.hi / y.hi
	r := ddSub(x, ddMulF(y, q1))
	q2 := r.hi / y.hi
	r = ddSub(r, ddMulF(y, q2))
	q3 := r.hi / y.hi
	q1, q2 = quickTwoSum(q1, q2)
	return ddAdd(dd{q1, q2}, dd{q3, 0})
}

// round is the double nearest hi + lo (float64 addition rounds the exact sum).
func (x dd) round() float64 { return x.hi + x.lo }

var (
	ddLn2    = dd{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56}
	ddPi     = dd{0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53}
	ddPiHalf = dd{0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54}
	ddInvLn2 = dd{0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56}
	// π/2 in three parts, the first two of 33 bits, so k·part is exact for |k| < 2^20.
	piHalf1, piHalf2, piHalf3 = 0x1.921fb544p+0, 0x1.0b4611a6p-34, 0x1.3198a2e037073p-69
	// invFact[n] is 1/n!.
	invFact = func() [32]dd {
		var f [32]dd
		f[0] = dd{1, 0}
		for n := 1; n < len(f); n++ {
			f[n] = ddDiv(f[n-1], dd{float64(n), 0})
		}
		return f
	}()
)

// ddExpm1Small is exp(r) - 1 for |r| <= 0.35, to about 106 bits.
func ddExpm1Small(r dd) dd {
	// exp(r) = exp(r/1024)^1024: a short Taylor series, then ten squarings kept in
	// the e(2+e) form that does not lose the small part.
	s := dd{math.Ldexp(r.hi, -10), math.Ldexp(r.lo, -10)}
	sum := ddMul(s, invFact[9])
	for n := 8; n >= 1; n-- {
		sum = ddMul(ddAdd(sum, invFact[n]), s)
	}
	for i := 0; i < 10; i++ {
		sum = ddMul(sum, ddAdd(sum, dd{2, 0}))
	}
	return sum
}

// ddExp is exp(x) for a double-double argument with |x.hi| < 708 (no overflow or
// subnormal result).
func ddExp(x dd) dd {
	k := math.Round(x.hi * ddInvLn2.hi)
	r := ddSub(x, ddMulF(ddLn2, k))
	e := ddAdd(ddExpm1Small(r), dd{1, 0})
	return dd{math.Ldexp(e.hi, int(k)), math.Ldexp(e.lo, int(k))}
}

// ddLog is log(x) for finite x > 0: log of the mantissa by one Newton step on exp
// from Go's estimate, plus the exponent times ln 2.
func ddLog(x float64) dd {
	m, e := math.Frexp(x) // x = m·2^e, 0.5 <= m < 1
	m *= 2
	e--
	if m > math.Sqrt2 {
		m /= 2
		e++
	}
	y0 := math.Log(m)
	var l dd
	if m == 1 {
		l = dd{0, 0}
	} else {
		// log m = y0 + log(m·exp(-y0)) = y0 + t - t²/2 with t = m·exp(-y0) - 1, tiny.
		t := ddSub(ddMulF(ddExp(dd{-y0, 0}), m), dd{1, 0})
		t = ddSub(t, dd{t.hi * t.hi / 2, 0})
		l = ddAdd(dd{y0, 0}, t)
	}
	if e != 0 {
		l = ddAdd(l, ddMulF(ddLn2, float64(e)))
	}
	return l
}

func finitePositive(x float64) bool { return x > 0 && !math.IsInf(x, 0) }

// FloatLog and FloatLog2 are the logarithms rounded once.
func FloatLog(x float64) float64 {
	if !finitePositive(x) {
		return math.Log(x)
	}
	return ddLog(x).round()
}

func FloatLog2(x float64) float64 {
	if !finitePositive(x) {
		return math.Log2(x)
	}
	if m, e := math.Frexp(x); m == 0.5 {
		return float64(e - 1)
	}
	return ddMul(ddLog(x), ddInvLn2).round()
}

// reduce returns r and k with x = k·π/2 + r, |r| <= π/4, for |x| < 2^20.
func reduce(x float64) (dd, int) {
	k := math.Round(x * (2 / math.Pi))
	// x - k·p1 and x - k·p1 - k·p2 are exact; k·p3 is added with its rounding error.
	a := x - k*piHalf1
	s, e := twoSum(a, -k*piHalf2)
	p, pe := twoProd(k, piHalf3)
	r := ddSub(dd{s, e}, dd{p, pe})
	return r, int(k) & 3
}

// sinSmall and cosSmall are the Taylor series of sin r and cos r for |r| <= π/4.
func sinSmall(r dd) dd {
	r2 := ddMul(r, r)
	sin := invFact[29]
	for n := 27; n >= 1; n -= 2 {
		sin = ddMul(sin, r2)
		if (n/2)%2 == 1 {
			sin = ddSub(sin, invFact[n])
		} else {
			sin = ddAdd(sin, invFact[n])
		}
	}
	return ddMul(sin, r)
}

func cosSmall(r dd) dd {
	r2 := ddMul(r, r)
	cos := ddNeg(invFact[30])
	for n := 28; n >= 0; n -= 2 {
		cos = ddMul(cos, r2)
		if (n/2)%2 == 1 {
			cos = ddSub(cos, invFact[n])
		} else {
			cos = ddAdd(cos, invFact[n])
		}
	}
	return cos
}

// reduceAny reduces x by multiples of π/2 at any finite size.
func reduceAny(x float64) (dd, int) {
	if math.Abs(x) >= reduceLimit {
		return reduceBig(x)
	}
	return reduce(x)
}

// ddSin and ddCos are sin x and cos x for finite x.
func ddSin(x float64) dd {
	r, q := reduceAny(x)
	switch q {
	case 1:
		return cosSmall(r)
	case 2:
		return ddNeg(sinSmall(r))
	case 3:
		return ddNeg(cosSmall(r))
	}
	return sinSmall(r)
}

func ddCos(x float64) dd {
	r, q := reduceAny(x)
	switch q {
	case 1:
		return ddNeg(sinSmall(r))
	case 2:
		return ddNeg(cosSmall(r))
	case 3:
		return sinSmall(r)
	}
	return cosSmall(r)
}

// ddSinCos returns sin x and cos x for finite x.
func ddSinCos(x float64) (dd, dd) { return ddSin(x), ddCos(x) }

const reduceLimit = 1 << 20

// piHalfHex is π/2 to about 1400 bits (the hex digits of π, halved by the
// exponent), for reducing arguments up to 2^1024 exactly.
const piHalfHex = "0x" +
	"3243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c8" +
	"9452821e638d01377be5466cf34e90c6cc0ac29b7c97c50dd3f84d5b5b547091" +
	"79216d5d98979fb1bd1310ba698dfb5ac2ffd72dbd01adfb7b8e1afed6a267e9" +
	"6ba7c9045f12c7f9924a19947b3916cf70801f2e2858efc16636920d871574e6" +
	"9a458fea3f4933d7e0d95748f728eb658718bcd5882154aee7b54a41dc25a59b" +
	"59c30d5392af26013c5d1b023286085" +
	"p-1401"

// reduceBig is reduce for 2^20 <= |x| < inf: x - k·π/2 worked out in big-float
// arithmetic with enough bits that the remainder keeps 53 after any
// cancellation (the exponent of x plus 160), as the C library does.
func reduceBig(x float64) (dd, int) {
	_, e := math.Frexp(x)
	prec := uint(e) + 160
	piHalf, _, _ := new(big.Float).SetPrec(prec).Parse(piHalfHex, 0)
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(bx, piHalf)
	k, _ := q.Int(nil)
	frac := new(big.Float).SetPrec(prec).Sub(q, new(big.Float).SetInt(k))
	half := big.NewFloat(0.5)
	if frac.Cmp(half) > 0 {
		k.Add(k, big.NewInt(1))
	} else if frac.Cmp(new(big.Float).Neg(half)) < 0 {
		k.Sub(k, big.NewInt(1))
	}
	r := new(big.Float).SetPrec(prec).Mul(new(big.Float).SetPrec(prec).SetInt(k), piHalf)
	r.Sub(bx, r)
	hi, _ := r.Float64()
	lo, _ := new(big.Float).SetPrec(prec).Sub(r, new(big.Float).SetFloat64(hi)).Float64()
	quadrant := int(new(big.Int).And(k, big.NewInt(3)).Int64())
	return dd{hi, lo}, quadrant
}

// FloatSin, FloatCos and FloatTan are rounded once.
func FloatSin(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Sin(x)
	}
	return ddSin(x).round()
}

func FloatCos(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Cos(x)
	}
	return ddCos(x).round()
}

func FloatTan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Tan(x)
	}
	s, c := ddSinCos(x)
	return ddDiv(s, c).round()
}

// ddAtan is atan q by one Newton step on tan from Go's estimate, for |q| <= 2^60.
func ddAtan(q dd) dd {
	y0 := math.Atan(q.hi)
	s, c := ddSinCos(y0)
	// tan(y) = q  ⇒  y1 = y0 - (sin y0 - q·cos y0)·cos y0.
	resid := ddSub(s, ddMul(q, c))
	return ddSub(dd{y0, 0}, ddMul(resid, c))
}

// FloatAtan is atan x rounded once.
func FloatAtan(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1<<60 || x == 0 {
		return math.Atan(x)
	}
	return ddAtan(dd{x, 0}).round()
}

// FloatAtan2 is atan2(y, x) rounded once; zeros, infinities and NaNs are Go's (C99's).
func FloatAtan2(y, x float64) float64 {
	if y == 0 || x == 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x)
	}
	if x > 0 && math.Abs(y) < x*0x1p-60 {
		// atan(t) = t - t³/3 + ...: below 2^-60 only t shows, and the one
		// IEEE division rounds it (double-double would lose the bits of a
		// subnormal quotient).
		return y / x
	}
	var a dd
	if math.Abs(y) > math.Abs(x) {
		// atan(y/x) = ±π/2 - atan(x/y), with the sign of y/x.
		inv := ddDiv(dd{x, 0}, dd{y, 0})
		a = ddSub(ddPiHalf, ddAtan(inv))
		if (y < 0) != (x < 0) {
			a = ddSub(ddNeg(ddPiHalf), ddAtan(inv))
		}
	} else {
		a = ddAtan(ddDiv(dd{y, 0}, dd{x, 0}))
	}
	if x < 0 {
		if y >= 0 {
			a = ddAdd(a, ddPi)
		} else {
			a = ddSub(a, ddPi)
		}
	}
	return a.round()
}

// FloatAsin and FloatAcos are rounded once: a Newton step on sin from Go's estimate.
func FloatAsin(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) >= 1 || x == 0 {
		return math.Asin(x)
	}
	return ddAsin(x).round()
}

func ddAsin(x float64) dd {
	y0 := math.Asin(x)
	s, c := ddSinCos(y0)
	return ddSub(dd{y0, 0}, ddDiv(ddSub(s, dd{x, 0}), c))
}

func FloatAcos(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) >= 1 {
		return math.Acos(x)
	}
	return ddSub(ddPiHalf, ddAsin(x)).round()
}

// The hyperbolic functions, log10, asinh and acosh are not correctly rounded in the C
// library: it combines exp, expm1, log and log1p by the classic formulas below, so
// the same formulas over the same (correctly rounded) building blocks give its results.
// Explicit float64 conversions keep the compiler from fusing multiply-adds.

const ln2Half = 0.5 * math.Ln2

func FloatSinh(x float64) float64 {
	ax := math.Abs(x)
	if math.IsNaN(x) || math.IsInf(x, 0) || ax < 0x1p-28 {
		return x
	}
	h := 0.5
	if x < 0 {
		h = -0.5
	}
	switch {
	case ax < 22:
		t := math.Expm1(ax)
		if ax < 1 {
			return h * (2*t - float64(t*t)/(t+1))
		}
		return h * (t + t/(t+1))
	case ax < 709.782712893384:
		return h * FloatExp(ax)
	}
	w := FloatExp(0.5 * ax)
	return float64(h*w) * w
}

func FloatCosh(x float64) float64 {
	ax := math.Abs(x)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ax
	}
	switch {
	case ax < ln2Half:
		t := math.Expm1(ax)
		w := 1 + t
		if ax < 0x1p-55 {
			return w
		}
		return 1 + float64(t*t)/(w+w)
	case ax < 22:
		t := FloatExp(ax)
		return float64(0.5*t) + 0.5/t
	case ax < 709.782712893384:
		return 0.5 * FloatExp(ax)
	}
	w := FloatExp(0.5 * ax)
	return float64(0.5*w) * w
}

func FloatTanh(x float64) float64 {
	ax := math.Abs(x)
	if math.IsNaN(x) {
		return x
	}
	var z float64
	switch {
	case ax < 0x1p-55:
		return x * (1 + x)
	case ax < 1:
		t := math.Expm1(-2 * ax)
		z = -t / (t + 2)
	case ax < 22:
		t := math.Expm1(2 * ax)
		z = 1 - 2/(t+2)
	default:
		z = 1
	}
	if x < 0 {
		return -z
	}
	return z
}

// FloatLog10 is log(m)/ln 10 plus the exponent times log10(2), split in two parts.
func FloatLog10(x float64) float64 {
	if !finitePositive(x) {
		return math.Log10(x)
	}
	const (
		ivln10    = 4.34294481903251816668e-01
		log10_2hi = 3.01029995663611771306e-01
		log10_2lo = 3.69423907715893078616e-13
	)
	bits := math.Float64bits(x)
	k := 0
	if bits>>52 == 0 { // subnormal
		x *= 0x1p54
		bits = math.Float64bits(x)
		k = -54
	}
	k += int(bits>>52) - 1023
	i := 0
	if k < 0 {
		i = 1
	}
	bits = bits&(1<<52-1) | uint64(1023-i)<<52
	y := float64(k + i)
	z := float64(y*log10_2lo) + float64(ivln10*FloatLog(math.Float64frombits(bits)))
	return z + float64(y*log10_2hi)
}

func FloatAsinh(x float64) float64 {
	ax := math.Abs(x)
	if math.IsNaN(x) || math.IsInf(x, 0) || ax < 0x1p-28 {
		return x
	}
	var w float64
	switch {
	case ax > 0x1p28:
		w = FloatLog(ax) + math.Ln2
	case ax > 2:
		w = FloatLog(2*ax + 1/(math.Sqrt(x*x+1)+ax))
	default:
		t := x * x
		w = math.Log1p(ax + t/(1+math.Sqrt(1+t)))
	}
	if x < 0 {
		return -w
	}
	return w
}

func FloatAcosh(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 1:
		return math.Acosh(x)
	case x >= 0x1p28:
		if math.IsInf(x, 0) {
			return x
		}
		return FloatLog(x) + math.Ln2
	case x == 1:
		return 0
	case x > 2:
		t := x * x
		return FloatLog(2*x - 1/(x+math.Sqrt(t-1)))
	}
	t := x - 1
	return math.Log1p(t + math.Sqrt(2*t+t*t))
}

// FloatVectorNorm is the Euclidean norm of xs as CPython's math.hypot computes it
// (its vector_norm): infinite if any is infinite, else NaN if any is NaN,
// else correctly rounded in all but rare cases.
func FloatVectorNorm(xs []float64) float64 {
	anyNaN := false
	for _, x := range xs {
		if math.IsInf(x, 0) {
			return math.Inf(1)
		}
		if math.IsNaN(x) {
			anyNaN = true
		}
	}
	if anyNaN {
		return math.NaN()
	}
	maxv := 0.0
	for _, x := range xs {
		maxv = math.Max(maxv, math.Abs(x))
	}
	if maxv == 0 {
		return 0
	}
	if len(xs) == 1 {
		return maxv
	}
	// CPython's vector_norm is correctly rounded in all but rare cases: sum the
	// squares exactly in double-double (scaled by a power of two so nothing
	// overflows), take the square root, and correct it once.
	_, e := math.Frexp(maxv)
	var sum dd
	for _, x := range xs {
		y := math.Ldexp(x, -e)
		p, pe := twoProd(y, y)
		sum = ddAdd(sum, dd{p, pe})
	}
	r := math.Sqrt(sum.hi)
	p, pe := twoProd(r, r)
	diff := ddSub(sum, dd{p, pe})
	r += diff.hi / (2 * r)
	return math.Ldexp(r, e)
}
