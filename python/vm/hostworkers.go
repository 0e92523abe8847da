package vm

import (
	"context"
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
// maxIdleHostWorkers wait at once, each at most hostWorkerIdle: a process
// that stops making calls is left with none. A worker holds nothing of a
// call while it waits. The work runs as it would on a goroutine of its
// own: its context, its panic turned into the call's error, its completion
// sent to its loop.

// hostJob is one host call for a worker: the work, its context and cancel,
// and the loop's channel of completions.
type hostJob struct {
	f      *Future
	run    HostWork
	ctx    context.Context
	cancel context.CancelFunc
	done   chan<- completion
}

const (
	maxIdleHostWorkers = 4
	hostWorkerIdle     = time.Second
)

var (
	// hostIdle is unbuffered: a send succeeds only when a worker waits.
	hostIdle      = make(chan hostJob)
	hostIdleCount atomic.Int32
)

// startHostJob runs j on a waiting worker, or on a new one.
func startHostJob(j hostJob) {
	select {
	case hostIdle <- j:
	default:
		go hostWorker(j)
	}
}

func hostWorker(j hostJob) {
	var idle *time.Timer
	for {
		j.do()
		j = hostJob{}
		if hostIdleCount.Add(1) > maxIdleHostWorkers {
			hostIdleCount.Add(-1)
			return
		}
		if idle == nil {
			idle = time.NewTimer(hostWorkerIdle)
		} else {
			idle.Reset(hostWorkerIdle)
		}
		select {
		case j = <-hostIdle:
			hostIdleCount.Add(-1)
		case <-idle.C:
			hostIdleCount.Add(-1)
			return
		}
	}
}

// do runs the work and sends its completion to its loop.
func (j *hostJob) do() {
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
	j.cancel()
	j.done <- completion{f: j.f, v: v, err: err}
}
