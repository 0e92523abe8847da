package session

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

type getResult struct {
	s   *Session
	err error
}

// getAsync opens the session of id in a goroutine; the session (or
// error) comes on the channel.
func getAsync(ctx context.Context, m *Manager, id, subject string) <-chan getResult {
	ch := make(chan getResult, 1)
	go func() {
		s, err := m.GetContext(ctx, id, subject)
		ch <- getResult{s, err}
	}()
	return ch
}

// opened waits up to 30 s for a GetContext to return.
func opened(t *testing.T, ch <-chan getResult, what string) getResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: GetContext did not return", what)
		return getResult{}
	}
}

// stillWaiting fails the test when ch has an answer.
func stillWaiting(t *testing.T, ch <-chan getResult, what string) {
	t.Helper()
	select {
	case r := <-ch:
		t.Fatalf("%s returned (%v, %v), want it still waiting", what, r.s, r.err)
	default:
	}
}

// goroutinesSettle waits up to 30 s for the goroutines of the process to
// come back to at most base.
func goroutinesSettle(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestAttackSessionOpeningWaitsInOrder: a token whose sessions all had a
// run in progress or queued (queued runs hold their session) had a new
// client's session refused at once, so a token with more clients than
// sessions failed under ordinary load. A new session waits, first come
// first served within its token, for the first of the token's sessions
// to become idle, evicts it and opens; the waiters are bounded (as many
// as the token's sessions), another token is not held back by them, and
// a waiter whose request ends or whose wait passes run_queue_wait leaves
// nothing behind: no goroutine, no place in the queue.
func TestAttackSessionOpeningWaitsInOrder(t *testing.T) {
	// Not parallel: it counts the process's goroutines.
	base := runtime.NumGoroutine()
	func() {
		m := NewManager(Options{MaxSessionsPerSubject: 2, MaxSessions: 64, MaxRunsPerSubject: 1, MaxRuns: 8, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
		ctx := context.Background()
		// alice's two sessions are busy: a1's run in progress, a2's
		// queued behind it for alice's one run slot.
		r1, err := get(t, m, "a1", "alice").Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		a2 := beginAsync(ctx, get(t, m, "a2", "alice"))
		waitUntil(t, "a2's run to queue", func() bool { _, q := m.Runs(); return q == 1 })

		// Two more clients of alice wait for a session, in this order.
		a3 := getAsync(ctx, m, "a3", "alice")
		waitUntil(t, "a3 to wait", func() bool { return m.Opening() == 1 })
		cancelA4, cancel := context.WithCancel(ctx)
		a4 := getAsync(cancelA4, m, "a4", "alice")
		waitUntil(t, "a4 to wait", func() bool { return m.Opening() == 2 })

		// A third would pass the bound: refused at once, naming the key.
		_, err = m.Get("a5", "alice")
		var full *FullError
		if !errors.As(err, &full) || full.Crowded != 2 || !strings.Contains(err.Error(), `token "alice" is at its limit of 2 sessions ([session] max_sessions_per_token)`) || !strings.Contains(err.Error(), "2 more requests") {
			t.Errorf("a third waiter: %v", err)
		}
		// Another token opens at once past alice's queue.
		bobCtx, bobCancel := context.WithTimeout(ctx, 30*time.Second)
		if _, err := m.GetContext(bobCtx, "b1", "bob"); err != nil {
			t.Errorf("bob waited behind alice's queue: %v", err)
		}
		bobCancel()
		stillWaiting(t, a3, "a3, with every session of alice busy")

		// a1's run ends: a2's queued run starts (a2 stays busy), a1 is
		// idle and goes to the first waiter, not to the second.
		r1.End()
		got := opened(t, a3, "a3")
		if got.err != nil || got.s.ID() != "a3" {
			t.Fatalf("a3 after a1's run ended: %v, %v", got.s, got.err)
		}
		if _, ok := m.Lookup("a1"); ok {
			t.Error("a1, idle, was not evicted for the waiter")
		}
		stillWaiting(t, a4, "a4, behind a3")
		if _, ok := m.Lookup("a3"); !ok {
			t.Fatal("a3's session was evicted before its run began")
		}
		b2 := within(t, a2, "a2's queued run")
		if b2.err != nil {
			t.Fatal(b2.err)
		}

		// a4's request ends while it waits: refused, gone from the queue.
		cancel()
		got = opened(t, a4, "a4")
		if !errors.As(got.err, &full) || !full.Cancelled || !errors.Is(got.err, context.Canceled) {
			t.Errorf("a4 cancelled: %v", got.err)
		}
		if n := m.Opening(); n != 0 {
			t.Errorf("%d requests still wait after the last was cancelled", n)
		}
		m.mu.Lock()
		if len(m.openers) != 0 || len(m.opening) != 0 {
			t.Errorf("the queue kept %v, %d", m.openers, len(m.opening))
		}
		m.mu.Unlock()
		b2.run.End()
	}()

	// run_queue_wait passes: refused naming both keys to raise.
	func() {
		m := NewManager(Options{MaxSessionsPerSubject: 1, MaxSessions: 64, RunQueueWait: 50 * time.Millisecond, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
		r, err := get(t, m, "a1", "alice").Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.Get("a2", "alice")
		var full *FullError
		if !errors.As(err, &full) || full.Cancelled || full.Waited < 50*time.Millisecond ||
			!strings.Contains(err.Error(), "[session] run_queue_wait") || !strings.Contains(err.Error(), "raise [session] max_sessions_per_token or run_queue_wait") {
			t.Errorf("after run_queue_wait: %v", err)
		}
		if n := m.Opening(); n != 0 {
			t.Errorf("%d requests still wait after the wait passed", n)
		}
		r.End()
		if _, err := m.Get("a2", "alice"); err != nil {
			t.Errorf("after the run ended: %v", err)
		}
	}()
	goroutinesSettle(t, base)
}

// TestSessionOpeningWaitsForTheServerCap: at the server's cap, with every
// session busy, a new session of any token waits for the first to
// become idle or to go (Drop), in arrival order across tokens.
func TestSessionOpeningWaitsForTheServerCap(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxSessionsPerSubject: 4, MaxSessions: 2, MaxRunsPerSubject: 8, MaxRuns: 8, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	ra, err := get(t, m, "a1", "alice").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := get(t, m, "b1", "bob").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c1 := getAsync(ctx, m, "c1", "carol")
	waitUntil(t, "c1 to wait", func() bool { return m.Opening() == 1 })
	d1 := getAsync(ctx, m, "d1", "dave")
	waitUntil(t, "d1 to wait", func() bool { return m.Opening() == 2 })

	// b1 goes (its client disconnected) while its run is in progress:
	// its place goes to the first waiter.
	m.Drop("b1")
	if got := opened(t, c1, "c1"); got.err != nil {
		t.Fatal(got.err)
	}
	stillWaiting(t, d1, "d1, behind c1")
	rb.End()
	stillWaiting(t, d1, "d1, with b1 gone and not idle")
	ra.End()
	if got := opened(t, d1, "d1"); got.err != nil {
		t.Fatal(got.err)
	}
	if _, ok := m.Lookup("a1"); ok {
		t.Error("a1, idle, was not evicted for the waiter")
	}
	// c1 and d1 are reserved for their requests, which begin no run:
	// erin waits until the reservations end, then evicts one of them.
	bounded, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := m.GetContext(bounded, "e1", "erin"); err != nil {
		t.Errorf("erin, once the reservations ended: %v", err)
	}
	if m.Len() != 2 {
		t.Errorf("sessions %v, want 2", m.IDs())
	}
}

// TestAttackSessionOpeningStarvesAToken: two tokens, each within its own
// cap, held every session of max_sessions busy and queued more requests
// for sessions; a third token's one request came after theirs and, the
// sessions that freed going in arrival order, waited until every earlier
// request of theirs had opened (past run_queue_wait: refused). Now a
// session that frees goes to the token holding the fewest sessions, then
// the one served longest ago: the calm token's request opens with the
// first session that frees, before the floods' queued ones, which still
// open in their own order.
func TestAttackSessionOpeningStarvesAToken(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxSessionsPerSubject: 4, MaxSessions: 4, MaxRunsPerSubject: 8, MaxRuns: 8, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	runs := map[string]*Run{}
	for _, id := range []string{"f1a", "f1b", "f2a", "f2b"} {
		r, err := get(t, m, id, "flood"+id[1:2]).Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		runs[id] = r
	}
	var waiters []<-chan getResult
	for i, id := range []string{"f1c", "f2c", "f1d", "f2d", "calm"} {
		subject := "calm"
		if id != "calm" {
			subject = "flood" + id[1:2]
		}
		waiters = append(waiters, getAsync(ctx, m, id, subject))
		waitUntil(t, id+" to wait", func() bool { return m.Opening() == i+1 })
	}
	calm := waiters[4]

	// flood1's first run ends: its session is idle, and the calm token,
	// holding none, takes it (flood1 holds more), before flood1's own
	// request that came first.
	runs["f1a"].End()
	got := opened(t, calm, "the calm token's request, after a session became idle")
	if got.err != nil || got.s.ID() != "calm" {
		t.Fatalf("calm: %v, %v", got.s, got.err)
	}
	if _, ok := m.Lookup("f1a"); ok {
		t.Error("f1a, idle, was not evicted for the calm token")
	}
	for i, w := range waiters[:4] {
		stillWaiting(t, w, fmt.Sprintf("flood request %d, with no session free", i))
	}
	// flood2's first run ends: flood1 (1 session) goes before flood2 (2),
	// and takes flood2's idle session; its first request, not its second.
	runs["f2a"].End()
	if got := opened(t, waiters[0], "f1c"); got.err != nil || got.s.ID() != "f1c" {
		t.Fatalf("f1c: %v, %v", got.s, got.err)
	}
	for i, w := range waiters[1:4] {
		stillWaiting(t, w, fmt.Sprintf("flood request %d", i+1))
	}
	// The rest open as sessions free, each token's in its order. The
	// sessions opened for requests that begin no run are reserved for
	// reserveGrace, then evicted for the next.
	runs["f1b"].End()
	runs["f2b"].End()
	for i, id := range []string{"f2c", "f1d", "f2d"} {
		if got := opened(t, waiters[i+1], id); got.err != nil || got.s.ID() != id {
			t.Fatalf("%s: %v, %v", id, got.s, got.err)
		}
	}
	// The turns of tokens that hold no session and wait for none are
	// forgotten at the next opening: a token per request leaves nothing.
	for _, id := range m.IDs() {
		m.Drop(id)
	}
	get(t, m, "x1", "another")
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.served) != 1 {
		t.Errorf("turns kept for %v, want only the token holding a session", m.served)
	}
}

// TestAttackSessionEvictsAnotherTokensState: at the server's cap, a new
// session evicted the least recently used idle session of any token: a
// token holding as many sessions as another, or more, destroyed the
// other's globals by opening one more. It evicts only its own or those of
// a token holding more than it; otherwise it waits.
func TestAttackSessionEvictsAnotherTokensState(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxSessionsPerSubject: 4, MaxSessions: 3, MaxRunsPerSubject: 8, MaxRuns: 8, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	use(t, get(t, m, "a1", "alice")) // idle, used first: the least recently used
	rb1, err := get(t, m, "b1", "bob").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rb2, err := get(t, m, "b2", "bob").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// bob holds two busy sessions, alice one idle: bob's third waits.
	b3 := getAsync(ctx, m, "b3", "bob")
	waitUntil(t, "b3 to wait", func() bool { return m.Opening() == 1 })
	stillWaiting(t, b3, "b3, with only alice's idle session to evict")
	if _, ok := m.Lookup("a1"); !ok {
		t.Fatal("bob, holding more sessions than alice, evicted alice's session")
	}
	// bob's own session becomes idle: b3 takes it.
	rb1.End()
	got := opened(t, b3, "b3")
	if got.err != nil {
		t.Fatal(got.err)
	}
	if _, ok := m.Lookup("b1"); ok {
		t.Error("b1, bob's idle session, was not evicted for b3")
	}
	if _, ok := m.Lookup("a1"); !ok {
		t.Error("alice's session was evicted for bob's")
	}
	rb3, err := got.s.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// carol holds none: she may take the idle session of a token holding
	// more, alice's (bob's are busy).
	bounded, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := m.GetContext(bounded, "c1", "carol"); err != nil {
		t.Fatalf("carol: %v", err)
	}
	if _, ok := m.Lookup("a1"); ok {
		t.Error("carol, holding none, did not evict alice's idle session")
	}
	// bob, holding two busy sessions, may not evict carol's idle one: it
	// waits, and is refused when its request ends, naming the server's
	// cap.
	short, cancelShort := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancelShort()
	_, err = m.GetContext(short, "b4", "bob")
	var full *FullError
	if !errors.As(err, &full) || !full.Cancelled || full.Key != KeySessions || !strings.Contains(err.Error(), `no more sessions than token "bob"`) {
		t.Errorf("b4: %v", err)
	}
	if _, ok := m.Lookup("c1"); !ok {
		t.Error("bob evicted carol's session")
	}
	rb2.End()
	rb3.End()
}

// A session id opened by one subject is never handed to another: not by
// GetContext (an error), not by LookupFor.
func TestSessionBelongsToItsSubject(t *testing.T) {
	m := NewManager(Options{})
	a, err := m.Get("shared", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := m.Get("shared", "mallory"); err == nil || s != nil {
		t.Fatalf("Get of alice's session id for mallory = %v, %v; want an error", s, err)
	} else if !strings.Contains(err.Error(), "another token") {
		t.Errorf("error %q does not say the session is another token's", err)
	}
	if s, ok := m.LookupFor("shared", "mallory"); ok || s != nil {
		t.Errorf("LookupFor of alice's session for mallory found it")
	}
	if s, ok := m.LookupFor("shared", "alice"); !ok || s != a {
		t.Errorf("LookupFor of alice's own session = %v, %v", s, ok)
	}
	if s, err := m.Get("shared", "alice"); err != nil || s != a {
		t.Errorf("Get of alice's own session = %v, %v", s, err)
	}
}
