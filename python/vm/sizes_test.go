package vm

import "testing"

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
