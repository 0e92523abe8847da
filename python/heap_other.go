//go:build !linux

package python

// PrepareHeap does nothing on this platform; on Linux it readies the heap
// of a one-snippet process with transparent huge pages.
func PrepareHeap(n int) {}

// AdviseHugePages does nothing on this platform.
func AdviseHugePages(b []byte) {}
