package session

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// waitUntil polls cond for up to 30 s (a loaded machine), failing the
// test with what when it never holds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// beginAsync begins a run of s in a goroutine; the run (or error) comes
// on the channel.
func beginAsync(ctx context.Context, s *Session) <-chan beginResult {
	ch := make(chan beginResult, 1)
	go func() {
		r, err := s.Begin(ctx)
		ch <- beginResult{r, err}
	}()
	return ch
}

type beginResult struct {
	run *Run
	err error
}

// within waits up to 30 s for a Begin to return.
func within(t *testing.T, ch <-chan beginResult, what string) beginResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: Begin did not return", what)
		return beginResult{}
	}
}

// TestAttackRunFloodIsQueuedPerToken: a token admitted to nothing once
// ran a busy loop in each of its 16 sessions at once, and another
// token's small run waited for the CPU behind them. A token's runs over
// max_concurrent_runs_per_token wait in its own queue, in the order they
// came; another token's run starts past that queue at once; a queued run
// starts when one of its token's runs ends.
func TestAttackRunFloodIsQueuedPerToken(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxRunsPerSubject: 2, MaxRuns: 8, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	var running []*Run
	for _, id := range []string{"a1", "a2"} {
		r, err := get(t, m, id, "flood").Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		running = append(running, r)
	}
	a3 := beginAsync(ctx, get(t, m, "a3", "flood"))
	waitUntil(t, "a3 to queue", func() bool { _, q := m.Runs(); return q == 1 })
	a4 := beginAsync(ctx, get(t, m, "a4", "flood"))
	waitUntil(t, "a4 to queue", func() bool { _, q := m.Runs(); return q == 2 })

	b := within(t, beginAsync(ctx, get(t, m, "b1", "calm")), "the calm token's run while the flood's runs queue")
	if b.err != nil {
		t.Fatalf("the calm token's run: %v", b.err)
	}
	if b.run.Queued != 0 {
		t.Errorf("the calm token's run waited %s behind another token's queue", b.run.Queued)
	}
	if n, q := m.Runs(); n != 3 || q != 2 {
		t.Errorf("with the calm run in progress: %d running, %d queued; want 3 and 2", n, q)
	}
	b.run.End()

	// One of the flood's runs ends: its first queued run starts, the
	// second still waits.
	running[0].End()
	r3 := within(t, a3, "a3 after a1 ended")
	if r3.err != nil {
		t.Fatal(r3.err)
	}
	if r3.run.Queued <= 0 {
		t.Errorf("a3 started without waiting (Queued %s)", r3.run.Queued)
	}
	select {
	case r := <-a4:
		t.Fatalf("a4 started (err %v) while the token had two runs in progress", r.err)
	default:
	}
	running[1].End()
	r4 := within(t, a4, "a4 after a2 ended")
	if r4.err != nil {
		t.Fatal(r4.err)
	}
	r3.run.End()
	r4.run.End()
	if n, q := m.Runs(); n != 0 || q != 0 {
		t.Errorf("after every run ended: %d running, %d queued", n, q)
	}
}

// TestRunQueueWaitRefuses: a run that finds no slot in RunQueueWait is
// refused naming the cap and the setting to raise; one whose request
// ends first says so; neither leaves a place in the queue behind.
func TestRunQueueWaitRefuses(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxRunsPerSubject: 1, MaxRuns: 2, RunQueueWait: 50 * time.Millisecond, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	held, err := get(t, m, "a1", "flood").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = get(t, m, "a2", "flood").Begin(ctx)
	var le *RunLimitError
	if !errors.As(err, &le) || le.Key != KeyRunsPerSubject || le.Cancelled {
		t.Fatalf("a run over the token's cap: %v, want a *RunLimitError of %s", err, KeyRunsPerSubject)
	}
	for _, want := range []string{`token "flood" may run at most 1 snippets at once`, "[session] max_concurrent_runs_per_token", "raise [session] max_concurrent_runs_per_token", "[session] run_queue_wait"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q:\n%v", want, err)
		}
	}

	// The server's cap: a second token fills it.
	other, err := get(t, m, "b1", "other").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = get(t, m, "c1", "third").Begin(ctx)
	if !errors.As(err, &le) || le.Key != KeyRuns || !strings.Contains(err.Error(), "the server runs at most 2 snippets at once") {
		t.Fatalf("a run over the server's cap: %v", err)
	}

	cctx, cancel := context.WithCancel(ctx)
	ch := beginAsync(cctx, get(t, m, "a3", "flood"))
	waitUntil(t, "a3 to queue", func() bool { _, q := m.Runs(); return q == 1 })
	cancel()
	r := within(t, ch, "a3 cancelled")
	if !errors.As(r.err, &le) || !le.Cancelled || !errors.Is(r.err, context.Canceled) || !strings.Contains(r.err.Error(), "the request ended") {
		t.Fatalf("a queued run whose request ended: %v", r.err)
	}
	if n, q := m.Runs(); n != 2 || q != 0 {
		t.Errorf("after the refusals: %d running, %d queued; want 2 and 0", n, q)
	}
	held.End()
	other.End()
	// The refused runs released their sessions: each runs now.
	for _, id := range []string{"a2", "a3", "c1"} {
		use(t, get(t, m, id, map[string]string{"a2": "flood", "a3": "flood", "c1": "third"}[id]))
	}
}

// TestQueuedRunHoldsNoMemory: a run waiting for its slot is not granted
// memory, so it cannot starve another token's run of the budget while it
// waits.
func TestQueuedRunHoldsNoMemory(t *testing.T) {
	t.Parallel()
	const run = 64 << 20
	m := NewManager(Options{MaxMemoryBytes: run, MaxRunsPerSubject: 1, MaxRuns: 4, RunQueueWait: time.Hour, MaxRetainedBytes: 2 * run, MaxRetainedBytesPerSubject: 2 * run})
	ctx := context.Background()
	held, err := get(t, m, "a1", "flood").Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	qctx, cancel := context.WithCancel(ctx)
	queued := beginAsync(qctx, get(t, m, "a2", "flood"))
	waitUntil(t, "a2 to queue", func() bool { _, q := m.Runs(); return q == 1 })
	b, err := get(t, m, "b1", "calm").Begin(ctx)
	if err != nil {
		t.Fatalf("the calm token's run beside a queued one: %v", err)
	}
	if b.MaxMemoryBytes != run {
		t.Errorf("the calm token's run was granted %d MiB, not its %d: the queued run holds memory", b.MaxMemoryBytes>>20, run>>20)
	}
	cancel()
	within(t, queued, "a2 cancelled")
	b.End()
	held.End()
}

// TestAttackRunQueueSharedFairly: when the server's cap is what the
// tokens wait for, a slot that frees goes to the token with the fewest
// runs in progress, not to the earliest waiter: two tokens whose runs
// queued first took every slot that freed (their runs ended and queued
// again behind the calm token's, but all those queued before it went
// first), and the calm token's one run waited until run_queue_wait
// refused it.
func TestAttackRunQueueSharedFairly(t *testing.T) {
	t.Parallel()
	m := NewManager(Options{MaxRunsPerSubject: 2, MaxRuns: 2, RunQueueWait: time.Hour, MaxRetainedBytes: 1 << 40, MaxRetainedBytesPerSubject: 1 << 40})
	ctx := context.Background()
	var running []*Run
	for _, id := range []string{"a1", "b1"} {
		r, err := get(t, m, id, id[:1]).Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		running = append(running, r)
	}
	// Both flood tokens queue more runs, then the calm token one.
	var floods []<-chan beginResult
	for i, id := range []string{"a2", "b2", "a3", "b3"} {
		floods = append(floods, beginAsync(ctx, get(t, m, id, id[:1])))
		waitUntil(t, id+" to queue", func() bool { _, q := m.Runs(); return q == i+1 })
	}
	calm := beginAsync(ctx, get(t, m, "c1", "c"))
	waitUntil(t, "the calm run to queue", func() bool { _, q := m.Runs(); return q == 5 })

	// a1 ends: the calm token, with no run in progress, goes before the
	// flood tokens' earlier waiters.
	running[0].End()
	c := within(t, calm, "the calm run after a1 ended")
	if c.err != nil {
		t.Fatal(c.err)
	}
	for i, ch := range floods {
		select {
		case r := <-ch:
			t.Fatalf("flood run %d started (err %v) with the server's two slots taken by b1 and the calm run", i, r.err)
		default:
		}
	}
	// Then each flood token in turn, its own runs in order.
	c.run.End()
	a2 := within(t, floods[0], "a2 after the calm run ended")
	if a2.err != nil {
		t.Fatal(a2.err)
	}
	running[1].End()
	b2 := within(t, floods[1], "b2 after b1 ended")
	if b2.err != nil {
		t.Fatal(b2.err)
	}
	a2.run.End()
	b2.run.End()
	for _, ch := range floods[2:] {
		r := within(t, ch, "the last flood runs")
		if r.err != nil {
			t.Fatal(r.err)
		}
		r.run.End()
	}
	if n, q := m.Runs(); n != 0 || q != 0 {
		t.Errorf("after every run ended: %d running, %d queued", n, q)
	}
}

// TestRunSlotsFairShare: at 4 slots and 2 per subject, a subject alone
// takes its 2; a second subject, while the first holds 2, takes one slot
// only (it holds fewer than are left free: 0 < 2, then 1 < 1 fails), and
// a third subject gets the last; a lone subject is not held to half.
func TestRunSlotsFairShare(t *testing.T) {
	t.Parallel()
	q := newSlots(2, 4)
	take := func(subject string) bool { return trySlot(q, subject) }
	if !take("a") || !take("a") {
		t.Fatal("a subject alone did not get its 2 slots")
	}
	if !take("b") {
		t.Fatal("a second subject got no slot")
	}
	if take("b") {
		t.Error("the second subject took a second slot while the first holds 2 (it would leave one free for a third)")
	}
	if !take("c") {
		t.Error("a third subject found no slot while two subjects run")
	}
	q.release("a")
	q.release("a")
	q.release("b")
	q.release("c")
	lone := newSlots(6, 8)
	for i := range 6 {
		if !trySlot(lone, "solo") {
			t.Fatalf("a subject alone got %d of its 6 slots", i)
		}
	}
}

// trySlot takes a slot of q for subject if it gets one within 10 ms.
func trySlot(q *slots, subject string) bool {
	_, err := q.acquire(context.Background(), subject, 10*time.Millisecond)
	return err == nil
}

// TestRunSlotsTurnByRecentSlotTime: two subjects wait for the one slot
// with no run in progress each; the one whose runs held slots for 100 s
// lately came first and was served first, the other's run took 1 s.
// The slot goes to the subject that held less lately (its turn is not
// behind a token whose runs loop until their timeout), then to the other.
func TestRunSlotsTurnByRecentSlotTime(t *testing.T) {
	t.Parallel()
	q := newSlots(1, 1)
	var mu sync.Mutex
	now := time.Unix(1e9, 0)
	q.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ctx := context.Background()
	take := func(subject string) {
		t.Helper()
		if _, err := q.acquire(ctx, subject, time.Second); err != nil {
			t.Fatalf("%s: %v", subject, err)
		}
	}
	take("loop")
	advance(100 * time.Second)
	q.release("loop")
	take("calm")
	advance(time.Second)
	q.release("calm")
	take("other")
	got := make(chan string, 2)
	wait := func(subject string) {
		go func() {
			if _, err := q.acquire(ctx, subject, time.Hour); err == nil {
				got <- subject
			}
		}()
	}
	wait("loop")
	waitUntil(t, "loop's run to queue", func() bool { _, n := q.counts(); return n == 1 })
	wait("calm")
	waitUntil(t, "calm's run to queue", func() bool { _, n := q.counts(); return n == 2 })
	q.release("other")
	var first string
	select {
	case first = <-got:
	case <-time.After(30 * time.Second):
		t.Fatal("no waiter got the slot")
	}
	if first != "calm" {
		t.Errorf("the slot went to %q; want the subject with 1 s of recent slot time before the one with 100 s", first)
	}
	q.release(first)
	select {
	case <-got:
	case <-time.After(30 * time.Second):
		t.Fatal("the second waiter did not get the slot")
	}
}
