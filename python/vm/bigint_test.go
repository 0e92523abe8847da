package vm

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestBigGCDMatchesMathBig checks the ticked Lehmer gcd against math/big
// on operands large enough to take its stepped path, including shared
// factors and very unequal sizes.
func TestBigGCDMatchesMathBig(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(1))
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62}})
	random := func(bits int) *big.Int {
		return new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	}
	for i := 0; i < 16; i++ {
		g := random(1 + rng.Intn(20000))
		a := new(big.Int).Mul(random(1+rng.Intn(120000)), g)
		b := new(big.Int).Mul(random(1+rng.Intn(120000)), g)
		if i%5 == 0 {
			b.Neg(b)
		}
		got, err := th.BigGCD(a, b)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(b))
		if got.Cmp(want) != 0 {
			t.Fatalf("gcd of %d- and %d-bit operands differs from math/big", a.BitLen(), b.BitLen())
		}
	}
}

// TestModPowMatchesMathBig checks both paths of modPow (Exp in chunks for
// small moduli, squaring and division for large ones) against math/big.
func TestModPowMatchesMathBig(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(2))
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62}})
	random := func(bits int) *big.Int {
		return new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	}
	for _, mbits := range []int{3, 64, 2000, 8191, 9000, bigChunkWords*64 + 100} {
		ebitsList := []int{0, 1, 700, 2000}
		if mbits > bigChunkWords*64 {
			// math/big's own Exp, the reference, is slow here.
			ebitsList = []int{0, 1, 40}
		}
		for _, ebits := range ebitsList {
			m := random(mbits)
			m.SetBit(m, mbits, 1)
			if ebits%2 == 0 {
				m.SetBit(m, 0, 1) // odd: math/big's Montgomery path
			}
			x := random(mbits + 5)
			y := random(ebits)
			got, err := th.modPow(x, y, m)
			if err != nil {
				t.Fatal(err)
			}
			if want := new(big.Int).Exp(x, y, m); got.Cmp(want) != 0 {
				t.Fatalf("pow(x, y, m) with %d-bit y and %d-bit m differs from math/big", y.BitLen(), m.BitLen())
			}
		}
	}
}

// randBig returns a random non-negative int of up to n bits, often with
// long runs of one or zero bits (the carries and borrows of the splitting
// code).
func randBig(rng *rand.Rand, n int) *big.Int {
	x := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(n)))
	switch rng.Intn(4) {
	case 0:
		x.Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(int64(1+rng.Intn(3))))
	case 1:
		x.SetBit(new(big.Int).Lsh(big.NewInt(1), uint(n-1)), rng.Intn(n), 1)
	}
	return x
}

// TestBigMulQuoRemMatchMathBig checks the split multiplication and the
// chunked division against math/big on sizes that take every path: both
// operands at most bigChunkWords, one long and one short, unbalanced and
// balanced beyond it, and divisions with short and long divisors and
// quotients, with signs.
func TestBigMulQuoRemMatchMathBig(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(4))
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62}})
	const w = bigChunkWords * 64
	sizes := []int{1, 63, 64, 65, 3000, w - 1, w, w + 1, 2*w + 17, 3*w - 5, 5*w + 3}
	for i := 0; i < 60; i++ {
		x := randBig(rng, sizes[rng.Intn(len(sizes))])
		y := randBig(rng, sizes[rng.Intn(len(sizes))])
		if rng.Intn(3) == 0 {
			x.Neg(x)
		}
		if rng.Intn(3) == 0 {
			y.Neg(y)
		}
		got, err := th.BigMul(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if want := new(big.Int).Mul(x, y); got.Cmp(want) != 0 {
			t.Fatalf("%d-bit * %d-bit product differs from math/big", x.BitLen(), y.BitLen())
		}
		// Division of the product plus a remainder-sized offset, and of
		// x by y.
		a := new(big.Int).Add(got, randBig(rng, max(y.BitLen(), 1)))
		for _, p := range [][2]*big.Int{{a, y}, {x, y}, {y, x}} {
			if p[1].Sign() == 0 {
				continue
			}
			q, r, err := th.BigQuoRem(p[0], p[1])
			if err != nil {
				t.Fatal(err)
			}
			wq, wr := new(big.Int).QuoRem(p[0], p[1], new(big.Int))
			if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
				t.Fatalf("%d-bit / %d-bit quotient or remainder differs from math/big", p[0].BitLen(), p[1].BitLen())
			}
		}
	}
}

// TestBigSqrtPowMatchMathBig checks the stepped square root (exact squares
// and their neighbours) and powers against math/big.
func TestBigSqrtPowMatchMathBig(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(5))
	th := NewThread(Config{Limits: Limits{Steps: 1 << 62}})
	for _, n := range []int{1, 2, 64, 1000, bigChunkWords*32 + 1, bigChunkWords*64 + 11} {
		x := randBig(rng, n)
		sq := new(big.Int).Mul(x, x)
		for _, v := range []*big.Int{x, sq, new(big.Int).Sub(sq, big.NewInt(1)), new(big.Int).Add(sq, big.NewInt(1))} {
			if v.Sign() < 0 {
				continue
			}
			got, err := th.BigSqrt(v)
			if err != nil {
				t.Fatal(err)
			}
			if want := new(big.Int).Sqrt(v); got.Cmp(want) != 0 {
				t.Fatalf("isqrt of a %d-bit int differs from math/big", v.BitLen())
			}
		}
	}
	for _, c := range []struct {
		x string
		y int64
	}{{"3", 0}, {"3", 1}, {"-3", 3}, {"-3", 4}, {"7", 100000}, {"-123456789123456789123", 9001}, {"2", 300000}, {"3", 200000}} {
		x, _ := new(big.Int).SetString(c.x, 10)
		got, err := th.BigPow(x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		if want := new(big.Int).Exp(x, big.NewInt(c.y), nil); got.Cmp(want) != 0 {
			t.Fatalf("%s**%d differs from math/big", c.x, c.y)
		}
	}
}
