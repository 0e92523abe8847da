package session

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The config keys of the run caps, named in errors.
const (
	KeyRuns           = "max_concurrent_runs"
	KeyRunsPerSubject = "max_concurrent_runs_per_token"
	KeyRunQueueWait   = "run_queue_wait"
)

// RunLimitError refuses a run that waited in its queue for a run slot
// (MaxRunsPerSubject or MaxRuns, whichever held it) until RunQueueWait
// passed or its request ended.
type RunLimitError struct {
	Subject string
	// Key is the config key of the cap that held the run, Limit its value.
	Key   string
	Limit int
	// Waited is how long the run waited; Cancelled says its request
	// ended first.
	Waited    time.Duration
	Cancelled bool
	// Cause is the request's error when Cancelled.
	Cause error
}

func (e *RunLimitError) Error() string {
	who := "the server runs"
	if e.Key == KeyRunsPerSubject {
		who = fmt.Sprintf("token %q may run", e.Subject)
	}
	if e.Cancelled {
		return fmt.Sprintf("no run started: %s at most %d snippets at once ([session] %s) and the request ended after waiting %s in the queue for one to finish (%v)",
			who, e.Limit, e.Key, e.Waited.Round(time.Millisecond), e.Cause)
	}
	return fmt.Sprintf("no run started: %s at most %d snippets at once ([session] %s) and this run waited %s ([session] %s) in the queue for one to finish; send it again later, or raise [session] %s",
		who, e.Limit, e.Key, e.Waited.Round(time.Millisecond), KeyRunQueueWait, e.Key)
}

// Unwrap returns the request's error of a cancelled wait.
func (e *RunLimitError) Unwrap() error { return e.Cause }

// slots are the run slots of a Manager: at most perSubject runs of one
// subject and total runs in all are in progress; the others wait in
// arrival order. A waiter is admitted when its subject and the server
// both have room and no earlier waiter of its subject waits, so a
// subject's runs start in the order they came (FIFO per subject), and a
// subject at its cap holds back only its own later runs: another
// subject's run passes them. Among subjects with room, the earliest
// waiter goes first. A waiting run holds nothing but its place in the
// queue: no memory grant, no worker process.
type slots struct {
	perSubject, total int

	mu      sync.Mutex
	running map[string]int // runs in progress per subject
	all     int
	queue   []*slotWaiter // in arrival order
}

type slotWaiter struct {
	subject  string
	admitted chan struct{} // closed (with slots.mu held) when the waiter got its slot
}

func newSlots(perSubject, total int) *slots {
	return &slots{perSubject: perSubject, total: total, running: make(map[string]int)}
}

// acquire takes a run slot for subject, waiting in the queue up to wait
// or until ctx is done; it returns how long it waited, or a
// *RunLimitError.
func (q *slots) acquire(ctx context.Context, subject string, wait time.Duration) (time.Duration, error) {
	q.mu.Lock()
	w := &slotWaiter{subject: subject, admitted: make(chan struct{})}
	q.queue = append(q.queue, w)
	q.dispatchLocked()
	select {
	case <-w.admitted:
		q.mu.Unlock()
		return 0, nil
	default:
	}
	q.mu.Unlock()

	start := time.Now()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var cancelled bool
	select {
	case <-w.admitted:
		return time.Since(start), nil
	case <-timer.C:
	case <-ctx.Done():
		cancelled = true
	}
	q.mu.Lock()
	select {
	case <-w.admitted:
		// Admitted as the wait ended: give the slot back to the next.
		q.releaseLocked(subject)
	default:
		for i, o := range q.queue {
			if o == w {
				q.queue = append(q.queue[:i], q.queue[i+1:]...)
				break
			}
		}
	}
	e := &RunLimitError{Subject: subject, Key: KeyRunsPerSubject, Limit: q.perSubject, Waited: time.Since(start), Cancelled: cancelled}
	if q.running[subject] < q.perSubject {
		e.Key, e.Limit = KeyRuns, q.total
	}
	if cancelled {
		e.Cause = context.Cause(ctx)
	}
	q.mu.Unlock()
	return e.Waited, e
}

// release gives back a slot of subject, admitting the next waiters.
func (q *slots) release(subject string) {
	q.mu.Lock()
	q.releaseLocked(subject)
	q.mu.Unlock()
}

func (q *slots) releaseLocked(subject string) {
	q.all--
	if q.running[subject]--; q.running[subject] <= 0 {
		delete(q.running, subject)
	}
	q.dispatchLocked()
}

// dispatchLocked admits waiters in arrival order while there is room. A
// subject whose earliest waiter cannot go is passed over for the rest of
// the scan, which keeps its runs in order. q.mu is held.
func (q *slots) dispatchLocked() {
	var full map[string]bool
	kept := q.queue[:0]
	for _, w := range q.queue {
		if q.all >= q.total || full[w.subject] || q.running[w.subject] >= q.perSubject {
			if full == nil {
				full = make(map[string]bool)
			}
			full[w.subject] = true
			kept = append(kept, w)
			continue
		}
		q.all++
		q.running[w.subject]++
		close(w.admitted)
	}
	clear(q.queue[len(kept):])
	q.queue = kept
}

// counts reports the runs in progress and the runs waiting for a slot.
func (q *slots) counts() (running, queued int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.all, len(q.queue)
}
