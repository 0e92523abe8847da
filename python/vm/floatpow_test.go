package vm

import (
	"math"
	"math/rand"
	"testing"
)

// x**0.5 rounded once is the correctly rounded square root, which
// math.Sqrt is: the two must agree everywhere, including where math.Pow
// does not.
func TestFloatPowHalfIsSqrt(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		x := math.Ldexp(1+r.Float64(), r.Intn(2000)-1000)
		if got, want := FloatPow(x, 0.5), math.Sqrt(x); got != want {
			t.Fatalf("FloatPow(%v, 0.5) = %v, want %v", x, got, want)
		}
	}
}

// Integral results that are exact must come out exact: 8 ** (1/3) is 2.0
// in CPython, 1.9999999999999998 with math.Pow.
func TestFloatPowExactCases(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ x, y, want float64 }{
		{8, 1.0 / 3, 2}, {4, 0.5, 2}, {16, 0.25, 2}, {1e6, 0.5, 1000}, {2, -0.5, 1 / math.Sqrt2},
		{0.25, 1.5, 0.125}, {1, 0.3, 1}, {math.Inf(1), 0.5, math.Inf(1)},
	} {
		if got := FloatPow(c.x, c.y); got != c.want {
			t.Errorf("FloatPow(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	if !math.IsNaN(FloatPow(math.NaN(), 0.5)) || FloatPow(0.5, math.Inf(1)) != 0 {
		t.Errorf("special values differ from math.Pow")
	}
}

func BenchmarkFloatPow(b *testing.B) {
	var sink float64
	for i := 0; i < b.N; i++ {
		sink += FloatPow(1+float64(i%1000)*1e-3, 0.3333)
	}
	_ = sink
}
