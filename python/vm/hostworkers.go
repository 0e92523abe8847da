package vm

import (
	"fmt"
	"sync/atomic"
	"time"
)

// Host calls run on goroutines of their own, so a call that blocks blocks
// only itself and the event loop goes on (gather, timers, the run's time
// limit). A goroutine started for each call costs its creation and exit,
// and starts with a small stack that a deep call (a capability through the
// dispatch chain and schema validation) grows by copying, several times per
// call. So a goroutine that has run a call waits a while for the next one
// (of any run), keeping the stack it grew: a call is handed to a waiting
// worker when there is one and gets a new goroutine otherwise. At most
// maxIdleHostWorkers wait at once, and once no call has started for
// hostWorkerIdle they go (one to two periods after the last call), so a
// process that stops making calls is left with none. Nothing on a call's
// path waits on a timer for this (a worker waiting in a select on a timer
// as well cost each call a tenth more CPU): one check, armed when a worker
// starts to wait, retires them. A worker holds nothing of a call while it
// waits. The work runs as it would on a goroutine of its own: its
// context, its panic turned into the call's error, its completion sent to
// its loop.

// hostJob is one host call for a worker: the work, its context,
// and the loop's channel of completions; or fn, a call GoHost started. The
// zero hostJob tells a waiting worker to go.
type hostJob struct {
	fn   func()
	f    *Future
	run  HostWork
	ctx  *callCtx
	done chan<- completion
}

const (
	maxIdleHostWorkers = 4
	hostWorkerIdle     = time.Second
)

var (
	// hostIdle is unbuffered: a send succeeds only when a worker waits.
	hostIdle      = make(chan hostJob)
	hostIdleCount atomic.Int32
	// hostJobs counts the calls started, for the retirement check;
	// hostRetiring is set while one is armed.
	hostJobs     atomic.Uint64
	hostRetiring atomic.Bool
)

// GoHost runs fn as a go statement would, on a goroutine of the host-call
// workers: a waiting one, whose stack has grown for calls like this, or a
// new one that waits for the next call after fn. It is for the host's side
// of a host call (the sandbox's bridge answers a worker's call with it),
// which goes as deep as a call in this process does. As with a go
// statement, a panic in fn ends the program.
func GoHost(fn func()) { startHostJob(hostJob{fn: fn}) }

// startHostJob runs j on a waiting worker, or on a new one.
func startHostJob(j hostJob) {
	hostJobs.Add(1)
	select {
	case hostIdle <- j:
	default:
		go hostWorker(j)
	}
}

func hostWorker(j hostJob) {
	for {
		j.do()
		j = hostJob{}
		if hostIdleCount.Add(1) > maxIdleHostWorkers {
			hostIdleCount.Add(-1)
			return
		}
		if !hostRetiring.Load() {
			armHostRetire()
		}
		j = <-hostIdle
		hostIdleCount.Add(-1)
		if j.f == nil && j.fn == nil {
			return // retired
		}
	}
}

// armHostRetire arms the retirement check unless one is armed.
func armHostRetire() {
	if hostRetiring.CompareAndSwap(false, true) {
		seen := hostJobs.Load()
		time.AfterFunc(hostWorkerIdle, func() { retireHostWorkers(seen) })
	}
}

// retireHostWorkers tells the waiting workers to go when no call started
// since the check was armed (when seen calls had), and looks again a
// period later otherwise.
func retireHostWorkers(seen uint64) {
	if n := hostJobs.Load(); n != seen {
		time.AfterFunc(hostWorkerIdle, func() { retireHostWorkers(n) })
		return
	}
	hostRetiring.Store(false)
	for {
		select {
		case hostIdle <- hostJob{}:
			continue
		default:
		}
		break
	}
	// A worker that counted itself idle while this check was still armed
	// (so armed none) and was not yet waiting: look again for it.
	if hostIdleCount.Load() > 0 {
		armHostRetire()
	}
}

// do runs the work and sends its completion to its loop.
func (j *hostJob) do() {
	if j.fn != nil {
		j.fn()
		return
	}
	var v any
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("host function %s panicked: %v", j.f.name, r)
			}
		}()
		v, err = j.run.Run(j.ctx)
	}()
	j.ctx.Cancel()
	j.done <- completion{f: j.f, v: v, err: err}
}
