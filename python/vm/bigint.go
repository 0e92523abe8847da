package vm

import (
	"math"
	"math/big"
	"math/bits"
)

// Big-integer arithmetic runs in math/big, whose calls cannot be
// interrupted: one multiplication of two 2M-bit ints takes a quarter of a
// second, a square root of a 4M-bit int several seconds, a gcd minutes. So
// no math/big call here gets operands larger than bigChunkWords words (or
// does more work than one such multiplication): multiplication splits its
// operands Karatsuba-style, division works on chunks of the dividend and on
// the leading words of the divisor, square roots and powers are loops of
// those, gcd is Lehmer's algorithm one linear step at a time, and pow with
// a modulus is a loop of modular multiplications. Each piece ticks its
// estimated cost (WordsPerStep word operations a step) before it runs, so
// the step budget counts big-integer work as it counts bytecode and the
// deadline is polled between pieces. The longest single call is then one
// multiplication or division of bigChunkWords-word operands (see
// TestBigIntStepBound for the measurement).
//
// Conversions to and from decimal, quadratic in math/big, are refused
// beyond 4300 digits as CPython refuses them; power-of-two bases are linear.

// bigChunkWords is the largest operand size (in words) of one math/big
// multiplication or division: 2048 words, 131072 bits.
const bigChunkWords = 2048

// maxStrDigitsBits is the bit length from which an int has more than 4300
// decimal digits (CPython's int_max_str_digits): 10**4300 < 2**14285.
const maxStrDigitsBits = 14285

// maxStrDigits is CPython's default limit on decimal conversions.
const maxStrDigits = 4300

func intStrDigitsError() error {
	return Errorf(ValueErrorClass, "Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits)
}

// intDecimal returns the decimal digits of x (with a '-' sign), refusing,
// as CPython does, ints of more than 4300 digits before converting them:
// math/big's decimal conversion is quadratic (a MaxIntBits int takes
// seconds), so its cost is counted too.
func (t *Thread) intDecimal(x *big.Int) (string, error) {
	if x.BitLen() > maxStrDigitsBits {
		return "", intStrDigitsError()
	}
	if err := t.tickWords(words(x) * words(x)); err != nil {
		return "", err
	}
	s := x.String()
	if n := len(s); n > maxStrDigits && (s[0] != '-' || n-1 > maxStrDigits) {
		return "", intStrDigitsError()
	}
	return s, nil
}

func words(x *big.Int) int64 { return int64(len(x.Bits())) }

// mulWork estimates the word operations of multiplying (or dividing)
// operands of a and b words: schoolbook below math/big's Karatsuba
// threshold (40 words), 400*(n/40)**1.585 for balanced operands above it,
// and b/a such products for unbalanced ones. A word product counts as a
// quarter of a word operation: math/big's assembly multiply-add loop runs
// about that fast (measured with this weight: a 2M-bit square, 10**10**6,
// a 4M-bit division and square root take 1 to 2.5 times as long as the
// bytecode they are counted as).
func mulWork(a, b int64) int64 {
	if a > b {
		a, b = b, a
	}
	if a < 40 {
		return a*b/4 + b
	}
	k := 400 * math.Pow(float64(a)/40, 1.585)
	return int64(k) * (b/a + 1)
}

// tickWords counts n word operations of big-integer work.
func (t *Thread) tickWords(n int64) error {
	if n < WordsPerStep || t == nil {
		return nil
	}
	return t.tick(n / WordsPerStep)
}

// TickWords counts n word operations of big-integer work done with
// math/big calls that are linear in their operands (additions, shifts, a
// product with a one-word factor).
func (t *Thread) TickWords(n int64) error { return t.tickWords(n) }

// CheckIntBits fails with MemoryError when an int of the given bit length
// would exceed MaxIntBits, and charges it otherwise.
func (t *Thread) CheckIntBits(bits int64) error { return t.checkIntBits(bits) }

// slice returns the value of words lo..hi of |x| (hi clamped), sharing x's
// memory: the result must only be read.
func slice(x *big.Int, lo, hi int64) *big.Int {
	ws := x.Bits()
	hi = min(hi, int64(len(ws)))
	if lo >= hi {
		return new(big.Int)
	}
	return new(big.Int).SetBits(ws[lo:hi:hi])
}

// absView returns |x| sharing x's memory: the result must only be read.
func absView(x *big.Int) *big.Int { return new(big.Int).SetBits(x.Bits()) }

// wordShift is the bit shift of n words.
func wordShift(n int64) uint { return uint(n) * bits.UintSize }

// BigMul returns x*y, refusing products over MaxIntBits (MemoryError) and
// charging the result.
func (t *Thread) BigMul(x, y *big.Int) (*big.Int, error) {
	if err := t.checkIntBits(int64(x.BitLen()) + int64(y.BitLen())); err != nil {
		return nil, err
	}
	r, err := t.mulAbs(x, y)
	if err != nil {
		return nil, err
	}
	if x.Sign()*y.Sign() < 0 {
		r.Neg(r)
	}
	return r, nil
}

// mulAbs returns |x|*|y| in math/big calls on at most bigChunkWords-word
// operands: a long operand is cut into pieces the size of the short one,
// and operands of similar size are split in halves and multiplied by
// Karatsuba's three half-size products.
func (t *Thread) mulAbs(x, y *big.Int) (*big.Int, error) {
	xw, yw := words(x), words(y)
	if xw < yw {
		x, y, xw, yw = y, x, yw, xw
	}
	if xw <= bigChunkWords || yw <= 1 {
		if err := t.tickWords(mulWork(xw, yw)); err != nil {
			return nil, err
		}
		return new(big.Int).Mul(absView(x), absView(y)), nil
	}
	if yw <= bigChunkWords || xw > 2*yw {
		piece := max(yw, bigChunkWords)
		r := new(big.Int)
		for lo := int64(0); lo < xw; lo += piece {
			p, err := t.mulAbs(slice(x, lo, lo+piece), y)
			if err != nil {
				return nil, err
			}
			if err := t.tickWords(xw + yw); err != nil {
				return nil, err
			}
			r.Add(r, p.Lsh(p, wordShift(lo)))
		}
		return r, nil
	}
	h := (xw + 1) / 2
	x0, x1 := slice(x, 0, h), slice(x, h, xw)
	y0, y1 := slice(y, 0, h), slice(y, h, yw)
	z0, err := t.mulAbs(x0, y0)
	if err != nil {
		return nil, err
	}
	z2, err := t.mulAbs(x1, y1)
	if err != nil {
		return nil, err
	}
	z1, err := t.mulAbs(new(big.Int).Add(x0, x1), new(big.Int).Add(y0, y1))
	if err != nil {
		return nil, err
	}
	if err := t.tickWords(4 * (xw + yw)); err != nil {
		return nil, err
	}
	z1.Sub(z1, z0)
	z1.Sub(z1, z2)
	r := z2.Lsh(z2, wordShift(2*h))
	r.Add(r, z1.Lsh(z1, wordShift(h)))
	return r.Add(r, z0), nil
}

// BigQuoRem returns the quotient truncated toward zero and the remainder
// (with x's sign) of x / y, as big.Int.QuoRem; y must not be zero.
func (t *Thread) BigQuoRem(x, y *big.Int) (q, r *big.Int, err error) {
	q, r, err = t.quoRemAbs(absView(x), absView(y))
	if err != nil {
		return nil, nil, err
	}
	if x.Sign()*y.Sign() < 0 {
		q.Neg(q)
	}
	if x.Sign() < 0 {
		r.Neg(r)
	}
	return q, r, nil
}

// quoRemAbs divides a >= 0 by b > 0 in math/big calls on at most
// 2*bigChunkWords-word dividends whose quotient has at most bigChunkWords
// words. A short divisor divides the dividend a chunk at a time from the
// top (long division in digits of bigChunkWords words). A long one
// estimates each chunk of the quotient from the leading words of the
// dividend and divisor (off by at most one), corrects it with a ticked
// multiplication, and splits longer quotients in halves.
func (t *Thread) quoRemAbs(a, b *big.Int) (q, r *big.Int, err error) {
	if a.Cmp(b) < 0 {
		return new(big.Int), new(big.Int).Set(a), nil
	}
	aw, bw := words(a), words(b)
	qw := aw - bw + 1
	if aw <= 2*bigChunkWords && qw <= bigChunkWords {
		if err := t.tickWords(mulWork(qw, bw)); err != nil {
			return nil, nil, err
		}
		q, r := new(big.Int).QuoRem(a, b, new(big.Int))
		return q, r, nil
	}
	if bw <= bigChunkWords {
		qs := make([]big.Word, aw)
		r := new(big.Int)
		lo := (aw - 1) / bigChunkWords * bigChunkWords
		for hi := aw; hi > 0; hi, lo = lo, lo-bigChunkWords {
			if err := t.tickWords(mulWork(hi-lo, bw) + bw); err != nil {
				return nil, nil, err
			}
			r.Lsh(r, wordShift(hi-lo))
			r.Add(r, slice(a, lo, hi))
			qi, ri := new(big.Int).QuoRem(r, b, new(big.Int))
			copy(qs[lo:], qi.Bits())
			r = ri
		}
		return new(big.Int).SetBits(qs), r, nil
	}
	if qw <= bigChunkWords {
		// The quotient of the leading 2*qw words of a by the leading
		// qw+1 words of b (whose top word is not zero) is off by at most
		// one: the divisor's truncation changes the quotient by less
		// than q/b' < 1, the dividend's by less than 1/b' < 1.
		shift := wordShift(bw - qw - 1)
		qe, _ := new(big.Int).QuoRem(new(big.Int).Rsh(a, shift), new(big.Int).Rsh(b, shift), new(big.Int))
		if err := t.tickWords(mulWork(qw, qw) + aw); err != nil {
			return nil, nil, err
		}
		p, err := t.mulAbs(qe, b)
		if err != nil {
			return nil, nil, err
		}
		if err := t.tickWords(3 * aw); err != nil {
			return nil, nil, err
		}
		r := p.Sub(a, p)
		for r.Sign() < 0 {
			qe.Sub(qe, big.NewInt(1))
			r.Add(r, b)
		}
		for r.Cmp(b) >= 0 {
			qe.Add(qe, big.NewInt(1))
			r.Sub(r, b)
		}
		return qe, r, nil
	}
	h := qw / 2
	q1, r1, err := t.quoRemAbs(new(big.Int).Rsh(a, wordShift(h)), b)
	if err != nil {
		return nil, nil, err
	}
	r1.Lsh(r1, wordShift(h))
	q0, r0, err := t.quoRemAbs(r1.Add(r1, slice(a, 0, h)), b)
	if err != nil {
		return nil, nil, err
	}
	if err := t.tickWords(2 * aw); err != nil {
		return nil, nil, err
	}
	q1.Lsh(q1, wordShift(h))
	return q1.Add(q1, q0), r0, nil
}

// BigPow returns x**y for y >= 0, by squaring and multiplying through
// mulAbs. The caller bounds the result's size.
func (t *Thread) BigPow(x *big.Int, y int64) (*big.Int, error) {
	if x.BitLen() <= 1 || y <= 1 {
		if y == 0 {
			return big.NewInt(1), nil
		}
		return new(big.Int).Exp(x, big.NewInt(y), nil), nil
	}
	if rw := int64(x.BitLen())*y/bits.UintSize + 1; rw <= bigChunkWords {
		if err := t.tickWords(2 * mulWork(rw, rw)); err != nil {
			return nil, err
		}
		return new(big.Int).Exp(x, big.NewInt(y), nil), nil
	}
	r := new(big.Int).Abs(x)
	base := r
	for i := bits.Len64(uint64(y)) - 2; i >= 0; i-- {
		var err error
		if r, err = t.mulAbs(r, r); err != nil {
			return nil, err
		}
		if y>>uint(i)&1 == 1 {
			if r, err = t.mulAbs(r, base); err != nil {
				return nil, err
			}
		}
	}
	if x.Sign() < 0 && y&1 == 1 {
		r.Neg(r)
	}
	return r, nil
}

// BigSqrt returns the integer square root of n >= 0. math/big's Sqrt is a
// Newton iteration of full-size divisions in one call (a MaxIntBits int
// takes seconds); above bigChunkWords words this is Newton's method with
// doubling precision, each step one ticked division of twice the
// precision reached: the root of the leading 2k bits gives that of the
// leading 4k bits with one division (the iteration CPython's isqrt uses).
func (t *Thread) BigSqrt(n *big.Int) (*big.Int, error) {
	if words(n) <= bigChunkWords {
		w := words(n)
		if err := t.tickWords(4 * mulWork(w, w)); err != nil {
			return nil, err
		}
		return new(big.Int).Sqrt(n), nil
	}
	c := int64(n.BitLen()-1) / 2
	a := big.NewInt(1)
	var d int64
	for s := bits.Len64(uint64(c)) - 1; s >= 0; s-- {
		// Invariant: (a-1)**2 < n >> 2*(c-d) < (a+1)**2.
		e := d
		d = c >> uint(s)
		num := new(big.Int).Rsh(n, uint(2*c-e-d+1))
		q, _, err := t.quoRemAbs(num, a)
		if err != nil {
			return nil, err
		}
		a.Lsh(a, uint(d-e-1))
		a.Add(a, q)
	}
	sq, err := t.mulAbs(a, a)
	if err != nil {
		return nil, err
	}
	if sq.Cmp(n) > 0 {
		a.Sub(a, big.NewInt(1))
	}
	return a, nil
}

// gcdDirectWords is the size up to which math/big's GCD runs in one call
// (quadratic: a few milliseconds at 1500 words).
const gcdDirectWords = 1500

// BigGCD returns gcd(|a|, |b|). math/big's GCD is quadratic and cannot be
// interrupted (two MaxIntBits ints take 20 s), so larger operands are
// reduced here by Lehmer's algorithm (Knuth, TAOCP 4.5.2, Algorithm L),
// one linear step at a time with a tick per step, until they are small
// enough for one call.
func (t *Thread) BigGCD(a, b *big.Int) (*big.Int, error) {
	u := new(big.Int).Abs(a)
	v := new(big.Int).Abs(b)
	if u.Cmp(v) < 0 {
		u, v = v, u
	}
	var t1, t2, w1, w2 big.Int
	for len(v.Bits()) > gcdDirectWords {
		if err := t.tickWords(6 * words(u)); err != nil {
			return nil, err
		}
		// The leading 61 bits of u and the bits of v at the same
		// position (61 bits keep every sum below in int64).
		shift := u.BitLen() - 61
		uh := int64(topBits(u, shift))
		vh := int64(topBits(v, shift))
		// Simulate Euclid on the leading bits while the quotients are
		// certainly those of the full numbers.
		A, B, C, D := int64(1), int64(0), int64(0), int64(1)
		for vh+C != 0 && vh+D != 0 {
			q1 := (uh + A) / (vh + C)
			if q1 != (uh+B)/(vh+D) {
				break
			}
			A, C = C, A-q1*C
			B, D = D, B-q1*D
			uh, vh = vh, uh-q1*vh
		}
		if B == 0 {
			// No digit agreed: one full division step (its quotient is
			// a word or two: u and v agree in their leading bits' size).
			_, r, err := t.quoRemAbs(u, v)
			if err != nil {
				return nil, err
			}
			u, v = v, r
			continue
		}
		// (u, v) = (A*u + B*v, C*u + D*v)
		t1.Mul(u, big.NewInt(A))
		t2.Mul(v, big.NewInt(B))
		w1.Mul(u, big.NewInt(C))
		w2.Mul(v, big.NewInt(D))
		u.Add(&t1, &t2)
		v.Add(&w1, &w2)
	}
	if v.Sign() != 0 && words(u) > words(v)+1 {
		// math/big's GCD would start with this division in one call.
		_, r, err := t.quoRemAbs(u, v)
		if err != nil {
			return nil, err
		}
		u, v = v, r
	}
	if err := t.tickWords(words(u) * words(u) * 4); err != nil {
		return nil, err
	}
	return new(big.Int).GCD(nil, nil, u, v), nil
}

// topBits returns the bits of |x| from bit shift up (shift >= 0), at most
// 61 of them.
func topBits(x *big.Int, shift int) uint64 {
	ws := x.Bits()
	i, off := shift/bits.UintSize, uint(shift%bits.UintSize)
	if i >= len(ws) {
		return 0
	}
	r := uint64(ws[i]) >> off
	if off > 0 && i+1 < len(ws) {
		r |= uint64(ws[i+1]) << (bits.UintSize - off)
	}
	return r & (1<<61 - 1)
}

// modPowStepWork is the word-operation budget of one uninterruptible
// math/big Exp call in modPow (a few milliseconds).
const modPowStepWork = 4 << 20

// montgomeryWords is the modulus size up to which modPow lets math/big's
// Exp do the work: Exp multiplies by Montgomery's method, quadratic in the
// modulus (one step with a MaxIntBits modulus would take seconds), while
// the multiplications and divisions of mulAbs and quoRemAbs are not.
const montgomeryWords = 128

// modPow returns x**y mod m for y >= 0 and m > 0. math/big's Exp does the
// whole exponentiation in one call, whose cost grows with the bits of y
// times the square of the words of m (pow(3, 2**40000-1, 2**40000+1)
// takes 20 s). Here a small modulus goes to Exp a chunk of exponent bits
// at a time, each chunk one call of bounded work; a large one is
// exponentiated by squaring with one ticked multiplication and division a
// step.
func (t *Thread) modPow(x, y, m *big.Int) (*big.Int, error) {
	mw := words(m)
	_, base, err := t.BigQuoRem(x, m)
	if err != nil {
		return nil, err
	}
	if base.Sign() < 0 {
		base.Add(base, m)
	}
	if mw > montgomeryWords {
		r := big.NewInt(1)
		mulMod := func(a, b *big.Int) (*big.Int, error) {
			p, err := t.mulAbs(a, b)
			if err != nil {
				return nil, err
			}
			_, p, err = t.quoRemAbs(p, m)
			return p, err
		}
		for i := y.BitLen() - 1; i >= 0; i-- {
			if r, err = mulMod(r, r); err != nil {
				return nil, err
			}
			if y.Bit(i) == 1 {
				if r, err = mulMod(r, base); err != nil {
					return nil, err
				}
			}
		}
		return r, nil
	}
	sq := 3 * mw * mw // one Montgomery multiplication
	chunk := int(modPowStepWork / sq)
	if y.BitLen() <= chunk {
		if err := t.tickWords(2 * sq * int64(y.BitLen()+1)); err != nil {
			return nil, err
		}
		return new(big.Int).Exp(base, y, m), nil
	}
	r := big.NewInt(1)
	var e, part big.Int
	for hi := y.BitLen(); hi > 0; hi -= chunk {
		lo := max(hi-chunk, 0)
		if err := t.tickWords(sq * int64(2*(hi-lo)+1)); err != nil {
			return nil, err
		}
		// r = r**(2**(hi-lo)) * base**(bits lo..hi of y) mod m
		e.Lsh(big.NewInt(1), uint(hi-lo))
		r.Exp(r, &e, m)
		part.Rsh(y, uint(lo))
		e.Sub(&e, big.NewInt(1))
		part.And(&part, &e)
		if part.Sign() != 0 {
			part.Exp(base, &part, m)
			r.Mul(r, &part)
			r.Mod(r, m)
		}
	}
	return r, nil
}
