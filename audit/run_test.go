package audit

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestRunEscalationsCancelled: run_end lists the escalations answered only
// because the run ended and those still unanswered, in the order asked;
// answered ones are not listed, and a late answer after run_end does not
// list one twice.
func TestRunEscalationsCancelled(t *testing.T) {
	t.Parallel()
	ctx, r := WithRunEscalations(context.Background())
	if RunEscalationsFrom(ctx) != r {
		t.Fatal("the tracker is not on the context")
	}
	answered := r.Begin("cli:a")
	cut := r.Begin("cli:b")
	pending := r.Begin("cli:c")
	answered(false)
	cut(true)
	if got := r.Cancelled(); !reflect.DeepEqual(got, []string{"cli:b", "cli:c"}) {
		t.Errorf("Cancelled() = %v", got)
	}
	pending(true) // lands after run_end
	if got := r.Cancelled(); len(got) != 0 {
		t.Errorf("second Cancelled() = %v", got)
	}
	// No tracker: nothing happens.
	RunEscalationsFrom(context.Background()).Begin("cli:x")(true)
}

// TestRunEndCarriesEscalationsCancelled: the list is on every run_end
// (empty as []), on no other event.
func TestRunEndCarriesEscalationsCancelled(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	l := New(&b, nil)
	l.Log(Event{Event: EventRunStart, RunID: "run_1"})
	l.Log(Event{Event: EventRunEnd, RunID: "run_1"})
	l.Log(Event{Event: EventRunEnd, RunID: "run_2", EscalationsCancelled: []string{"cli:git"}})
	_ = l.Close()
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if strings.Contains(lines[0], "escalations_cancelled") || !strings.Contains(lines[1], `"escalations_cancelled":[]`) || !strings.Contains(lines[2], `"escalations_cancelled":["cli:git"]`) {
		t.Errorf("lines:\n%s", b.String())
	}
}
