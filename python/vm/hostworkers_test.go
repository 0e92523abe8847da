package vm

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"
)

// goroutineID is the running goroutine's number, from its stack's header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := bytes.Fields(buf)
	if len(f) < 2 {
		return ""
	}
	return string(f[1])
}

type funcWork func(ctx context.Context) (any, error)

func (f funcWork) Run(ctx context.Context) (any, error) { return f(ctx) }

// TestHostWorkersReusedAndRetired: a host call made after another has
// finished runs on the goroutine that ran the first (which keeps the stack
// it grew), a burst of calls leaves at most maxIdleHostWorkers waiting, and
// those go away once no call comes for hostWorkerIdle. Each call still
// gets its own context, cancelled when it ends, and a panic is its error.
func TestHostWorkersReusedAndRetired(t *testing.T) {
	done := make(chan completion, 64)
	call := func(w HostWork) (*Future, context.Context) {
		ctx := newCallCtx(context.Background())
		f := &Future{name: "work"}
		startHostJob(hostJob{f: f, run: w, ctx: ctx, done: done})
		return f, ctx
	}
	wait := func(f *Future) completion {
		t.Helper()
		select {
		case c := <-done:
			if c.f != f {
				t.Fatalf("completion of another call")
			}
			return c
		case <-time.After(30 * time.Second):
			t.Fatal("a host call never completed")
		}
		return completion{}
	}
	// Calls one after another, each made once the last one's worker
	// waits: a loaded machine may still start one before the worker is
	// ready (then the call gets a new goroutine), but not every one.
	prev, reused := "", 0
	for i := 0; i < 20 && reused < 2; i++ {
		for w := 0; w < 1000 && hostIdleCount.Load() == 0 && prev != ""; w++ {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond)
		f, ctx := call(funcWork(func(context.Context) (any, error) { return goroutineID(), nil }))
		c := wait(f)
		if id := c.v.(string); id == prev {
			reused++
		} else {
			prev = id
		}
		if ctx.Err() == nil {
			t.Errorf("call %d: its context was not cancelled when it ended", i)
		}
	}
	if reused == 0 {
		t.Error("no call made after another finished ran on the goroutine that ran it")
	}
	f, _ := call(funcWork(func(context.Context) (any, error) { panic("kaboom") }))
	if c := wait(f); c.err == nil {
		t.Error("a panicking call completed without an error")
	}
	// A burst: 20 calls in flight at once, each waiting for all.
	release := make(chan struct{})
	var fs []*Future
	for i := 0; i < 20; i++ {
		f, _ := call(funcWork(func(ctx context.Context) (any, error) { <-release; return nil, nil }))
		fs = append(fs, f)
	}
	close(release)
	for range fs {
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("a call of the burst never completed")
		}
	}
	deadline := time.Now().Add(40 * time.Second)
	for hostIdleCount.Load() != 0 && time.Now().Before(deadline) {
		if n := hostIdleCount.Load(); n > maxIdleHostWorkers {
			t.Fatalf("%d workers waiting, at most %d may", n, maxIdleHostWorkers)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := hostIdleCount.Load(); n != 0 {
		t.Errorf("%d workers still waiting long after the last call", n)
	}
}
