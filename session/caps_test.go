package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, m *Manager, id, subject string) *Session {
	t.Helper()
	s, err := m.Get(id, subject)
	if err != nil {
		t.Fatalf("Get(%s, %s): %v", id, subject, err)
	}
	return s
}

// use runs an empty run in s, marking it used now.
func use(t *testing.T, s *Session) {
	t.Helper()
	r, err := s.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r.End()
}

// TestAttackSessionCountCaps: 600 sessions once stayed for the idle
// timeout. A token over its cap evicts its own least recently used idle
// session (never another token's); the server over its cap evicts the
// least recently used of anyone; the evicted client is told on its next
// run; with every session running, a new one waits (run_queue_wait, here
// short) and is then refused with a clear error.
func TestAttackSessionCountCaps(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := NewManager(Options{Now: clk.Now, MaxSessionsPerSubject: 3, MaxSessions: 5, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40, MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns, RunQueueWait: 50 * time.Millisecond}) // counts only: every run fits the memory budget
	for _, id := range []string{"a1", "a2", "a3"} {
		use(t, get(t, m, id, "alice"))
		clk.Add(time.Second)
	}
	use(t, get(t, m, "b1", "bob"))
	clk.Add(time.Second)
	use(t, get(t, m, "a1", "alice")) // a1 is now alice's most recent
	clk.Add(time.Second)

	get(t, m, "a4", "alice") // evicts a2, alice's least recently used
	if _, ok := m.Lookup("a2"); ok {
		t.Fatal("alice's fourth session did not evict her least recently used one")
	}
	if _, ok := m.Lookup("b1"); !ok {
		t.Fatal("alice's sessions evicted bob's")
	}
	back := get(t, m, "a2", "alice") // evicts a3 in turn
	r, err := back.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Notice, "evicted") || !strings.Contains(r.Notice, `token "alice" may keep at most 3 sessions`) {
		t.Errorf("notice of the evicted client = %q", r.Notice)
	}
	r.End()

	// The server cap: b2 makes 5, b3 evicts the least recently used of all.
	get(t, m, "b2", "bob")
	clk.Add(time.Second)
	get(t, m, "b3", "bob")
	if n := m.Len(); n != 5 {
		t.Errorf("%d sessions, want the cap of 5", n)
	}
	if _, ok := m.Lookup("b1"); ok {
		t.Errorf("the server cap did not evict the least recently used session (b1): %v", m.IDs())
	}

	// Every session running: refused, nothing evicted.
	var runs []*Run
	for _, id := range m.IDs() {
		s, _ := m.Lookup(id)
		r, err := s.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	_, err = m.Get("new", "carol")
	var full *FullError
	if !errors.As(err, &full) || !strings.Contains(err.Error(), "limit of 5 sessions") || !strings.Contains(err.Error(), "run in progress") {
		t.Errorf("Get with every session running: %v", err)
	}
	_, err = m.Get("a9", "alice")
	if !errors.As(err, &full) || !strings.Contains(err.Error(), `token "alice" is at its limit of 3 sessions ([session] max_sessions_per_token)`) {
		t.Errorf("Get for alice with all hers running: %v", err)
	}
	for _, r := range runs {
		r.End()
	}
	if _, err := m.Get("new", "carol"); err != nil {
		t.Errorf("after the runs ended: %v", err)
	}
}

// TestAttackSessionRetainedMemoryCaps: what sessions hold between runs is
// capped per token and in all; when a run ends over a cap, least recently
// used idle sessions go (never the one whose run just ended).
func TestAttackSessionRetainedMemoryCaps(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := NewManager(Options{Now: clk.Now, MaxRetainedBytesPerSubject: 3 << 20, MaxRetainedBytes: 5 << 20, MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns})
	blob := strings.Repeat("x", 1<<20)
	fill := func(id, subject string) {
		t.Helper()
		s := get(t, m, id, subject)
		r, err := s.Begin(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Results().Save(blob, ""); err != nil {
			t.Fatal(err)
		}
		r.End()
		clk.Add(time.Second)
	}
	fill("a1", "alice")
	fill("a2", "alice")
	fill("a3", "alice") // 3 MiB and change: over alice's cap
	if _, ok := m.Lookup("a1"); ok {
		t.Errorf("alice over her memory cap kept her least recently used session: %v", m.IDs())
	}
	if _, ok := m.Lookup("a3"); !ok {
		t.Errorf("the session whose run just ended was evicted")
	}
	fill("b1", "bob")
	fill("b2", "bob")
	fill("c1", "carol") // over 5 MiB in all: the oldest of anyone goes
	if _, ok := m.Lookup("a2"); ok {
		t.Errorf("the server over its memory cap kept the least recently used session: %v", m.IDs())
	}
	if got := m.RetainedBytes(); got > 5<<20 {
		t.Errorf("retained %d bytes, over the 5 MiB cap", got)
	}
}

// TestAttackSessionLoopBoundsNotices: a token opening sessions in a loop
// evicts its own as fast as it opens them, and each eviction left a
// notice for its client for an idle period: 100,000 sessions left 99,997
// notices (at a few hundred a second and an idle timeout of a day,
// gigabytes). The notices are bounded by maxNoticesFactor times
// MaxSessions; the latest eviction is still told.
func TestAttackSessionLoopBoundsNotices(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := NewManager(Options{Now: clk.Now, IdleTimeout: 24 * time.Hour, MaxSessionsPerSubject: 3, MaxSessions: 8, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40, MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns})
	for i := range 100_000 {
		get(t, m, fmt.Sprintf("s%d", i), "flood")
		clk.Add(time.Millisecond)
	}
	m.mu.Lock()
	n := len(m.evicted)
	m.mu.Unlock()
	if n > maxNoticesFactor*8 {
		t.Errorf("%d eviction notices kept after a loop of 100,000 sessions; want at most %d", n, maxNoticesFactor*8)
	}
	back := get(t, m, "s99996", "flood")
	r, err := back.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Notice, "evicted") {
		t.Errorf("the latest evicted client is not told: %q", r.Notice)
	}
	r.End()
}

// TestAttackSessionLoopForgetsAnotherTokensNotice: past their bound the
// oldest half of the eviction notices was forgotten, whoever's they were:
// a token opening sessions in a loop (evicting its own) pushed out a calm
// token's notice, and the calm client came back to a fresh session
// without being told its globals were gone. Now the notices forgotten are
// those of the subjects holding the most.
func TestAttackSessionLoopForgetsAnotherTokensNotice(t *testing.T) {
	t.Parallel()
	clk := newClock()
	m := NewManager(Options{Now: clk.Now, IdleTimeout: 24 * time.Hour, MaxSessionsPerSubject: 1, MaxSessions: 8, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40, MaxRunsPerSubject: manyRuns, MaxRuns: manyRuns})
	get(t, m, "calm-a", "calm")
	clk.Add(time.Millisecond)
	get(t, m, "calm-b", "calm") // evicts calm-a, its own
	for i := range 10_000 {
		clk.Add(time.Millisecond)
		get(t, m, fmt.Sprintf("s%d", i), "flood")
	}
	m.mu.Lock()
	n := len(m.evicted)
	m.mu.Unlock()
	if n > maxNoticesFactor*8 {
		t.Errorf("%d eviction notices kept; want at most %d", n, maxNoticesFactor*8)
	}
	back := get(t, m, "calm-a", "calm")
	r, err := back.Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Notice, "evicted") {
		t.Errorf("the calm client evicted before the flood is not told: %q", r.Notice)
	}
	r.End()
}

func TestTrimNoticesKeepsTheSmallestSubjectsWhole(t *testing.T) {
	t.Parallel()
	at := time.Unix(0, 0)
	notices := map[string]eviction{}
	add := func(subject string, n int) {
		for i := range n {
			at = at.Add(time.Second)
			notices[fmt.Sprintf("%s%d", subject, i)] = eviction{at: at, subject: subject}
		}
	}
	add("a", 2)
	add("b", 50)
	add("c", 5)
	add("d", 30)
	trimNotices(notices, 64) // keep 32: a 2, c 5, b and d 12 each (their newest)
	count := map[string]int{}
	for _, n := range notices {
		count[n.subject]++
	}
	if count["a"] != 2 || count["c"] != 5 || count["b"] != 12 || count["d"] != 12 {
		t.Errorf("kept %v; want a 2, c 5, b 12, d 12", count)
	}
	if _, ok := notices["b49"]; !ok {
		t.Error("b's newest notice was forgotten")
	}
	if _, ok := notices["b0"]; ok {
		t.Error("b's oldest notice was kept")
	}
}
