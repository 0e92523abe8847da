package session

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/python"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newClock() *clock { return &clock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func TestGlobalsPersistRollbackAndReset(t *testing.T) {
	t.Parallel()
	if unsafe.Sizeof(python.Globals{}) == 0 {
		// Distinct namespaces are told apart by identity below.
		t.Skip("python.Globals is still a zero-size placeholder: distinct namespaces may share one address")
	}
	m := NewManager(Options{})
	s := mustGet(t, m, "a")
	if mustGet(t, m, "a") != s {
		t.Fatal("Get returned a different session for the same id")
	}
	if mustGet(t, m, "b") == s {
		t.Fatal("two ids share a session")
	}

	r1, err := s.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g1 := globalsOf(r1)
	r1.End()
	r1.End() // idempotent: must not release the session twice

	r2, _ := s.Begin(context.Background())
	if globalsOf(r2) != g1 {
		t.Error("a successful run's globals were not kept for the next run")
	}
	r2.Rollback()
	r2.End()

	r3, _ := s.Begin(context.Background())
	if globalsOf(r3) == g1 {
		t.Error("a rolled-back run's globals were kept")
	}
	g3 := globalsOf(r3)
	r3.RequestReset()
	if !r3.ResetRequested() {
		t.Error("ResetRequested = false after RequestReset")
	}
	r3.End()

	r4, _ := s.Begin(context.Background())
	if globalsOf(r4) == g3 {
		t.Error("reset_session did not clear the globals")
	}
	r4.End()
	if s.Runs() != 4 {
		t.Errorf("Runs = %d, want 4", s.Runs())
	}
}

// globalsOf is the in-process namespace of a run (the manager's default
// state).
func globalsOf(r *Run) *python.Globals { return r.State.(*backend.LocalSession).Globals() }

// runIn runs code in a session run's globals with the real interpreter.
func runIn(t *testing.T, r *Run, code string) {
	t.Helper()
	prog, err := python.Compile("<test>", code, python.CompileOptions{Snippet: true})
	if err != nil {
		t.Skipf("the interpreter cannot compile yet: %v", err)
	}
	if _, err := prog.Run(context.Background(), python.RunOptions{Globals: globalsOf(r)}); err != nil {
		t.Skipf("the interpreter cannot run yet: %v", err)
	}
}

func TestRollbackAndResetByContent(t *testing.T) {
	t.Parallel()
	s := mustGet(t, NewManager(Options{}), "a")
	get := func(name string) (any, bool) {
		r, _ := s.Begin(context.Background())
		defer r.End()
		return globalsOf(r).Get(name)
	}

	r, _ := s.Begin(context.Background())
	runIn(t, r, "x = 1")
	r.End()

	// A rolled-back run loses its bindings and its reset request.
	r, _ = s.Begin(context.Background())
	runIn(t, r, "x = 2\ny = 3")
	r.RequestReset()
	r.Rollback()
	r.End()
	if v, ok := get("x"); !ok || v != int64(1) {
		t.Errorf("after rollback x = %v (%v), want 1", v, ok)
	}
	if _, ok := get("y"); ok {
		t.Error("a rolled-back binding survived")
	}

	// A finished run's reset clears everything after it.
	r, _ = s.Begin(context.Background())
	runIn(t, r, "z = 4")
	r.RequestReset()
	r.End()
	if _, ok := get("x"); ok {
		t.Error("reset_session kept x")
	}
}

func TestOneRunAtATime(t *testing.T) {
	t.Parallel()
	s := mustGet(t, NewManager(Options{}), "x")
	var inside, maxInside atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			r, err := s.Begin(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			n := inside.Add(1)
			for {
				old := maxInside.Load()
				if n <= old || maxInside.CompareAndSwap(old, n) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			inside.Add(-1)
			r.End()
		})
	}
	wg.Wait()
	if maxInside.Load() != 1 {
		t.Errorf("%d runs overlapped in one session", maxInside.Load())
	}

	r, _ := s.Begin(context.Background())
	defer r.End()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := s.Begin(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Begin on a busy session = %v, want DeadlineExceeded", err)
	}
}

func TestIdleExpiry(t *testing.T) {
	t.Parallel()
	c := newClock()
	m := NewManager(Options{IdleTimeout: time.Minute, Now: c.Now})
	idle := mustGet(t, m, "idle")
	e, err := idle.Results().Save("kept?", "")
	if err != nil {
		t.Fatal(err)
	}
	busy := mustGet(t, m, "busy")
	run, _ := busy.Begin(context.Background())

	c.Add(30 * time.Second)
	if n := m.Sweep(); n != 0 {
		t.Fatalf("Sweep freed %d sessions before the idle timeout", n)
	}
	c.Add(31 * time.Second)
	if n := m.Sweep(); n != 1 {
		t.Fatalf("Sweep freed %d sessions, want 1 (the busy one stays)", n)
	}
	if _, ok := m.Lookup("idle"); ok {
		t.Error("expired session still present")
	}
	if _, err := idle.Results().Load(e.Handle); err == nil {
		t.Error("expired session's results were not freed")
	}
	if _, ok := m.Lookup("busy"); !ok {
		t.Error("busy session expired")
	}
	run.End()

	again := mustGet(t, m, "idle")
	r, _ := again.Begin(context.Background())
	if !strings.Contains(r.Notice, "expired") {
		t.Errorf("Notice = %q, want it to say the session expired", r.Notice)
	}
	r.End()
	r, _ = again.Begin(context.Background())
	if r.Notice != "" {
		t.Errorf("Notice repeated on the second run: %q", r.Notice)
	}
	r.End()

	m.Drop("busy")
	if got := m.IDs(); len(got) != 1 || got[0] != "idle" {
		t.Errorf("IDs = %v, want [idle]", got)
	}
}

func TestRunSweeperStops(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{IdleTimeout: time.Millisecond})
	mustGet(t, m, "a")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { m.Run(ctx); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for m.Len() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if m.Len() != 0 {
		t.Error("the sweeper did not free an idle session")
	}
	cancel()
	<-done
}

func TestRetainedBytesCountsResults(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{})
	s := mustGet(t, m, "a")
	if _, err := s.Results().Save("0123456789", ""); err != nil {
		t.Fatal(err)
	}
	if got := m.RetainedBytes(); got < 12 {
		t.Errorf("RetainedBytes = %d, want at least the 12 bytes of the saved JSON", got)
	}
	if s.MaxMemoryBytes() != DefaultMaxMemoryBytes {
		t.Errorf("MaxMemoryBytes = %d", s.MaxMemoryBytes())
	}
}

func mustGet(t *testing.T, m *Manager, id string) *Session {
	t.Helper()
	s, err := m.Get(id, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
