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
		MaxMemoryBytes: 100 * mb, MaxRetainedBytesPerSubject: 250 * mb, MaxRetainedBytes: 400 * mb, BudgetWait: wait})
}

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

	// Runs end holding memory; a new run of alice's evicts her least
	// recently used idle sessions to get its limit, and never bob's.
	retain(alice[1], 95*mb)
	alice[1].End()
	clk.Add(time.Second)
	retain(alice[2], 60*mb)
	alice[2].End()
	clk.Add(time.Second)
	b1.End()
	b2.End()
	m.Drop("a5")
	// alice holds 155 MiB idle; a run of 100 fits her 250 only without a2.
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
