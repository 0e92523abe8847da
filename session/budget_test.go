package session

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/backend"
)

// sizedState is a session state whose retained size the test sets, as
// the interpreter (in this process or a worker) reports it after a run.
type sizedState struct {
	mu   sync.Mutex
	size int64
	next int64 // the size after the run in progress ends
}

func (s *sizedState) Begin() string { return "" }
func (s *sizedState) End(mode backend.EndMode) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if mode == backend.EndKeep {
		s.size = s.next
	}
}
func (s *sizedState) SizeBytes() int64 { s.mu.Lock(); defer s.mu.Unlock(); return s.size }
func (s *sizedState) Names() []string  { return nil }
func (s *sizedState) Close()           {}

// retain makes the run in progress leave n bytes of globals.
func retain(r *Run, n int64) {
	st := r.State.(*sizedState)
	st.mu.Lock()
	st.next = n
	st.mu.Unlock()
}

const mb = int64(1 << 20)

func budgetManager(clk *clock, wait time.Duration) *Manager {
	return NewManager(Options{Now: clk.Now, NewState: func() backend.Session { return &sizedState{} },
		MaxMemoryBytes: 100 * mb, MaxRetainedBytesPerSubject: 250 * mb, MaxRetainedBytes: 400 * mb, BudgetWait: wait,
		MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns}) // the budgets alone hold runs back
}

// manyRuns is a run cap no test of the memory budgets reaches: they run
// more snippets of one token at once than a small host's default cap.
const manyRuns = 1 << 10

func begin(t *testing.T, m *Manager, id, subject string) (*Run, error) {
	t.Helper()
	return get(t, m, id, subject).Begin(context.Background())
}

// TestAttackRunningMemoryBudget: N sessions of one token, each running a
// snippet that may reach max_memory_mb, once took N times that limit
// together (only what idle sessions held was capped). Every run is now
// granted its limit out of the token's and the server's budget when it
// begins: the grants of a token's runs never pass its budget, the one
// that does not fit runs with what is left (told so) or is refused with
// the limit and the config key named; a session dropped while its run
// goes on keeps its grant charged until the run ends.
func TestAttackRunningMemoryBudget(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := budgetManager(clk, 20*time.Millisecond)

	var alice []*Run
	for _, id := range []string{"a1", "a2", "a3"} {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatalf("alice's run in %s: %v", id, err)
		}
		alice = append(alice, r)
	}
	if got := []int64{alice[0].MaxMemoryBytes, alice[1].MaxMemoryBytes, alice[2].MaxMemoryBytes}; got[0] != 100*mb || got[1] != 100*mb || got[2] != 50*mb {
		t.Errorf("alice's grants = %v MiB, want 100, 100 and the 50 left of her 250", []int64{got[0] / mb, got[1] / mb, got[2] / mb})
	}
	if n := alice[2].Notice; !strings.Contains(n, "memory limit is 50 MiB, not 100 MiB") || !strings.Contains(n, "max_retained_mb_per_token") {
		t.Errorf("the reduced run is not told why: %q", n)
	}
	_, err := begin(t, m, "a4", "alice")
	var be *BudgetError
	if !errors.As(err, &be) || be.Key != KeyBudgetPerSubject || !strings.Contains(err.Error(), `token "alice"`) || !strings.Contains(err.Error(), "[session] max_retained_mb_per_token") {
		t.Errorf("alice's fourth run while three hold her budget: %v", err)
	}

	// Bob is bounded by the server's budget: 400 - 250 = 150.
	b1, err := begin(t, m, "b1", "bob")
	if err != nil || b1.MaxMemoryBytes != 100*mb {
		t.Fatalf("bob's first run: %v, %v", b1, err)
	}
	b2, err := begin(t, m, "b2", "bob")
	if err != nil || b2.MaxMemoryBytes != 50*mb || !strings.Contains(b2.Notice, "[session] max_retained_mb)") {
		t.Fatalf("bob's second run: %+v, %v", b2, err)
	}
	if _, err := begin(t, m, "b3", "bob"); !errors.As(err, &be) || be.Key != KeyBudget {
		t.Errorf("bob's third run with the server's budget held: %v", err)
	}

	// Alice's client goes away during a run: the session is freed, but the
	// run goes on and stays charged.
	m.Drop("a1")
	if _, err := begin(t, m, "a5", "alice"); !errors.As(err, &be) {
		t.Errorf("a dropped session's run in progress no longer counts: %v", err)
	}
	alice[0].End()
	if r, err := begin(t, m, "a5", "alice"); err != nil || r.MaxMemoryBytes != 100*mb {
		t.Errorf("after the dropped session's run ended: %v, %v", r, err)
	} else {
		r.End()
	}

	// Runs end holding memory; a new run of alice's that would lose more
	// than a quarter of its limit evicts her least recently used idle
	// sessions to get it, and never bob's.
	retain(alice[1], 95*mb)
	alice[1].End()
	clk.Add(time.Second)
	retain(alice[2], 50*mb)
	alice[2].End()
	clk.Add(time.Second)
	b1.End()
	b2.End()
	a5, err := begin(t, m, "a5", "alice")
	if err != nil {
		t.Fatal(err)
	}
	retain(a5, 40*mb)
	a5.End()
	clk.Add(time.Second)
	// alice holds 185 MiB idle; a run of 100 fits her 250 only without a2.
	r, err := begin(t, m, "a6", "alice")
	if err != nil || r.MaxMemoryBytes != 100*mb {
		t.Fatalf("alice's run needing room: %v, %v", r, err)
	}
	if _, ok := m.Lookup("a2"); ok {
		t.Errorf("alice's least recently used idle session (95 MiB) was kept: %v", m.IDs())
	}
	if _, ok := m.Lookup("a3"); !ok {
		t.Errorf("more was evicted than needed: %v", m.IDs())
	}
	for _, id := range []string{"b1", "b2"} {
		if _, ok := m.Lookup(id); !ok {
			t.Errorf("alice's run evicted bob's %s", id)
		}
	}
	r.End()
	back, err := begin(t, m, "a2", "alice")
	if err != nil || !strings.Contains(back.Notice, "evicted") || !strings.Contains(back.Notice, "max_retained_mb_per_token") {
		t.Errorf("the evicted client is not told why: %v %q", err, back.Notice)
	}
}

// TestAttackRunningMemoryBudgetInvariant: whatever order runs begin and
// end in, with whatever they leave behind (up to their grant, as the
// interpreter guarantees), what the sessions hold and may reach stays
// within each token's budget and the server's.
func TestAttackRunningMemoryBudgetInvariant(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := budgetManager(clk, 20*time.Millisecond)
	rng := rand.New(rand.NewPCG(1, 2))
	subjects := []string{"alice", "bob", "carol"}
	ids := []string{"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"}
	subjectOf := func(id string) string { return subjects[int(id[1]-'0')%3] }
	runs := map[string]*Run{}
	check := func(step int) {
		t.Helper()
		m.mu.Lock()
		defer m.mu.Unlock()
		all := map[string]int64{}
		var total int64
		for _, s := range subjects {
			mine, tot := m.chargesLocked(s, nil)
			all[s], total = mine, tot
		}
		for s, n := range all {
			if n > 250*mb {
				t.Fatalf("step %d: %s's sessions hold or may reach %d MiB, over 250", step, s, n/mb)
			}
		}
		if total > 400*mb {
			t.Fatalf("step %d: the sessions hold or may reach %d MiB, over 400", step, total/mb)
		}
	}
	refused := 0
	for step := range 2000 {
		id := ids[rng.IntN(len(ids))]
		switch r, ok := runs[id]; {
		case ok:
			retain(r, rng.Int64N(r.MaxMemoryBytes+1))
			r.End()
			delete(runs, id)
		case rng.IntN(10) == 0:
			m.Drop(id)
		default:
			r, err := begin(t, m, id, subjectOf(id))
			var be *BudgetError
			switch {
			case errors.As(err, &be):
				refused++
			case err != nil:
				t.Fatal(err)
			default:
				runs[id] = r
			}
		}
		clk.Add(time.Second)
		check(step)
	}
	if refused == 0 {
		t.Errorf("no run was ever refused: the test does not reach the budget")
	}
}

// TestRunWaitsForMemory: a run the budget cannot take now waits for a run
// in progress to end and then starts, rather than failing under load; a
// client that goes away stops the wait.
func TestRunWaitsForMemory(t *testing.T) {
	t.Parallel()
	m := budgetManager(newClock(), time.Minute)
	var held []*Run
	for _, id := range []string{"a1", "a2", "a3"} {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, r)
	}
	waiting := make(chan *Run, 1)
	go func() {
		r, err := get(t, m, "a4", "alice").Begin(context.Background())
		if err != nil {
			t.Errorf("alice's run waiting for memory: %v", err)
		}
		waiting <- r
	}()
	time.Sleep(50 * time.Millisecond)
	select {
	case <-waiting:
		t.Fatal("a run started with the budget held")
	default:
	}
	held[0].End()
	if r := <-waiting; r == nil || r.MaxMemoryBytes != 100*mb {
		t.Errorf("the waiting run got %v, want 100 MiB", r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := get(t, m, "a5", "alice").Begin(ctx)
	var be *BudgetError
	if !errors.As(err, &be) || be.Waited <= 0 {
		t.Errorf("a run whose client went away while waiting: %v", err)
	}
}

// TestAttackOrphanRunCharged: a session evicted or dropped between Get and
// Begin (a busy server evicts idle sessions) still runs, as before
// budgets, and its run is charged like any other: an orphan cannot run
// outside the budget.
func TestAttackOrphanRunCharged(t *testing.T) {
	t.Parallel()
	m := budgetManager(newClock(), 20*time.Millisecond)
	orphan := get(t, m, "o1", "alice")
	m.Drop("o1")
	r, err := orphan.Begin(context.Background())
	if err != nil || r.MaxMemoryBytes != 100*mb {
		t.Fatalf("the orphan's run: %v, %v", r, err)
	}
	var held []*Run
	for _, id := range []string{"a1", "a2"} {
		x, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, x)
	}
	if held[1].MaxMemoryBytes != 50*mb {
		t.Errorf("with the orphan's 100 MiB and 100 more charged, the third run got %d MiB, want 50", held[1].MaxMemoryBytes/mb)
	}
	r.End()
	for _, x := range held {
		x.End()
	}
}

// TestEvictOnlyForMemoryHeld: a run short of its full limit by a little
// once evicted every idle session of its token to win that little back
// (64 clients of one token behind three replicas lost their globals to
// evictions that freed a few KiB each). Idle sessions are evicted for a
// run only when it cannot start with the least it may start with; it
// starts a little smaller instead (told so). Between runs, sessions are
// evicted for what they hold over the budget, never for what runs in
// progress may reach.
func TestEvictOnlyForMemoryHeld(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := budgetManager(clk, 20*time.Millisecond)
	idle := func(id string, n int64) {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		retain(r, n)
		r.End()
		clk.Add(time.Second)
	}
	for _, id := range []string{"i1", "i2", "i3"} {
		idle(id, mb)
	}
	idle("r", 48*mb)
	a1, err := begin(t, m, "a1", "alice")
	if err != nil || a1.MaxMemoryBytes != 100*mb {
		t.Fatalf("a1: %v %v", a1, err)
	}
	a2, err := begin(t, m, "a2", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if a2.MaxMemoryBytes != 99*mb || !strings.Contains(a2.Notice, "99 MiB, not 100 MiB") {
		t.Errorf("a2 runs with %d MiB, notice %q; want the 99 MiB left, told so", a2.MaxMemoryBytes/mb, a2.Notice)
	}
	for _, id := range []string{"i1", "i2", "i3", "r"} {
		if _, ok := m.Lookup(id); !ok {
			t.Errorf("idle session %s was evicted to give a run 1 MiB more than it starts with anyway", id)
		}
	}
	// The grants fill the budget; a1 leaves its whole grant behind and a2
	// saves a result besides: what the sessions hold is now over the
	// budget, and the least recently used idle sessions go.
	retain(a1, a1.MaxMemoryBytes)
	a1.End()
	clk.Add(time.Second)
	if _, err := a2.Session().Results().Save(strings.Repeat("x", 8<<20-16), ""); err != nil {
		t.Fatal(err)
	}
	retain(a2, a2.MaxMemoryBytes)
	a2.End()
	if _, ok := m.Lookup("i1"); ok {
		t.Errorf("the sessions hold %d MiB, over the 250 MiB budget, and the least recently used idle one is still there", m.RetainedBytes()/mb)
	}
	if got := m.RetainedBytes(); got > 250*mb {
		t.Errorf("the sessions hold %d MiB after eviction, over the 250 MiB budget", got/mb)
	}
	for _, id := range []string{"a1", "a2"} {
		if _, ok := m.Lookup(id); !ok {
			t.Errorf("session %s, used last, was evicted before older idle ones", id)
		}
	}
}

// TestAttackOverBudgetByAResult: the runs in progress hold a token's whole
// budget and one of them saves a result, so the budget is over by a few
// bytes. A new run waits and is refused; it once evicted every idle
// session of the token (each holding a few hundred bytes) to win back
// bytes that could never make room for it.
func TestAttackOverBudgetByAResult(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := budgetManager(clk, 20*time.Millisecond)
	idle := []string{"i1", "i2", "i3", "i4", "i5"}
	for _, id := range idle {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		retain(r, 300)
		r.End()
		clk.Add(time.Second)
	}
	var runs []*Run
	for _, id := range []string{"a1", "a2", "a3"} {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	if _, err := runs[0].Session().Results().Save("0123456789", ""); err != nil {
		t.Fatal(err)
	}
	var be *BudgetError
	if r, err := begin(t, m, "a4", "alice"); !errors.As(err, &be) {
		t.Errorf("a run with the budget full and over by a saved result: %v %v", r, err)
	}
	for _, id := range idle {
		if _, ok := m.Lookup(id); !ok {
			t.Errorf("idle session %s was evicted for a run that could not start anyway", id)
		}
	}
	// A run ends holding its whole grant: the budget is still over by the
	// result, but only while the other runs may reach their grants; what
	// the sessions hold is well within it, and nobody is evicted.
	retain(runs[2], runs[2].MaxMemoryBytes)
	runs[2].End()
	for _, id := range idle {
		if _, ok := m.Lookup(id); !ok {
			t.Errorf("idle session %s was evicted when a run ended, for memory the runs in progress may reach but do not hold", id)
		}
	}
	runs[0].End()
	runs[1].End()
}

// fairBudgetManager: the per-token budget is the server's, so a run of
// one token meets the server's budget, which other tokens' idle sessions
// fill.
func fairBudgetManager(clk *clock, wait time.Duration, maxSessions int) *Manager {
	return NewManager(Options{Now: clk.Now, NewState: func() backend.Session { return &sizedState{} },
		MaxMemoryBytes: 100 * mb, MaxRetainedBytesPerSubject: 250 * mb, MaxRetainedBytes: 250 * mb, BudgetWait: wait,
		MaxSessions: maxSessions, MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns, RunQueueWait: time.Minute})
}

// idleHolding leaves the session of id idle, its globals n bytes.
func idleHolding(t *testing.T, m *Manager, clk *clock, id, subject string, n int64) {
	t.Helper()
	r, err := begin(t, m, id, subject)
	if err != nil {
		t.Fatal(err)
	}
	retain(r, n)
	r.End()
	clk.Add(time.Second)
}

// TestAttackBudgetEvictsAnotherTokensState: a run short of the server's
// memory budget evicted the least recently used idle sessions of any
// token, after its own: a token charged as much as another, or more,
// destroyed the other's globals by asking for memory (the sibling of
// TestAttackSessionEvictsAnotherTokensState, for max_retained_mb). It
// evicts only its own or those of a token charged more than it;
// otherwise it runs with what is left or waits and is refused. A token
// charged less (a newcomer) still evicts from one charged more.
func TestAttackBudgetEvictsAnotherTokensState(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := fairBudgetManager(clk, 20*time.Millisecond, 0)
	idleHolding(t, m, clk, "b1", "bob", 100*mb)
	a1, err := begin(t, m, "a1", "alice")
	if err != nil || a1.MaxMemoryBytes != 100*mb {
		t.Fatalf("a1: %v, %v", a1, err)
	}
	// alice is charged 100 MiB (a1's grant), as much as bob: her second
	// run starts with the 50 MiB left, and bob's session stays.
	a2, err := begin(t, m, "a2", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Lookup("b1"); !ok {
		t.Fatal("alice, charged as much as bob, evicted his idle session for her run")
	}
	if a2.MaxMemoryBytes != 50*mb || !strings.Contains(a2.Notice, "50 MiB, not 100 MiB") || !strings.Contains(a2.Notice, "[session] max_retained_mb)") {
		t.Errorf("a2 runs with %d MiB, notice %q; want the 50 MiB left, told so", a2.MaxMemoryBytes/mb, a2.Notice)
	}
	// alice is charged 150 MiB, more than bob: her third run, with nothing
	// left, waits and is refused, and bob's session stays.
	_, err = begin(t, m, "a3", "alice")
	var be *BudgetError
	if !errors.As(err, &be) || be.Key != KeyBudget || !strings.Contains(err.Error(), `idle sessions of tokens holding no more memory than token "alice"`) {
		t.Errorf("a3: %v", err)
	}
	if _, ok := m.Lookup("b1"); !ok {
		t.Fatal("alice, charged more than bob, evicted his idle session for her run")
	}
	// carol is charged nothing: she may evict bob's idle session, and
	// bob's client is told why when it comes back.
	c1, err := begin(t, m, "c1", "carol")
	if err != nil || c1.MaxMemoryBytes != 100*mb {
		t.Fatalf("carol's run: %v, %v", c1, err)
	}
	if _, ok := m.Lookup("b1"); ok {
		t.Error("carol, charged less than bob, did not evict his idle session")
	}
	for _, r := range []*Run{a1, a2, c1} {
		r.End()
	}
	back, err := begin(t, m, "b1", "bob")
	if err != nil || !strings.Contains(back.Notice, "evicted") || !strings.Contains(back.Notice, "[session] max_retained_mb") {
		t.Errorf("bob's client is not told why: %v %q", err, back.Notice)
	}
	back.End()
}

// TestRunWaitsForMemoryOfSessionsItMayNotEvict: a run waiting for memory
// held by an idle session it may not evict starts when that session
// goes, not only when a run ends.
func TestRunWaitsForMemoryOfSessionsItMayNotEvict(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := fairBudgetManager(clk, time.Minute, 0)
	idleHolding(t, m, clk, "b1", "bob", 100*mb)
	a1, err := begin(t, m, "a1", "alice")
	if err != nil {
		t.Fatal(err)
	}
	a2, err := begin(t, m, "a2", "alice")
	if err != nil || a2.MaxMemoryBytes != 50*mb {
		t.Fatalf("a2: %v, %v", a2, err)
	}
	a3 := beginAsync(context.Background(), get(t, m, "a3", "alice"))
	waitUntil(t, "a3 to wait for memory", func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.freed != nil
	})
	m.Drop("b1")
	got := within(t, a3, "a3, once bob's session went")
	if got.err != nil || got.run.MaxMemoryBytes != 100*mb {
		t.Fatalf("a3: %v, %v", got.run, got.err)
	}
	for _, r := range []*Run{a1, a2, got.run} {
		r.End()
	}
}

// TestBudgetEvictionWakesOpeners: a run that evicts an idle session for
// memory frees its place under max_sessions; a request waiting to open a
// session takes it at once, not when some run ends later.
func TestBudgetEvictionWakesOpeners(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := fairBudgetManager(clk, 20*time.Millisecond, 4)
	idleHolding(t, m, clk, "b1", "bob", 90*mb)
	var alice []*Run
	for _, id := range []string{"a1", "a2"} {
		r, err := begin(t, m, id, "alice")
		if err != nil {
			t.Fatal(err)
		}
		alice = append(alice, r)
	}
	b2 := get(t, m, "b2", "bob")
	// Four sessions, two of each token, alice's busy: her third waits.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a3 := getAsync(ctx, m, "a3", "alice")
	waitUntil(t, "a3 to wait", func() bool { return m.Opening() == 1 })
	// bob's run in b2 evicts his own b1 for memory (none is left).
	rb2, err := b2.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Lookup("b1"); ok {
		t.Fatalf("b1 was not evicted for b2's run (limit %d MiB)", rb2.MaxMemoryBytes/mb)
	}
	if n := m.Opening(); n != 0 {
		t.Errorf("%d requests still wait for a session after b1 went", n)
	}
	if got := opened(t, a3, "a3"); got.err != nil {
		t.Error(got.err)
	}
	for _, r := range append(alice, rb2) {
		r.End()
	}
}

// TestAttackOverBudgetEvictsAnotherTokensState: a run that ends with the
// sessions over the server's budget (a saved result) evicted the least
// recently used idle session of any token. It evicts its token's own
// first, and another token's only when that one is charged more.
func TestAttackOverBudgetEvictsAnotherTokensState(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := fairBudgetManager(clk, 20*time.Millisecond, 0)
	idleHolding(t, m, clk, "b1", "bob", 100*mb) // the least recently used
	a1, err := begin(t, m, "a1", "alice")
	if err != nil {
		t.Fatal(err)
	}
	a2, err := begin(t, m, "a2", "alice")
	if err != nil || a2.MaxMemoryBytes != 50*mb {
		t.Fatalf("a2: %v, %v", a2, err)
	}
	if _, err := a1.Session().Results().Save(strings.Repeat("x", 8<<20-16), ""); err != nil {
		t.Fatal(err)
	}
	retain(a1, a1.MaxMemoryBytes)
	a1.End()
	clk.Add(time.Second)
	retain(a2, a2.MaxMemoryBytes)
	a2.End() // 100 + 108 + 50 MiB held, over 250
	if _, ok := m.Lookup("b1"); !ok {
		t.Error("alice's sessions went over the budget and bob's idle session was evicted")
	}
	if _, ok := m.Lookup("a1"); ok {
		t.Error("alice's own idle session was kept with the sessions over the budget")
	}
	if got := m.RetainedBytes(); got > 250*mb {
		t.Errorf("the sessions hold %d MiB after eviction, over the 250 MiB budget", got/mb)
	}
}
