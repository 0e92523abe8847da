package vm

import (
	"math/rand"
	"strings"
	"testing"
)

// TestStrIndexCacheMatchesRunes checks s[i], s[a:b:c] and len(s) through
// the index cache against the same operations on the string's []rune, for
// short and long, ASCII and non-ASCII strings, looked up repeatedly so that
// both misses and hits (and evictions) are exercised.
func TestStrIndexCacheMatchesRunes(t *testing.T) {
	t.Parallel()
	th := NewThread(Config{})
	rng := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "b", " ", "é", "ü", "中", "𝄞", "\u0301", "z"}
	var texts []string
	for _, n := range []int{0, 1, 5, 31, 63, 64, 65, 100, 257, 1000} {
		for _, ascii := range []bool{true, false} {
			var sb strings.Builder
			for i := 0; i < n; i++ {
				k := rng.Intn(len(alphabet))
				if ascii {
					k = rng.Intn(3)
				}
				sb.WriteString(alphabet[k])
			}
			texts = append(texts, sb.String())
		}
	}
	var c strIndexCache
	for round := 0; round < 3; round++ {
		for _, s := range texts {
			rs := []rune(s)
			n := len(rs)
			if got := c.runeLen(Str(s)); got != n {
				t.Fatalf("runeLen(%q) = %d, want %d", s, got, n)
			}
			for i := -n - 1; i <= n; i++ {
				v, err := c.item(Str(s), int64(i))
				j := i
				if j < 0 {
					j += n
				}
				if j < 0 || j >= n {
					if err == nil {
						t.Fatalf("%q[%d] = %v, want IndexError", s, i, v)
					}
					continue
				}
				if err != nil || v != Str(string(rs[j])) {
					t.Fatalf("%q[%d] = %v, %v; want %q", s, i, v, err, string(rs[j]))
				}
			}
			for k := 0; k < 40; k++ {
				a, b := rng.Intn(n+3)-1, rng.Intn(n+3)-1
				step := []int{1, 1, 2, 3, -1, -2}[rng.Intn(6)]
				sl := &Slice{Start: Int(a), Stop: Int(b), Step: Int(step)}
				if rng.Intn(4) == 0 {
					sl.Start = None
				}
				v, err := c.slice(th, Str(s), sl)
				if err != nil {
					t.Fatal(err)
				}
				start, stop, st, _ := th.sliceIndices(sl, n)
				var want []rune
				for i, j := 0, start; i < sliceLen(start, stop, st); i, j = i+1, j+st {
					want = append(want, rs[j])
				}
				if v != Str(string(want)) {
					t.Fatalf("%q[%v:%v:%v] = %q, want %q", s, sl.Start, sl.Stop, sl.Step, v, string(want))
				}
			}
		}
	}
}

// TestASCIIOnly checks the word-at-a-time scan at every position of the
// first non-ASCII byte.
func TestASCIIOnly(t *testing.T) {
	t.Parallel()
	for n := 0; n < 40; n++ {
		s := strings.Repeat("x", n)
		if !asciiOnly(s) {
			t.Fatalf("asciiOnly(%d x's) = false", n)
		}
		for i := 0; i < n; i++ {
			b := []byte(s)
			b[i] = 0x80
			if asciiOnly(string(b)) {
				t.Fatalf("asciiOnly with 0x80 at %d of %d = true", i, n)
			}
		}
	}
}
