package mcp

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Reading a large catalog (an upstream's tools/list answer or the
// catalog cache), vetting, caching and registering every tool, and
// building what toolplane's clients see from it, allocates about
// thirteen times the catalog's size; toolplane's binary collects at GOGC
// 400. A serve that went idle after loading a 15 MB catalog kept 300 to
// 420 MiB resident over 17 MiB live until the runtime's forced
// collection two minutes later, and gave the pages back slowly after
// that. So after a catalog of largeCatalogBytes or more is read, the
// process's garbage is collected and returned to the OS once the work
// that follows the reading is done (garbageDelay later), at most once
// per garbageInterval: an idle server holds what it uses. A forced
// collection is a process-wide decision, so only a program that asks for
// it (toolplane's binary, by ReturnMemoryAfterLargeCatalogs) gets it; a
// program using this package as a library keeps its own GC policy.
const (
	largeCatalogBytes = 1 << 20
	garbageDelay      = 2 * time.Second
	garbageInterval   = 10 * time.Second
)

// garbage schedules the returns of one process.
var garbage garbageReturner

// returnGarbage is set by ReturnMemoryAfterLargeCatalogs.
var returnGarbage atomic.Bool

// ReturnMemoryAfterLargeCatalogs makes the process collect its garbage
// and return it to the OS a little after each catalog of 1 MiB or more is
// read (at most every 10 s). Call it once from main, beside GC settings;
// without it the package never forces a collection.
func ReturnMemoryAfterLargeCatalogs() { returnGarbage.Store(true) }

type garbageReturner struct {
	mu      sync.Mutex
	last    time.Time
	pending bool
	// passes left in the current burst: the work after a catalog is read
	// (vetting, registering, clients' views) can outlast garbageDelay on a
	// loaded machine, and its garbage would then wait for the runtime's
	// forced collection; a second pass garbageInterval later returns it.
	passes int
}

// largeCatalogRead schedules a return of garbage after a catalog of
// bytes was read; small catalogs schedule none.
func largeCatalogRead(bytes int) {
	if bytes >= largeCatalogBytes && returnGarbage.Load() {
		garbage.soon()
	}
}

// soon returns the garbage garbageDelay from now, or garbageInterval
// after the last return when that is later, and once more
// garbageInterval after that; calls until then are folded into those.
func (g *garbageReturner) soon() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.passes = 2
	if g.pending {
		return
	}
	g.pending = true
	wait := max(garbageDelay, time.Until(g.last.Add(garbageInterval)))
	time.AfterFunc(wait, g.pass)
}

// pass is one return of garbage; it schedules the burst's next.
func (g *garbageReturner) pass() {
	debug.FreeOSMemory()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.last = time.Now()
	g.passes--
	if g.passes > 0 {
		time.AfterFunc(garbageInterval, g.pass)
		return
	}
	g.pending = false
}
