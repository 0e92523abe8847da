package vm

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

func closedWithin(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s was never closed", what)
	}
}

func stillOpen(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
		t.Fatalf("%s is closed", what)
	default:
	}
}

// TestCallCtxFollowsRunAndCall: a host call's context answers Err as soon
// as the run's context is done (and is then done), Done asked after that
// is closed, and it is done when the call is cancelled (context.Canceled),
// and so are contexts the work derives from it; cancelling the call
// leaves the run's context alone. (That the loop cancels the calls in
// flight when the run's context is done: TestCancellationStopsQuickly and
// TestCancelledHostCallsLeaveNoGoroutines in package python.)
func TestCallCtxFollowsRunAndCall(t *testing.T) {
	type key struct{}
	t.Run("run cancelled", func(t *testing.T) {
		run, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
		c := newCallCtx(run)
		if c.Value(key{}) != "v" {
			t.Fatal("the run's values are not the call's")
		}
		d := c.Done()
		sub, subCancel := context.WithTimeout(c, time.Hour)
		defer subCancel()
		stillOpen(t, "Done", d)
		if c.Err() != nil {
			t.Fatal("Err before any cancellation")
		}
		cancel()
		// The loop cancels its calls when the run's context is done;
		// until then Err already answers, and cancels the call.
		if !errors.Is(c.Err(), context.Canceled) {
			t.Fatalf("Err %v", c.Err())
		}
		closedWithin(t, "Done", d)
		closedWithin(t, "a derived context's Done", sub.Done())
		if !errors.Is(sub.Err(), context.Canceled) {
			t.Fatalf("derived Err %v", sub.Err())
		}
	})
	t.Run("run past its deadline, Done never asked", func(t *testing.T) {
		run, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		c := newCallCtx(run)
		<-run.Done()
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err %v, want the run's deadline", c.Err())
		}
		closedWithin(t, "Done asked after Err", c.Done())
		if dl, ok := c.Deadline(); !ok || dl.IsZero() {
			t.Fatal("the run's deadline is not the call's")
		}
	})
	t.Run("call cancelled", func(t *testing.T) {
		run, cancel := context.WithCancel(context.Background())
		defer cancel()
		c := newCallCtx(run)
		sub, subCancel := context.WithCancel(c)
		defer subCancel()
		ran := make(chan struct{})
		context.AfterFunc(c, func() { close(ran) })
		stopped := make(chan struct{})
		stop := context.AfterFunc(c, func() { close(stopped) })
		if !stop() {
			t.Fatal("stop of a pending AfterFunc reported false")
		}
		c.Cancel()
		c.Cancel() // a second cancellation changes nothing
		closedWithin(t, "Done", c.Done())
		closedWithin(t, "a derived context's Done", sub.Done())
		closedWithin(t, "an AfterFunc", ran)
		stillOpen(t, "a stopped AfterFunc", stopped)
		if !errors.Is(c.Err(), context.Canceled) {
			t.Fatalf("Err %v", c.Err())
		}
		if run.Err() != nil {
			t.Fatal("cancelling the call cancelled the run")
		}
		if c.funcs != nil {
			t.Fatal("a cancelled call still holds its AfterFunc callbacks")
		}
		late := make(chan struct{})
		context.AfterFunc(c, func() { close(late) })
		closedWithin(t, "an AfterFunc after the cancellation", late)
	})
}

// TestCallCtxDerivedWithoutGoroutines: contexts derived from a call's
// context (what the dispatch chain does for every call) follow it through
// its AfterFunc, not with a goroutine each, as they would follow a
// context.WithCancel; cancelling the call ends them all.
func TestCallCtxDerivedWithoutGoroutines(t *testing.T) {
	run, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := newCallCtx(run)
	before := runtime.NumGoroutine()
	const n = 200
	subs := make([]context.Context, n)
	for i := range subs {
		var subCancel context.CancelFunc
		subs[i], subCancel = context.WithTimeout(c, time.Hour)
		defer subCancel()
	}
	if grown := runtime.NumGoroutine() - before; grown > n/4 {
		t.Fatalf("%d goroutines for %d derived contexts", grown, n)
	}
	c.Cancel()
	for _, s := range subs {
		closedWithin(t, "a derived context's Done", s.Done())
	}
}
