package python

import (
	"runtime"
	"testing"
)

// TestPrepareHeapKeepsNothing checks that the block PrepareHeap maps is
// garbage once it returns: a process that prepares its heap must not hold
// the block against its memory (and a size too small for a huge page is a
// no-op).
func TestPrepareHeapKeepsNothing(t *testing.T) {
	PrepareHeap(1 << 20)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	PrepareHeap(64 << 20)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if after.HeapAlloc > before.HeapAlloc+32<<20 {
		t.Fatalf("heap in use grew from %d to %d bytes: PrepareHeap kept its block", before.HeapAlloc, after.HeapAlloc)
	}
}
