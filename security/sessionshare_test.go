package security_test

// Sessions under the server's cap: a token that queues many requests for
// a session does not starve one that asks for one, and no token loses
// its state to one holding as many sessions or more.

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackSessionOpeningStarvesAToken: with max_sessions = 4, two
// tokens each held two busy sessions and queued two more requests for a
// session; a third token's request came last and, the sessions that
// freed going in arrival order, got none: every session went to the
// floods' queued requests, and it was refused after run_queue_wait (a
// gateway red team: refused at 10.5 s while the floods' four got the
// sessions freed at 6-7 s). Now a session that frees goes to the token
// holding the fewest sessions, then the one served longest ago: when the
// four held runs end, the calm token's request is among the four that
// open (their runs held on a second gate, so that no session frees
// again), and one flood request still waits.
func TestAttackSessionOpeningStarvesAToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 512\nmax_sessions = 4\nmax_sessions_per_token = 4\nmax_concurrent_runs = 8\nmax_concurrent_runs_per_token = 4\nrun_queue_wait = \"10m\"\n")
	cfg := tokensConfig(t, e, "\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n", "flood1", "flood2", "calm")
	srv := e.ServeHTTP(t, cfg)
	held, later := e2e.NewGate(t), e2e.NewGate(t)
	gauge := metricsGauge(t, srv, held)

	var wg sync.WaitGroup
	defer later.Open(t) // a failed test leaves no run held
	defer held.Open(t)
	run := func(who string, gate *e2e.Gate) {
		cs := e2e.ConnectHTTPToken(t, srv.URL, who+"-secret-0123456789", nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn " + e2e.Quote(who)})
			if err != nil || res.IsError {
				t.Errorf("run of %s: %v %s", who, err, e2e.Text(res))
			}
		}()
	}
	// Each flood token holds two sessions busy: the server's four.
	for _, who := range []string{"flood1", "flood1", "flood2", "flood2"} {
		run(who, held)
	}
	held.WaitStarted(t, 4)
	// Two more requests of each wait for a session, then the calm one's.
	for i, who := range []string{"flood1", "flood2", "flood1", "flood2", "calm"} {
		run(who, later)
		held.WaitUntil(t, fmt.Sprintf("%d requests to wait for a session", i+1), func() bool { return gauge("toolplane_sessions_waiting") == i+1 })
	}
	// The held runs end: four sessions free, four waiting requests open
	// (their runs held on the second gate), one still waits.
	held.Open(t)
	later.WaitStarted(t, 4)
	held.WaitUntil(t, "one request still waiting", func() bool { return gauge("toolplane_sessions_waiting") == 1 })
	var started []string
	for _, l := range e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool {
		n := 0
		for _, l := range lines {
			if l["event"] == "run_start" {
				n++
			}
		}
		return n >= 8
	}) {
		if l["event"] == "run_start" {
			started = append(started, fmt.Sprint(l["subject"]))
		}
	}
	if len(started) != 8 || !strings.Contains(strings.Join(started[4:], " "), "calm") {
		t.Errorf("runs started in order %v: the calm token's request did not open with the sessions that freed; the floods' queued requests took them all", started)
	}
	later.Open(t)
	wg.Wait()
}

// TestAttackSessionEvictsAnotherTokensState: at max_sessions, a new
// session evicted the least recently used idle session of any token: a
// token holding two busy sessions opened a third and destroyed the
// globals of a token holding one idle session. Now it evicts only its
// own, or the idle session of a token holding more sessions than it:
// its third request waits for one of its own to become idle, and the
// calm token's globals stay.
func TestAttackSessionEvictsAnotherTokensState(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 512\nmax_sessions = 3\nmax_sessions_per_token = 3\nrun_queue_wait = \"10m\"\n")
	cfg := tokensConfig(t, e, "\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n", "flood", "calm")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	defer gate.Open(t) // a failed test leaves no run held
	gauge := metricsGauge(t, srv, gate)
	waiting := func() int { return gauge("toolplane_sessions_waiting") }

	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 'still here'")

	var wg sync.WaitGroup
	run := func(code string) <-chan struct{} {
		cs := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
		done := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done)
			res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": code})
			switch {
			case err != nil:
				t.Errorf("flood run: %v", err)
			case res.IsError:
				t.Errorf("flood run: %s", e2e.Text(res))
			}
		}()
		return done
	}
	// The flood token's two sessions busy, its third request waits (or,
	// evicting the calm token's session, runs at once).
	run("await " + gate.Slow())
	run("await " + gate.Slow())
	gate.WaitStarted(t, 2)
	third := run("return 3")
	gate.WaitUntil(t, "the flood's third request to wait", func() bool {
		select {
		case <-third:
			return true
		default:
			return waiting() == 1
		}
	})
	res, err := e2e.TryCall(calm, "execute_code", map[string]any{"code": "return mine"})
	if err != nil {
		t.Fatal(err)
	}
	if text := e2e.Text(res); !strings.Contains(text, "still here") || strings.Contains(text, "evicted") {
		t.Errorf("the calm token's session after the flood, holding two, asked for a third at max_sessions:\n%s", text)
	}
	// One of the flood's own becomes idle: its third opens there.
	gate.Open(t)
	wg.Wait()
	if v := e2e.MustRun(t, calm, "return mine"); v != "still here" {
		t.Errorf("the calm token's globals after the flood's third session opened: %v", v)
	}
}

// TestAttackBudgetEvictsAnotherTokensState: a run short of max_retained_mb
// evicted the least recently used idle sessions of any token: a token
// whose run in progress was charged more memory than a calm token's idle
// session destroyed its globals by starting one more run. Now a run
// evicts only its token's own idle sessions, or those of a token charged
// more than it: the flood's second run starts with what is left (told
// so), and the calm token's globals stay.
func TestAttackBudgetEvictsAnotherTokensState(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[toolplane]\nisolation = \"none\"\n\n[session]\nmax_memory_mb = 32\nmax_retained_mb = 64\nmax_retained_mb_per_token = 64\n")
	cfg := tokensConfig(t, e, "", "flood", "calm")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	defer gate.Open(t) // a failed test leaves no run held

	// The calm token's idle session holds 20 MiB.
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 'still here'\npad = 'x' * (20 << 20)")

	// The flood's first run is granted 32 MiB and held: it is charged
	// more than the calm token.
	held := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := e2e.TryCall(held, "execute_code", map[string]any{"code": "await " + gate.Slow()})
		if err != nil || res.IsError {
			t.Errorf("the flood's held run: %v %s", err, e2e.Text(res))
		}
	}()
	gate.WaitStarted(t, 1)

	// Its second run finds about 12 MiB left: it starts with that rather
	// than evict the calm token's session for its full 32.
	second := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
	res, err := e2e.TryCall(second, "execute_code", map[string]any{"code": "return 2"})
	if err != nil {
		t.Fatal(err)
	}
	if text := e2e.Text(res); res.IsError || !strings.Contains(text, "not 32 MiB") {
		t.Errorf("the flood's second run, with the calm token's session idle:\n%s", text)
	}
	res, err = e2e.TryCall(calm, "execute_code", map[string]any{"code": "return mine"})
	if err != nil {
		t.Fatal(err)
	}
	if text := e2e.Text(res); !strings.Contains(text, "still here") || strings.Contains(text, "evicted") {
		t.Errorf("the calm token's session after the flood, charged more memory, asked for more:\n%s", text)
	}
	gate.Open(t)
	<-done
}
