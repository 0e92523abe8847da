package vm

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// heapCheckEvery is how many polls (of checkInterval instructions or
// ticked work units each) pass between readings of the process heap: a
// reading costs about a microsecond, so this keeps it under 0.1% of a
// tight loop.
const heapCheckEvery = 32

// forcedGCInterval bounds how often a guard forces a collection to learn
// whether a heap over its ceiling is live or garbage.
const forcedGCInterval = 100 * time.Millisecond

// HeapMargin is how far the memory of a process running one snippet may
// exceed the run's memory limit over the process's baseline: the limit
// itself again plus 32 MiB. What the run retains is charged and stays
// within the limit; the margin holds what is not retained: garbage the
// collector has not yet reclaimed (the old array of a list that grew, the
// scratch copy a builtin dropped, earlier runs' values a session let go),
// the spare capacity of buffers, and the runtime's own overhead. It holds
// when the process's Go memory limit (debug.SetMemoryLimit, GOMEMLIMIT) is
// its baseline plus limit plus HeapMargin(limit), so the collector runs
// before garbage passes it; with a plain GOGC, garbage grows with the live
// heap instead (to five times it at python.DefaultGCPercent).
// TestAttackMemory measures the peak resident memory of every class of
// builtin against it.
func HeapMargin(limit int64) int64 { return limit + 32<<20 }

// HeapGuard is the backstop of the memory limit that does not depend on
// every allocation site charging what it allocates. It watches the Go heap
// of the whole process: while the live heap is over the ceiling, every run
// that uses the guard fails at its next poll with MemoryError.
//
// Runs poll it every few tens of thousands of instructions and on every
// charge of a megabyte or more. The live heap is what the last collection
// found reachable; when the heap (live plus garbage not yet collected) is
// over the ceiling, the guard forces a collection, at most every 100 ms, to
// tell the two apart. A process that sets its Go memory limit
// (debug.SetMemoryLimit, GOMEMLIMIT) to the ceiling lets the runtime
// collect before that happens.
//
// The ceiling is the process's, so its sound value depends on how runs are
// placed. In a worker process that runs one snippet at a time it is the
// run's limit plus the session's retained size, the worker's baseline heap
// and HeapMargin; an overage is then that run's. When several runs share a
// process, it is the sum of what they and the idle sessions may retain, and
// an overage fails every run in progress: the accounting missed an
// allocation and the guard cannot tell whose, but the process survives.
type HeapGuard struct {
	ceiling uint64
	mu      sync.Mutex
	forced  time.Time
	samples []metrics.Sample
}

// NewHeapGuard returns a guard that fails runs while the process's live Go
// heap is over ceiling bytes.
func NewHeapGuard(ceiling int64) *HeapGuard {
	if ceiling < 0 {
		ceiling = 0
	}
	return &HeapGuard{ceiling: uint64(ceiling), samples: []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}}
}

// Ceiling returns the guard's ceiling in bytes.
func (g *HeapGuard) Ceiling() int64 { return int64(g.ceiling) }

// Over reports whether the process's live heap is over the ceiling,
// forcing a collection (rate-limited) when only the heap with its garbage
// is.
func (g *HeapGuard) Over() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	objects, live := g.read()
	if live > g.ceiling {
		return true
	}
	if objects <= g.ceiling || time.Since(g.forced) < forcedGCInterval {
		return false
	}
	runtime.GC()
	g.forced = time.Now()
	_, live = g.read()
	return live > g.ceiling
}

func (g *HeapGuard) read() (objects, live uint64) {
	metrics.Read(g.samples)
	if v := g.samples[0].Value; v.Kind() == metrics.KindUint64 {
		objects = v.Uint64()
	}
	if v := g.samples[1].Value; v.Kind() == metrics.KindUint64 {
		live = v.Uint64()
	}
	return objects, live
}

// checkHeap fails the run while the process heap is over the guard's
// ceiling.
func (t *Thread) checkHeap() error {
	if !t.heap.Over() {
		return nil
	}
	return Errorf(MemoryErrorClass, "memory limit exceeded: the process heap is over its ceiling of %d bytes", t.heap.ceiling)
}
