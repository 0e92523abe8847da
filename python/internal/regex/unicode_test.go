package regex

import "testing"

// canonExtra's switch must agree with the table it was written from.
func TestCanonExtraMatchesTable(t *testing.T) {
	t.Parallel()
	for _, c := range extraCaseClasses {
		for _, m := range c {
			if m != 0 && canonExtra(m) != c[0] {
				t.Errorf("canonExtra(%#x) = %#x, want %#x", m, canonExtra(m), c[0])
			}
		}
	}
	for r := rune(0); r < 0x20000; r++ {
		in := false
		for _, c := range extraCaseClasses {
			for _, m := range c {
				in = in || (m != 0 && m == r)
			}
		}
		if !in && canonExtra(r) != r {
			t.Fatalf("canonExtra(%#x) = %#x, want itself", r, canonExtra(r))
		}
	}
}
