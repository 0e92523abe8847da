package session

import (
	"context"
	"fmt"
	"math"
	"slices"
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
// subject's run passes them. Among subjects with room, the one with the
// fewest runs in progress goes first, then the one with the least recent
// time in run slots (see before), then the earliest waiter. A waiting run holds nothing but its place in the
// queue: no memory grant, no worker process.
type slots struct {
	perSubject, total int

	mu      sync.Mutex
	running map[string]int // runs in progress per subject
	all     int
	queue   []*slotWaiter // in arrival order
	// served is when each subject with runs in progress or waiting last
	// got a slot (a count of admissions), for the turns of dispatchLocked.
	served    map[string]uint64
	admission uint64
	// held is each subject's recent time in run slots (slotTime), the
	// turn's weight after its runs in progress.
	held map[string]*slotTime
	now  func() time.Time
}

// slotTime is a subject's run-slot seconds, decayed by half every
// slotTimeHalfLife, as of at, while running of its runs are in progress.
// A run slot is at most a core: a subject's slot time bounds the CPU its
// runs took, and a subject whose runs loop until their timeout gathers
// it as fast as it can.
type slotTime struct {
	seconds float64
	at      time.Time
	running int
}

// slotTimeHalfLife is how fast slot time is forgotten.
const slotTimeHalfLife = time.Minute

// valueAt is the decayed slot time at now, the runs in progress since
// at included.
func (t *slotTime) valueAt(now time.Time) float64 {
	dt := now.Sub(t.at).Seconds()
	if dt <= 0 {
		return t.seconds
	}
	rate := math.Ln2 / slotTimeHalfLife.Seconds()
	decay := math.Exp(-rate * dt)
	// The runs in progress add running seconds every second, each
	// decayed from when it was spent.
	return t.seconds*decay + float64(t.running)*(1-decay)/rate
}

// heldLocked adds d runs in progress to subject's slot time. q.mu is
// held.
func (q *slots) heldLocked(subject string, d int) {
	now := q.now()
	t := q.held[subject]
	if t == nil {
		t = &slotTime{at: now}
		q.held[subject] = t
	}
	t.seconds, t.at = t.valueAt(now), now
	t.running += d
	if t.running == 0 && t.seconds < 0.01 {
		delete(q.held, subject)
	}
	if len(q.held) > maxSlotTimes {
		// Forget the subjects idle with the least slot time (tokens are
		// few; identities behind one token are not subjects here).
		for k, o := range q.held {
			if o.running == 0 && o.valueAt(now) < 1 {
				delete(q.held, k)
			}
		}
	}
}

// maxSlotTimes bounds the subjects whose slot time is kept past their runs.
const maxSlotTimes = 4096

type slotWaiter struct {
	subject  string
	admitted chan struct{} // closed (with slots.mu held) when the waiter got its slot
}

func newSlots(perSubject, total int) *slots {
	return &slots{perSubject: perSubject, total: total, running: make(map[string]int), served: make(map[string]uint64), held: make(map[string]*slotTime), now: time.Now}
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
		q.forgetLocked(subject)
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
	q.heldLocked(subject, -1)
	q.dispatchLocked()
	q.forgetLocked(subject)
}

// forgetLocked drops the turn of subject once it has no run in progress
// and none waiting. q.mu is held.
func (q *slots) forgetLocked(subject string) {
	if q.running[subject] > 0 {
		return
	}
	for _, w := range q.queue {
		if w.subject == subject {
			return
		}
	}
	delete(q.served, subject)
}

// dispatchLocked admits waiters while there is room. Each subject's runs
// start in the order they came (only its earliest waiter may go), and a
// subject at its own cap holds back only its own. When the server's cap
// is what waiters share, the next slot goes to the subject with the
// fewest runs in progress, then to the one with less recent time in run
// slots, then to the one served longest ago (one never served first),
// then to the earliest waiter: in arrival order alone,
// the tokens whose queues were longest took every slot that freed (each
// of their queued runs had come before a later token's one run), and a
// token whose runs end and queue again kept another token's run waiting
// until run_queue_wait refused it. q.mu is held.
func (q *slots) dispatchLocked() {
	for q.all < q.total && len(q.queue) > 0 {
		best := -1
		var seen map[string]bool
		for i, w := range q.queue {
			if seen[w.subject] {
				continue // not the subject's earliest waiter
			}
			if seen == nil {
				seen = make(map[string]bool)
			}
			seen[w.subject] = true
			if q.running[w.subject] >= q.perSubject || !q.fairShareLocked(w.subject) {
				continue
			}
			if best < 0 || q.before(w.subject, q.queue[best].subject) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := q.queue[best]
		q.queue = slices.Delete(q.queue, best, best+1)
		q.all++
		q.running[w.subject]++
		q.heldLocked(w.subject, 1)
		q.admission++
		q.served[w.subject] = q.admission
		close(w.admitted)
	}
}

// fairShareLocked reports whether subject may take one of the free slots:
// while it holds fewer runs than slots are left free, the rule the audit
// queue, the HTTP body budget and an upstream server's call slots share.
// Among subjects that want slots, k of them hold about 1/(k+1) each and
// one with no run in progress gets the last free slot: tokens each at
// their own cap (a quarter of the server's by default) held every slot
// with long runs, and another token's run waited run_queue_wait and was
// refused for as long as they ran. A subject alone (no other's run in
// progress or waiting) takes up to its own cap, as stdio's one client
// does. q.mu is held.
func (q *slots) fairShareLocked(subject string) bool {
	return q.running[subject] < q.total-q.all || q.all == q.running[subject] && !q.othersWaitLocked(subject)
}

// othersWaitLocked reports whether a subject other than subject has a run
// waiting. q.mu is held.
func (q *slots) othersWaitLocked(subject string) bool {
	for _, w := range q.queue {
		if w.subject != subject {
			return true
		}
	}
	return false
}

// before reports whether subject a's turn comes before b's: fewer runs
// in progress, else less recent slot time (slotTime: seconds in run
// slots, halved every minute), else served longer ago. By admissions
// alone, a token whose runs each looped until their timeout got every
// other turn, as a token whose runs took a moment did, and held the
// slots (and the cores) most of the time; the token that used less
// recently now goes first. q.mu is held.
func (q *slots) before(a, b string) bool {
	if ra, rb := q.running[a], q.running[b]; ra != rb {
		return ra < rb
	}
	now := q.now()
	var ha, hb float64
	if t := q.held[a]; t != nil {
		ha = t.valueAt(now)
	}
	if t := q.held[b]; t != nil {
		hb = t.valueAt(now)
	}
	// Within a tenth of a second of each other they are even: the order
	// by admissions decides.
	if math.Abs(ha-hb) >= 0.1 {
		return ha < hb
	}
	return q.served[a] < q.served[b]
}

// counts reports the runs in progress and the runs waiting for a slot.
func (q *slots) counts() (running, queued int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.all, len(q.queue)
}
