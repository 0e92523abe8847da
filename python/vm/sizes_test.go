package vm

import (
	"strings"
	"testing"
)

// TestAllocBytesTables checks the size-class tables allocBytes reads
// against a search of sizeClasses for every small size, and the rounding
// of large ones to pages.
func TestAllocBytesTables(t *testing.T) {
	for n := int64(1); n <= maxSmallSize; n++ {
		if got, want := allocBytes(n), int64(classOf(n)); got != want || got < n {
			t.Fatalf("allocBytes(%d) = %d, want %d", n, got, want)
		}
	}
	for _, c := range []struct{ n, want int64 }{
		{0, 0}, {-5, 0}, {maxSmallSize + 1, maxSmallSize + heapPageSize}, {40000, 40960}, {1<<63 - 1, 1<<63 - 1},
	} {
		if got := allocBytes(c.n); got != c.want {
			t.Errorf("allocBytes(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

// storedBytes reads a str's or bytes' charge from a table: it must be
// ValueBytes for every length it answers for, and nothing past one block
// (a longer one is charged where it is made).
func TestStrStoredBytesTable(t *testing.T) {
	for n := 0; n <= strOneBlockMax+2; n++ {
		s := strings.Repeat("x", n)
		want := ValueBytes(Str(s))
		if n > strOneBlockMax {
			want = 0
		}
		if got := storedBytes(Str(s)); got != want {
			t.Errorf("storedBytes of a str of %d bytes = %d, want %d", n, got, want)
		}
		if got := storedBytes(Bytes(s)); got != want {
			t.Errorf("storedBytes of bytes of %d bytes = %d, want %d", n, got, want)
		}
	}
}
