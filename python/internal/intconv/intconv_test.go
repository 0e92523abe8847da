package intconv

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestParsePow2MatchesMathBig checks the linear parser of power-of-two
// bases against math/big's SetString.
func TestParsePow2MatchesMathBig(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(3))
	const digits = "0123456789abcdefghijklmnopqrstuv"
	for _, base := range []int{2, 4, 8, 16, 32} {
		for _, n := range []int{1, 21, 64, 1000} {
			b := make([]byte, n)
			for i := range b {
				b[i] = digits[rng.Intn(base)]
			}
			got, ok := ParsePow2(string(b), base)
			want, _ := new(big.Int).SetString(string(b), base)
			if !ok || got.Cmp(want) != 0 {
				t.Fatalf("parsing %d digits in base %d differs from math/big", n, base)
			}
		}
		if _, ok := ParsePow2("1z", base); ok {
			t.Errorf("base %d accepted the digit z", base)
		}
	}
}
