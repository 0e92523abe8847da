package sandbox

import (
	"fmt"
	"os"
	"sync"
	"time"
)

// watcher kills a worker when the kernel reports it holding more threads
// or resident memory than its watchLimits allow, or more memory idle than
// its report of its globals makes plausible (idleRSSBound). A worker that
// runs our code stays far below all three (GOMAXPROCS 1; the Go runtime's
// soft memory limit and the heap guard hold its heap under lim.rss; it
// gives its garbage back once idle); a subverted one is bound by no
// rlimit here: RLIMIT_NPROC counts every process of the user (and never
// binds root), RLIMIT_AS reserves the Go runtime's 1.5 GiB of untouched
// address space, so without this a worker made threads until the machine
// had no PID left for the server's own (where the host may make cgroups,
// the kernel now refuses them first: pidsGroups).
//
// One goroutine looks at every worker of a pool each watchEvery, through
// a /proc/PID/stat kept open per worker (one pread a look, where opening
// the file each time took five system calls), or its statm where the
// kernel holds its threads (pidsGroups). A file kept open also never
// reads another process that took a reaped worker's PID.
type watcher struct {
	mu      sync.Mutex
	adds    []*watched
	closed  bool
	running bool
	kick    chan struct{}
	swapped bool // the host has swap (swapInUse)
}

// watched is one worker under watch.
type watched struct {
	p         *proc
	lim       watchLimits
	stat      *os.File  // its /proc/PID/stat (statm if memOnly); nil where there is none
	memOnly   bool      // the kernel bounds its threads: read statm
	overSince time.Time // when it was first seen idle over its bound
	swap      int64     // its swapped-out bytes, read once a second
}

func newWatcher() *watcher {
	return &watcher{kick: make(chan struct{}, 1), swapped: swapInUse()}
}

// add watches p until it is reaped.
func (w *watcher) add(p *proc, lim watchLimits) {
	// In a cgroup of its own the kernel holds the worker's threads
	// (pidsGroups): its memory is all the watch reads.
	x := &watched{p: p, lim: lim, memOnly: p.leave != nil}
	x.stat, _ = openProcStat(p.pid, x.memOnly)
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		if x.stat != nil {
			x.stat.Close()
		}
		return
	}
	w.adds = append(w.adds, x)
	start := !w.running
	w.running = true
	w.mu.Unlock()
	if start {
		go w.loop()
	}
}

// close ends the watch; workers still running are not watched any more
// (the pool kills them).
func (w *watcher) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// loop looks at every watched worker each watchEvery until none is left
// (add starts it again) or the watcher closes.
func (w *watcher) loop() {
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	var procs []*watched
	buf := make([]byte, 1024)
	for ticks := 0; ; ticks++ {
		w.mu.Lock()
		procs = append(procs, w.adds...)
		w.adds = nil
		closed := w.closed
		if len(procs) == 0 || closed {
			w.running = false
			w.mu.Unlock()
			for _, x := range procs {
				x.close()
			}
			return
		}
		w.mu.Unlock()
		select {
		case <-t.C:
		case <-w.kick:
			continue
		}
		now := time.Now()
		kept := procs[:0]
		for _, x := range procs {
			if x.check(now, w.swapped && ticks%20 == 0, buf) {
				kept = append(kept, x)
			} else {
				x.close()
			}
		}
		clear(procs[len(kept):])
		procs = kept
	}
}

func (x *watched) close() {
	if x.stat != nil {
		x.stat.Close()
		x.stat = nil
	}
}

// check looks at the worker once; false when it is gone or killed.
func (x *watched) check(now time.Time, readSwap bool, buf []byte) bool {
	p, lim := x.p, x.lim
	if !p.alive() {
		return false
	}
	if x.stat == nil {
		return true
	}
	settled, claim, epoch := p.idleState(now)
	n, err := readProcStat(x.stat, buf)
	if err != nil || n <= 0 {
		return true // reaped meanwhile; the next look sees it dead
	}
	var threads int
	var rss int64
	var ok bool
	if x.memOnly {
		rss, ok = parseProcStatm(buf[:n])
	} else {
		threads, rss, ok = parseProcStat(buf[:n])
	}
	if !ok {
		return true
	}
	if settled && lim.idle {
		// Swapped-out pages count: a worker could page its memory out
		// (madvise) to look small.
		if readSwap {
			x.swap = procSwap(p.pid)
		}
		held := rss + x.swap
		if held <= idleRSSBound(claim) {
			x.overSince = time.Time{}
			p.setMeasured(epoch, 0)
		} else if x.overSince.IsZero() {
			x.overSince = now
		} else if now.Sub(x.overSince) >= overIdleFor {
			// Charged, not killed: see idleRSSBound.
			p.setMeasured(epoch, held)
		}
	} else {
		x.overSince = time.Time{}
	}
	switch {
	case lim.threads > 0 && threads > lim.threads:
		p.kill(fmt.Sprintf("it ran %d threads, more than the %d a sandbox worker may, so the host killed it", threads, lim.threads))
		return false
	case lim.rss > 0 && rss > lim.rss:
		p.kill(fmt.Sprintf("it held %d MiB resident, more than the %d MiB a sandbox worker may (the session memory cap plus the Go runtime's headroom), so the host killed it", rss>>20, lim.rss>>20))
		return false
	}
	return true
}
