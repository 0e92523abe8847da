package vm

import "math"

// FloatPow is x**y for floats as CPython computes it with the C library's
// pow: the exact power rounded once to the nearest float. Go's math.Pow
// can be off by an ulp or two (8 ** (1/3) is 1.9999999999999998 there,
// 2.0 in CPython); here log and exp are evaluated in double-double
// arithmetic (about 100 bits), so the final rounding is the only one that
// shows. Special values, and results near overflow or underflow, go to
// math.Pow, which follows C99 Annex F for them as CPython does.
//
// (It lives in a genericalias_ file only because of how the package's
// files are divided among its maintainers.)
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
	if math.Abs(zh) > 700 {
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

// divDDF is (ah+al)/b, the high quotient's rounding error recovered
// exactly with FMA.
func divDDF(ah, al, b float64) (float64, float64) {
	q := ah / b
	r := math.FMA(-q, b, ah) + al
	return fastTwoSum(q, r/b)
}

// ln2 in double-double.
const ln2Hi, ln2Lo = 6.93147180559945286227e-01, 2.31904681384629955842e-17

// expDD is e**(xh+xl) in double-double for |xh| <= 709.
func expDD(xh, xl float64) (float64, float64) {
	k := math.Round(xh / math.Ln2)
	// r = x - k*ln2, exactly enough: k*ln2Hi is split with FMA.
	p := k * ln2Hi
	pe := math.FMA(k, ln2Hi, -p)
	rh, rl := addDD(xh, xl, -p, -pe)
	rh, rl = addDD(rh, rl, -k*ln2Lo, -math.FMA(k, ln2Lo, -k*ln2Lo))
	// Scale down by 2**10 so the Taylor series converges in a few terms,
	// then square back up.
	const squarings = 10
	rh, rl = rh/(1<<squarings), rl/(1<<squarings)
	// e**r - 1 by Taylor series (|r| < 3.4e-4: nine terms reach 1e-33).
	sh, sl := 0.0, 0.0
	th, tl := 1.0, 0.0
	for n := 1; n <= 10; n++ {
		th, tl = mulDD(th, tl, rh, rl)
		th, tl = divDDF(th, tl, float64(n))
		sh, sl = addDD(sh, sl, th, tl)
	}
	// (1 + s)**(2**squarings) as repeated squaring of the small part:
	// (1+s)**2 = 1 + (2s + s*s).
	for i := 0; i < squarings; i++ {
		qh, ql := mulDD(sh, sl, sh, sl)
		sh, sl = addDD(2*sh, 2*sl, qh, ql)
	}
	sh, sl = addDD(1, 0, sh, sl)
	return math.Ldexp(sh, int(k)), math.Ldexp(sl, int(k))
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
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 700 {
		return math.Exp(x)
	}
	r, _ := expDD(x, 0)
	return r
}
