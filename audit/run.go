package audit

import (
	"context"
	"sync"
)

// RunEscalations follows the escalation questions asked during one run, so
// that its run_end can list those the run's end cut short
// (Event.EscalationsCancelled). An escalation event carries no run id (its
// answer can land after the run is over); this list ties it to the run.
// The zero value is not usable; a nil *RunEscalations ignores everything.
type RunEscalations struct {
	mu        sync.Mutex
	next      int
	pending   map[int]string // asked, not answered yet
	cancelled []string       // answered only because the run ended
}

type runEscalationsKey struct{}

// WithRunEscalations returns ctx carrying a fresh tracker for the run
// about to start on it, and the tracker.
func WithRunEscalations(ctx context.Context) (context.Context, *RunEscalations) {
	r := &RunEscalations{pending: map[int]string{}}
	return context.WithValue(ctx, runEscalationsKey{}, r), r
}

// RunEscalationsFrom is the tracker of the run ctx belongs to, or nil.
func RunEscalationsFrom(ctx context.Context) *RunEscalations {
	r, _ := ctx.Value(runEscalationsKey{}).(*RunEscalations)
	return r
}

// Begin records that an escalation of capability (its canonical id) is
// being asked. Call the returned function once it is answered, with
// cancelled true when the run's context had ended by then.
func (r *RunEscalations) Begin(capability string) (end func(cancelled bool)) {
	if r == nil {
		return func(bool) {}
	}
	r.mu.Lock()
	id := r.next
	r.next++
	r.pending[id] = capability
	r.mu.Unlock()
	var once sync.Once
	return func(cancelled bool) {
		once.Do(func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			if _, ok := r.pending[id]; !ok {
				return // already counted as cancelled by Cancelled
			}
			delete(r.pending, id)
			if cancelled {
				r.cancelled = append(r.cancelled, capability)
			}
		})
	}
}

// Cancelled lists, for run_end, the escalations the run's end cut short:
// those answered only because the run ended, then those still unanswered
// (which count as cancelled from now on), in the order they were asked.
func (r *RunEscalations) Cancelled() []string {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]string(nil), r.cancelled...)
	for id := 0; id < r.next; id++ {
		if c, ok := r.pending[id]; ok {
			out = append(out, c)
			delete(r.pending, id)
		}
	}
	r.cancelled = nil
	return out
}
