package security_test

// Runs: a token's snippets in progress at once are capped, its excess
// waits in its own queue, and another token's run is not held behind it.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackRunFlood: a token admitted to no capabilities opened 16
// sessions and ran a busy loop in each (until each run's time limit); its
// runs were bounded only by how many its memory budget admitted, and
// another token's small run took three times as long (load 25). Now a
// token has at most [session] max_concurrent_runs_per_token runs in
// progress: the flood's excess waits in its queue (toolplane_runs_queued,
// without starting), the other token's run starts and finishes while it
// waits, the queued runs start, in turn, when the flood's own runs end
// (their wait recorded as queued_ms on run_start), and a run that finds
// no slot within run_queue_wait is refused naming the key to raise.
func TestAttackRunFlood(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 512\nmax_concurrent_runs = 8\nmax_concurrent_runs_per_token = 2\nrun_queue_wait = \"10m\"\n")
	cfg := tokensConfig(t, e, "\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n", "flood", "calm")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	gauge := metricsGauge(t, srv, gate)
	queued := func() int { return gauge("toolplane_runs_queued") }

	const flood = 4
	var wg sync.WaitGroup
	ended := make([]string, flood)
	for i := range ended {
		cs := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": fmt.Sprintf("await %s\nreturn 'held %d'", gate.Slow(), i)})
			switch {
			case err != nil:
				ended[i] = err.Error()
			case res.IsError || e2e.Structured(res)["value"] != fmt.Sprintf("held %d", i):
				ended[i] = e2e.Text(res)
			default:
				ended[i] = "held"
			}
		}()
	}
	// Two of the flood's runs hold their slots in the gate; the other two
	// wait in the token's queue.
	gate.WaitUntil(t, "two flood runs in the gate and two queued", func() bool { return gate.Started() >= 2 && queued() == 2 })

	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	if v := e2e.MustRun(t, calm, "return sum(range(1000))"); v != float64(499500) {
		t.Errorf("the calm token's run: %v", v)
	}
	if n, q := gate.Started(), queued(); n != 2 || q != 2 {
		t.Errorf("after the calm token's run: %d flood runs began and %d are queued; want 2 and 2 (max_concurrent_runs_per_token = 2)", n, q)
	}
	gate.Open(t)
	wg.Wait()
	for i, s := range ended {
		if s != "held" {
			t.Errorf("flood run %d: %s", i, s)
		}
	}

	// The audit log: two of the flood's runs waited, the calm one did not.
	var waited, calmWaited int
	deadline := time.Now().Add(20 * time.Second)
	for {
		waited, calmWaited = 0, 0
		starts := 0
		for _, ln := range strings.Split(readFileOrEmpty(e.Audit), "\n") {
			var rec struct {
				Event, Subject string
				QueuedMS       float64 `json:"queued_ms"`
			}
			if json.Unmarshal([]byte(ln), &rec) != nil || rec.Event != "run_start" {
				continue
			}
			starts++
			switch {
			case rec.QueuedMS > 0 && rec.Subject == "flood":
				waited++
			case rec.QueuedMS > 0:
				calmWaited++
			}
		}
		if starts >= flood+1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if waited != 2 || calmWaited != 0 {
		t.Errorf("audit: %d flood runs and %d calm runs have queued_ms on run_start; want 2 and 0", waited, calmWaited)
	}

	// A run that finds no slot within run_queue_wait is refused, naming
	// the cap and the key.
	short := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_concurrent_runs_per_token = 1\nrun_queue_wait = \"1s\"\n")
	shortCfg := short.Config + ".tokens.toml"
	short.WriteFile(t, shortCfg, readFile(t, short.Config)+short.AddToken("flood", "flood-secret-0123456789", `allow = "source"`))
	shortSrv := short.ServeHTTP(t, shortCfg)
	gate2 := e2e.NewGate(t)
	held := make(chan *mcp.CallToolResult, 1)
	first := e2e.ConnectHTTPToken(t, shortSrv.URL, "flood-secret-0123456789", nil)
	go func() {
		res, _ := e2e.TryCall(first, "execute_code", map[string]any{"code": "await " + gate2.Slow() + "\nreturn 'held'"})
		held <- res
	}()
	gate2.WaitStarted(t, 1)
	second := e2e.ConnectHTTPToken(t, shortSrv.URL, "flood-secret-0123456789", nil)
	res, out := e2e.Exec(t, second, "return 'second'")
	text := e2e.Text(res)
	if !res.IsError || !strings.Contains(text, `token "flood" may run at most 1 snippets at once ([session] max_concurrent_runs_per_token)`) || !strings.Contains(text, "raise [session] max_concurrent_runs_per_token") {
		t.Errorf("a run over the token's cap, past run_queue_wait:\n%s", text)
	}
	if errv, _ := out["error"].(map[string]any); errv["limit"] != "runs" {
		t.Errorf("the refusal's error: %v, want limit \"runs\"", out["error"])
	}
	gate2.Open(t)
	if r := <-held; r == nil || r.IsError {
		t.Errorf("the run holding the slot: %v", e2e.Text(r))
	}
}

// TestAttackQueuedRunsOfGoneClients: a run waiting in its token's queue
// whose client closed its HTTP connection (no cancellation sent) leaves
// the queue at once, and so does one waiting for its session's previous
// run: a token cannot keep its queue full with requests it walked away
// from, each held until run_queue_wait.
func TestAttackQueuedRunsOfGoneClients(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_concurrent_runs_per_token = 1\nrun_queue_wait = \"10m\"\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("q", "q-secret-0123456789", `allow = "source"`)+"\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	gauge := metricsGauge(t, srv, gate)

	holder := e2e.ConnectHTTPToken(t, srv.URL, "q-secret-0123456789", nil)
	held := make(chan string, 1)
	go func() {
		res, err := e2e.TryCall(holder, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 'held'"})
		switch {
		case err != nil:
			held <- err.Error()
		default:
			held <- e2e.Text(res)
		}
	}()
	gate.WaitStarted(t, 1)

	// post sends an execute_code in session sid on a connection of its
	// own, which closes when the returned func is called.
	post := func(sid string) func() {
		ctx, cancel := context.WithCancel(context.Background())
		body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 1"}}}`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer q-secret-0123456789")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		client := &http.Client{Transport: &http.Transport{}}
		go func() {
			if resp, err := client.Do(req); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
		return cancel
	}

	// In the token's queue for a run slot.
	other := e2e.ConnectHTTPToken(t, srv.URL, "q-secret-0123456789", nil)
	leave := post(other.ID())
	gate.WaitUntil(t, "the second session's run queued", func() bool { return gauge("toolplane_runs_queued") == 1 })
	leave()
	gate.WaitUntil(t, "the run of the gone client to leave the queue", func() bool { return gauge("toolplane_runs_queued") == 0 })

	// Waiting for its own session's run: the session answers the next
	// request once the held run ends, not a run of the gone client.
	leave = post(holder.ID())
	time.Sleep(200 * time.Millisecond)
	leave()
	gate.Open(t)
	if h := <-held; !strings.Contains(h, "held") {
		t.Errorf("the held run: %s", h)
	}
	if v := e2e.MustRun(t, other, "return 'other'"); v != "other" {
		t.Errorf("the second session after its gone request: %v", v)
	}
	// After any run of the gone request in the holder's session.
	if v := e2e.MustRun(t, holder, "return 'holder'"); v != "holder" {
		t.Errorf("the holder's session after its gone request: %v", v)
	}
	starts := 0
	for _, l := range e2e.AuditLines(t, e.Audit) {
		if l["event"] == "run_start" {
			starts++
		}
	}
	if starts != 3 {
		t.Errorf("%d runs started; want 3 (the held run and each session's last), the gone clients' never", starts)
	}
}

// TestAttackRunQueueStarvesAToken: two tokens, each within its own cap,
// filled the server's max_concurrent_runs and queued more runs behind
// them; a third token's one run queued after theirs and, the slots going
// in arrival order, started only once every earlier run of theirs had
// (with runs that take their time limit, past run_queue_wait: refused).
// Now a slot that frees goes to the token with the fewest runs in
// progress, then the one served longest ago: the calm token's run starts
// with the first slot that frees, before the floods' queued runs.
func TestAttackRunQueueStarvesAToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 256\nmax_concurrent_runs = 2\nmax_concurrent_runs_per_token = 2\nrun_queue_wait = \"10m\"\n")
	cfg := tokensConfig(t, e, "\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n", "flood1", "flood2", "calm")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	gauge := metricsGauge(t, srv, gate)
	queued := func() int { return gauge("toolplane_runs_queued") }

	var wg sync.WaitGroup
	run := func(secret, value string) {
		cs := e2e.ConnectHTTPToken(t, srv.URL, secret, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn " + e2e.Quote(value)})
			if err != nil || res.IsError {
				t.Errorf("run %s: %v %s", value, err, e2e.Text(res))
			}
		}()
	}
	// One run of each flood token takes the server's two slots; two more
	// of each queue, then the calm token's.
	run("flood1-secret-0123456789", "flood1 a")
	run("flood2-secret-0123456789", "flood2 a")
	gate.WaitStarted(t, 2)
	for i, who := range []string{"flood1", "flood2", "flood1", "flood2", "calm"} {
		run(who+"-secret-0123456789", fmt.Sprintf("%s %d", who, i))
		gate.WaitUntil(t, fmt.Sprintf("%d runs queued", i+1), func() bool { return queued() == i+1 })
	}
	gate.Open(t)
	wg.Wait()

	var order []string
	for _, l := range e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool {
		n := 0
		for _, l := range lines {
			if l["event"] == "run_start" {
				n++
			}
		}
		return n >= 7
	}) {
		if l["event"] == "run_start" {
			order = append(order, fmt.Sprint(l["subject"]))
		}
	}
	calmAt := -1
	for i, s := range order {
		if s == "calm" {
			calmAt = i
		}
	}
	// The third start is the first after a slot freed; a race between
	// the two first runs' ends may let one flood run in first.
	if calmAt < 0 || calmAt > 3 {
		t.Errorf("run starts in order %v: the calm token's run started %dth, after the floods' queued runs; want it with the first slots that freed", order, calmAt+1)
	}
}

// TestAttackRunSlotsHeldByTwoTokens: max_concurrent_runs = 4 and 2 per
// token: two tokens each holding their 2 slots with long runs held every
// slot, and a third token's run waited run_queue_wait and was refused
// for as long as theirs ran. A token now takes a slot only while it holds
// fewer than are left free (when another token wants one): the second
// flood holds one, and the calm token's run starts at once.
func TestAttackRunSlotsHeldByTwoTokens(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 16\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 256\nmax_concurrent_runs = 4\nmax_concurrent_runs_per_token = 2\nrun_queue_wait = \"10s\"\n")
	cfg := tokensConfig(t, e, "", "flood1", "flood2", "calm")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	var wg sync.WaitGroup
	for _, who := range []string{"flood1", "flood1", "flood2", "flood2"} {
		cs := e2e.ConnectHTTPToken(t, srv.URL, who+"-secret-0123456789", nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = e2e.TryCall(cs, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 1", "timeout": 120})
		}()
	}
	gate.WaitStarted(t, 3)
	// Without the rule the four runs hold every slot; with it three do.
	for deadline := time.Now().Add(5 * time.Second); gate.Started() < 4 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	res, err := e2e.TryCall(calm, "execute_code", map[string]any{"code": "return 6 * 7"})
	if err != nil || res.IsError || e2e.Structured(res)["value"] != float64(42) {
		t.Errorf("the calm token's run while two tokens hold long runs: %v %s", err, e2e.Text(res))
	}
	gate.Open(t)
	wg.Wait()
}

// TestAttackLoopingTokenTakesEveryOtherTurn: when tokens wait for the
// server's run slots, the next slot went to the one with fewer runs in
// progress, then to the one served longest ago: a token whose runs loop
// until their time limit got every other turn, as a calm token whose
// runs take a moment did, and so held the slots (and the cores) most of
// the time, the calm token's run waiting behind each of its loops (each
// until its step budget or time limit). Now the turn goes to the token
// with less recent time in run slots (a slot is at most a core; halved
// every minute): the calm token's run starts before the looping
// token's, though it came after it.
func TestAttackLoopingTokenTakesEveryOtherTurn(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_concurrent_runs = 1\nmax_concurrent_runs_per_token = 1\nrun_queue_wait = \"10m\"\n")
	cfg := tokensConfig(t, e, "\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n", "loop", "calm", "holder")
	srv := e.ServeHTTP(t, cfg)
	gate := e2e.NewGate(t)
	gauge := metricsGauge(t, srv, gate)
	queued := func() int { return gauge("toolplane_runs_queued") }
	loop := e2e.ConnectHTTPToken(t, srv.URL, "loop-secret-0123456789", nil)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	holder := e2e.ConnectHTTPToken(t, srv.URL, "holder-secret-0123456789", nil)
	// The looping token's runs hold the slot until their step budget
	// runs out, three times; the calm token's a moment.
	for range 3 {
		res, err := e2e.TryCall(loop, "execute_code", map[string]any{"code": "while True:\n    pass"})
		if err != nil || !strings.Contains(e2e.Text(res), "TimeoutError") {
			t.Fatalf("the looping run: %v %s", err, e2e.Text(res))
		}
	}
	if v := e2e.MustRun(t, calm, "return 1"); v != float64(1) {
		t.Fatalf("the calm run: %v", v)
	}
	// A third token holds the slot; the looping token's next run queues,
	// then the calm token's.
	held := make(chan error, 1)
	go func() {
		_, err := e2e.TryCall(holder, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 1"})
		held <- err
	}()
	gate.WaitStarted(t, 1)
	// Each queued run waits at a gate of its own once it has the slot:
	// which gate is reached first says which run the slot went to, as the
	// server decided, whatever order the answers then cross the network in.
	gates := map[string]*e2e.Gate{"loop": e2e.NewGate(t), "calm": e2e.NewGate(t)}
	ended := make(chan string, 2)
	run := func(cs *mcp.ClientSession, name string) {
		go func() {
			if v, err := tryRun(cs, "await "+gates[name].Slow()+"\nreturn 2"); err != nil || v != float64(2) {
				ended <- fmt.Sprintf("%s failed: %v %v", name, v, err)
				return
			}
			ended <- name
		}()
	}
	run(loop, "loop")
	gate.WaitUntil(t, "the looping token's run to queue", func() bool { return queued() == 1 })
	run(calm, "calm")
	gate.WaitUntil(t, "the calm token's run to queue", func() bool { return queued() == 2 })
	gate.Open(t)
	var got []string
	for range 2 {
		gate.WaitUntil(t, "a queued run to take the slot", func() bool {
			return gates["loop"].Started()+gates["calm"].Started() > len(got)
		})
		for _, name := range []string{"calm", "loop"} {
			if gates[name].Started() > 0 && !slices.Contains(got, name) {
				got = append(got, name)
			}
		}
		gates[got[len(got)-1]].Open(t)
	}
	if len(got) != 2 || got[0] != "calm" || got[1] != "loop" {
		t.Errorf("the queued runs took the slot in the order %q; want the calm token's first (less recent slot time), then the looping token's", got)
	}
	for range 2 {
		select {
		case s := <-ended:
			if s != "calm" && s != "loop" {
				t.Error(s)
			}
		case <-time.After(40 * time.Second):
			t.Fatal("the queued runs did not end")
		}
	}
	if err := <-held; err != nil {
		t.Errorf("the holder's run: %v", err)
	}
}
