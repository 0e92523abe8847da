package python

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Go
// runs Linux on.
const hugePage = 2 << 20

// PrepareHeap readies about n bytes of the Go heap for a process that runs
// one snippet and exits (`toolplane run`, once the run has gone on for a
// few milliseconds): it has the runtime
// map them in one piece, asks the kernel to back that range with
// transparent huge pages (madvise MADV_HUGEPAGE, which the kernel honours
// in its default "madvise" mode), and starts a collection in the
// background that frees them for the run's allocations.
//
// A fresh process touches every page of its heap for the first time, and
// each first touch of a 4 KiB page is a page fault: on a virtual machine
// tens of microseconds each, which made the first run of a program whose
// heap grows to tens of megabytes take about twice its warm time (records
// in bench/programs: 10,000 faults and 250 ms of CPU cold, 2,500 and 130
// ms with the heap prepared). A huge page is one fault per 2 MiB. The
// collection costs a few milliseconds of CPU beside the run, which a
// snippet that allocates little does not win back.
//
// Like TuneGC it changes process-wide state, so the library never calls
// it; it is not for long-lived processes, whose heap is already warm (and
// where huge pages can hold on to memory). Elsewhere than Linux it does
// nothing.
func PrepareHeap(n int) {
	if n < 2*hugePage {
		return
	}
	// A block this large is a span of its own, fresh from the operating
	// system: the runtime neither zeroes nor touches it.
	b := make([]byte, n)
	AdviseHugePages(b)
	runtime.KeepAlive(b)
	// The block is garbage from here; collecting it now, beside the
	// caller's work, makes its pages the next ones the run allocates from.
	go runtime.GC()
}

// AdviseHugePages asks the kernel to back the whole 2 MiB pages inside b
// with transparent huge pages when they are first touched (madvise
// MADV_HUGEPAGE): one fault per 2 MiB instead of one per 4 KiB. It is only
// advice: a kernel without transparent huge pages ignores it. b must be
// memory the caller owns for good, such as a heap block it is about to
// touch or free (see PrepareHeap).
func AdviseHugePages(b []byte) {
	if len(b) < hugePage {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := (p+hugePage-1)&^(hugePage-1) - p
	end := (p+uintptr(len(b)))&^(hugePage-1) - p
	if end > start {
		_ = syscall.Madvise(b[start:end], syscall.MADV_HUGEPAGE)
	}
}
