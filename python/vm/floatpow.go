package vm

import (
	"math"
	"math/big"
	"sync"
)

// FloatPow is x**y for floats as CPython computes it with the C library's
// pow: the exact power rounded once to the nearest float. Go's math.Pow
// can be off by an ulp or two (8 ** (1/3) is 1.9999999999999998 there,
// 2.0 in CPython); here log and exp are evaluated in double-double
// arithmetic (about 100 bits), so the final rounding is the only one that
// shows. Special values, and results near overflow or underflow, go to
// math.Pow, which follows C99 Annex F for them as CPython does.
func FloatPow(x, y float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) || y == 0 || x == 1 {
		if x < 0 && y == math.Trunc(y) && !math.IsInf(y, 0) {
			r := FloatPow(-x, y)
			if math.Mod(y, 2) != 0 {
				r = -r
			}
			return r
		}
		return math.Pow(x, y)
	}
	lh, ll := logDD(x)
	zh, zl := mulDDF(lh, ll, y)
	// Outside [-708, 709.79] the result overflows or is subnormal (where a
	// second rounding could show): math.Pow.
	if zh > 709.79 || zh < -708 {
		return math.Pow(x, y)
	}
	rh, _ := expDD(zh, zl)
	return rh
}

// twoSum returns a+b as an unevaluated sum s+e (s the rounded sum).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return
}

// fastTwoSum is twoSum for |a| >= |b|.
func fastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

func addDD(ah, al, bh, bl float64) (float64, float64) {
	s, e := twoSum(ah, bh)
	t, f := twoSum(al, bl)
	e += t
	s, e = fastTwoSum(s, e)
	e += f
	return fastTwoSum(s, e)
}

func mulDD(ah, al, bh, bl float64) (float64, float64) {
	p := ah * bh
	e := math.FMA(ah, bh, -p)
	e += ah*bl + al*bh
	return fastTwoSum(p, e)
}

func mulDDF(ah, al, b float64) (float64, float64) {
	p := ah * b
	e := math.FMA(ah, b, -p)
	e += al * b
	return fastTwoSum(p, e)
}

// ln2 in double-double.
const ln2Hi, ln2Lo = 6.93147180559945286227e-01, 2.31904681384629955842e-17

// expTables returns 2**(j/64) for j in [0, 64) and 1/n! for the Taylor
// series, each as double-double (hi, lo), computed once with 256-bit
// big.Float arithmetic on first use: at package initialisation every
// process start paid for it.
var expTables = sync.OnceValues(func() (t *[64][2]float64, c *[13][2]float64) {
	t, c = new([64][2]float64), new([13][2]float64)
	const prec = 256
	split := func(v *big.Float) [2]float64 {
		hi, _ := v.Float64()
		lo, _ := new(big.Float).SetPrec(prec).Sub(v, new(big.Float).SetFloat64(hi)).Float64()
		return [2]float64{hi, lo}
	}
	step := new(big.Float).SetPrec(prec).SetInt64(2)
	for i := 0; i < 6; i++ {
		step.Sqrt(step)
	}
	v := new(big.Float).SetPrec(prec).SetInt64(1)
	for j := range t {
		t[j] = split(v)
		v.Mul(v, step)
	}
	f := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := range c {
		if n > 0 {
			f.Quo(f, new(big.Float).SetPrec(prec).SetInt64(int64(n)))
		}
		c[n] = split(f)
	}
	return
})

// expDD is e**(xh+xl) in double-double for xh in [-708, 709.79]: x = (64m+j)*ln2/64
// + r with |r| <= ln2/128, e**x = 2**m * 2**(j/64) * e**r, e**r by its
// Taylor polynomial (twelve terms reach 1e-35).
func expDD(xh, xl float64) (float64, float64) {
	expTable, expCoef := expTables()
	k := math.Round(xh * (64 / math.Ln2))
	// r = x - k*ln2/64; k*ln2Hi/64 is split exactly with FMA.
	ch, cl := ln2Hi/64, ln2Lo/64
	p := k * ch
	pe := math.FMA(k, ch, -p)
	rh, rl := addDD(xh, xl, -p, -pe)
	rh, rl = addDD(rh, rl, -k*cl, -math.FMA(k, cl, -k*cl))
	// The terms from r**5/5! on are below 4e-14 and need only float64
	// precision (their rounding errors stay under 1e-28); the first five
	// are summed in double-double.
	tail := 0.0
	for n := len(expCoef) - 1; n >= 5; n-- {
		tail = tail*rh + expCoef[n][0]
	}
	sh, sl := addDD(expCoef[4][0], expCoef[4][1], tail*rh, 0)
	for n := 3; n >= 0; n-- {
		sh, sl = mulDD(sh, sl, rh, rl)
		sh, sl = addDD(sh, sl, expCoef[n][0], expCoef[n][1])
	}
	ki := int(k)
	j := ki & 63
	sh, sl = mulDD(sh, sl, expTable[j][0], expTable[j][1])
	m := (ki - j) / 64
	return math.Ldexp(sh, m), math.Ldexp(sl, m)
}

// logDD is ln(x) in double-double for finite x > 0: math.Log refined by a
// Newton step, l + x*e**-l - 1.
func logDD(x float64) (float64, float64) {
	l := math.Log(x)
	eh, el := expDD(-l, 0)
	th, tl := mulDDF(eh, el, x)
	th, tl = addDD(th, tl, -1, 0)
	return addDD(l, 0, th, tl)
}

// FloatExp is e**x rounded once to the nearest float, as the C library's
// exp that CPython's math.exp calls (Go's math.Exp can be an ulp off:
// math.Exp(1.5) is 4.481689070338065, CPython 4.4816890703380645).
func FloatExp(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x > 709.79 || x < -708 {
		return math.Exp(x)
	}
	r, _ := expDD(x, 0)
	return r
}
