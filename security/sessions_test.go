package security_test

// Sessions: caps per subject and overall, eviction, isolation between
// clients and between sessions of one token.

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackResultHandlesAcrossSessions: a result saved in one session is
// readable there only. Another token's session and a second session of
// the same token can neither list it, read it as a resource, load it from
// a snippet, nor tell it from a handle that never existed; hijacking the
// owner's Mcp-Session-Id with another token is refused; the listing and
// the read are marked cacheScope "private".
func TestAttackResultHandlesAcrossSessions(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	base := strings.TrimSpace(readFile(t, e.Config))
	e.WriteFile(t, cfg, base+"\n"+e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`)+e.AddToken("bob", "bob-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	alice2 := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	bob := e2e.ConnectHTTPToken(t, srv.URL, "bob-secret-0123456789", nil)
	ctx := context.Background()

	handle, _ := e2e.MustRun(t, alice, `return await save_result({"card": "4111"}, label="alice's")`).(string)
	if !strings.HasPrefix(handle, "res_") {
		t.Fatalf("save_result returned %q", handle)
	}
	lr, err := alice.ListResources(ctx, nil)
	if err != nil || len(lr.Resources) != 1 {
		t.Fatalf("alice's resources = %+v, %v", lr, err)
	}
	if lr.CacheScope != "private" {
		t.Errorf("resources/list cacheScope = %q, want private", lr.CacheScope)
	}
	rr, err := alice.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
	if err != nil || rr.CacheScope != "private" {
		t.Errorf("alice's read: cacheScope %q, err %v; want private", rr.CacheScope, err)
	}

	never := "res_" + strings.Repeat("0", 20)
	for name, cs := range map[string]*mcp.ClientSession{"bob": bob, "alice's second session": alice2} {
		l, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range l.Resources {
			if strings.Contains(r.URI, handle) {
				t.Errorf("%s lists alice's result %s", name, r.URI)
			}
		}
		_, errTheirs := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
		_, errNever := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/" + never})
		if errTheirs == nil {
			t.Errorf("%s read alice's result", name)
		} else if strings.ReplaceAll(errTheirs.Error(), handle, never) != errNever.Error() {
			t.Errorf("%s tells alice's handle from one that never existed:\n%v\n%v", name, errTheirs, errNever)
		}
		v := e2e.MustRun(t, cs, fmt.Sprintf(`
out = []
for h in [%q, %q]:
    try:
        out.append(await load_result(h))
    except KeyError as e:
        out.append(str(e).replace(h, "H"))
return out`, handle, never))
		if got, _ := v.([]any); len(got) != 2 || got[0] != got[1] {
			t.Errorf("%s: load_result of alice's handle vs a never-saved one: %v", name, v)
		}
	}

	// Bob presents alice's session id with his own token.
	sid := alice.ID()
	req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"resources/list","params":{}}`))
	req.Header.Set("Authorization", "Bearer bob-secret-0123456789")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	if resp.StatusCode == http.StatusOK || strings.Contains(body, handle) {
		t.Errorf("bob with alice's session id: status %d, body %.300s", resp.StatusCode, body)
	}
}

// TestAttackSessionFlood: 600 sessions × 4 MB once stayed for the 30
// minute idle timeout. With [session] caps, a token opening many sessions
// keeps only its cap (the least recently used idle ones are evicted and
// their clients told on their next run), holds at most its memory cap
// between runs, cannot push another token's sessions out beyond the
// server cap's order, and is refused, with the cap named, when all of its
// sessions are running.
func TestAttackSessionFlood(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// The budgets are what the test's sessions hold (a token's 9 MiB, 64
	// in all) plus the worker process each session keeps (40 MiB each:
	// three a token, nine in all).
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 4\nmax_sessions = 9\nmax_sessions_per_token = 3\nmax_retained_mb = 424\nmax_retained_mb_per_token = 129\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("flood", "flood-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`)+e.AddToken("mem", "mem-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)

	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 'still here'")

	var flood []*mcp.ClientSession
	for i := range 8 {
		cs := e2e.ConnectHTTPToken(t, srv.URL, "flood-secret-0123456789", nil)
		e2e.MustRun(t, cs, fmt.Sprintf("n = %d", i))
		flood = append(flood, cs)
	}
	// The last three live on; the first five were evicted, and a client
	// coming back is told so (it opens a fresh session, evicting in turn).
	for i := 7; i >= 5; i-- {
		if v := e2e.MustRun(t, flood[i], "return n"); v != float64(i) {
			t.Errorf("flood session %d: n = %v", i, v)
		}
	}
	res, _ := e2e.Exec(t, flood[0], "return n")
	if text := e2e.Text(res); !strings.Contains(text, "evicted") || !strings.Contains(text, `token "flood" may keep at most 3 sessions`) {
		t.Errorf("the first flood session is not told it was evicted:\n%s", text)
	}
	if v := e2e.MustRun(t, calm, "return mine"); v != "still here" {
		t.Errorf("the calm token's session was evicted by the flood: %v", v)
	}

	// Memory: three sessions of 3 MiB each and their workers pass the
	// token's 129 MiB: the least recently used idle session goes. (A run a little short starts
	// smaller instead: session.TestEvictOnlyForMemoryHeld.)
	var big []*mcp.ClientSession
	for range 3 {
		cs := e2e.ConnectHTTPToken(t, srv.URL, "mem-secret-0123456789", nil)
		e2e.MustRun(t, cs, "blob = 'x' * (3 << 20)")
		big = append(big, cs)
	}
	res, _ = e2e.Exec(t, big[0], "return len(blob)")
	if !strings.Contains(e2e.Text(res), "evicted") || !strings.Contains(e2e.Text(res), "MiB in its sessions") {
		t.Errorf("over the token's memory cap the oldest session was kept:\n%s", e2e.Text(res))
	}

	// All of the token's sessions running (held in their upstream calls
	// until the gate opens): a new one waits run_queue_wait (here 1s)
	// for one to become idle, then is refused, naming the caps. On a
	// server of its own whose memory budget admits three runs at once:
	// here the third would wait for memory (the token's 9 MiB hold two
	// runs of 4), and a run waiting for memory never reaches the gate.
	// Three runs at once of the token: its run cap is raised to
	// three too (TestAttackRunFlood is about that cap).
	busy := bins.NewEnv(t, "\n[session]\nmax_sessions_per_token = 3\nmax_memory_mb = 16\nmax_retained_mb = 256\nmax_retained_mb_per_token = 128\nmax_concurrent_runs_per_token = 3\nrun_queue_wait = \"1s\"\n")
	busyCfg := busy.Config + ".tokens.toml"
	busy.WriteFile(t, busyCfg, readFile(t, busy.Config)+busy.AddToken("flood", "flood-secret-0123456789", `allow = "source"`))
	busySrv := busy.ServeHTTP(t, busyCfg)
	gate := e2e.NewGate(t)
	var wg sync.WaitGroup
	ended := make([]string, 3)
	var endedN atomic.Int32
	for i := range ended {
		cs := e2e.ConnectHTTPToken(t, busySrv.URL, "flood-secret-0123456789", nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer endedN.Add(1)
			res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 'held'"})
			switch {
			case err != nil:
				ended[i] = err.Error()
			case res.IsError || e2e.Structured(res)["value"] != "held":
				ended[i] = e2e.Text(res)
			}
		}()
	}
	gate.WaitUntil(t, "three runs of the token to hold their sessions", func() bool { return gate.Started() >= 3 || endedN.Load() > 0 })
	if endedN.Load() > 0 {
		gate.Open(t)
		wg.Wait()
		t.Fatalf("a run of the token's sessions ended before the gate opened:\n%s", strings.Join(ended, "\n---\n"))
	}
	extra := e2e.ConnectHTTPToken(t, busySrv.URL, "flood-secret-0123456789", nil)
	res, _ = e2e.Exec(t, extra, "return 1")
	if !res.IsError || !strings.Contains(e2e.Text(res), "limit of 3 sessions ([session] max_sessions_per_token)") || !strings.Contains(e2e.Text(res), "raise [session] max_sessions_per_token or run_queue_wait") {
		t.Errorf("a fourth session while three run:\n%s", e2e.Text(res))
	}
	gate.Open(t)
	wg.Wait()
	for i, text := range ended {
		if text != "" {
			t.Errorf("held run %d: %s", i, text)
		}
	}
	if v := e2e.MustRun(t, extra, "return 2"); v != float64(2) {
		t.Errorf("after the runs ended: %v", v)
	}
}

// TestAttackInitializeFlood: a client that only initializes MCP sessions
// creates no toolplane session, yet each MCP session was kept until it
// idled out (30 minutes): initialize in a loop grew the server without
// bound. Open MCP sessions are capped per token (and in all) at
// server.MCPSessionsFactor times the [session] caps; the least recently
// active are closed, another token's are untouched.
func TestAttackInitializeFlood(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[session]\nmax_sessions = 16\nmax_sessions_per_token = 2\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("flood", "flood-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)

	post := func(token, sid, body string) (int, string) { return postMCP(t, srv.URL, token, sid, body) }
	var sids []string
	for range 60 {
		code, sid := post("flood-secret-0123456789", "", initializeBody)
		if code != http.StatusOK || sid == "" {
			t.Fatalf("initialize: %d %q", code, sid)
		}
		post("flood-secret-0123456789", sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		sids = append(sids, sid)
	}
	live := 0
	for _, sid := range sids {
		if code, _ := post("flood-secret-0123456789", sid, `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}`); code == http.StatusOK {
			live++
		}
	}
	if want := 2 * 4; live > want || live == 0 {
		t.Errorf("%d of 60 MCP sessions of one token are open; want at most %d (and some)", live, want)
	}
	if code, _ := post("flood-secret-0123456789", sids[len(sids)-1], `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{}}`); code != http.StatusOK {
		t.Errorf("the newest session was closed: %d", code)
	}
	if _, err := calm.ListTools(context.Background(), nil); err != nil {
		t.Errorf("another token's session did not survive the flood: %v", err)
	}
}

// TestAttackInitializeFloodClosesAnotherTokensSession: at the server's
// cap on open MCP sessions (server.MCPSessionsFactor times max_sessions),
// an initialize closed the least recently active MCP session of anyone,
// and with it its toolplane session: two tokens that only initialize, each
// within its own cap, closed a calm token's idle session and its globals
// were gone. Now an initialize at the server's cap closes one of its own
// token's or of a token holding more MCP sessions, as a toolplane session
// evicts (session.Manager's serverVictimLocked).
func TestAttackInitializeFloodClosesAnotherTokensSession(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_sessions = 4\nmax_sessions_per_token = 2\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("flood1", "flood1-secret-0123456789", `allow = "name=nothing-has-this-name"`)+
		e.AddToken("flood2", "flood2-secret-0123456789", `allow = "name=nothing-has-this-name"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 41")

	post := func(token, sid, body string) (int, string) { return postMCP(t, srv.URL, token, sid, body) }
	// Each flood token opens its own cap of MCP sessions (2 x 4), twice
	// over: 32 initializes against a server cap of 16, one calm session.
	for round := range 2 {
		for _, token := range []string{"flood1-secret-0123456789", "flood2-secret-0123456789"} {
			for range 8 {
				code, sid := post(token, "", initializeBody)
				if code != http.StatusOK || sid == "" {
					t.Fatalf("round %d: initialize: %d %q", round, code, sid)
				}
				post(token, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			}
		}
	}
	res, err := e2e.TryCall(calm, "execute_code", map[string]any{"code": "return mine + 1"})
	switch {
	case err != nil:
		t.Errorf("the calm token's session was closed by the flood: %v", err)
	case res.IsError || e2e.Structured(res)["value"] != float64(42):
		t.Errorf("the calm token's globals did not survive the flood:\n%s", e2e.Text(res))
	}
}

// TestAttackUpstreamSlotsHeldByOneToken: an upstream server serves at most
// 8 calls at once, shared by every client, and one token's snippet could
// take all 8 (asyncio.gather of slow calls) so that every other token's
// calls to that server waited until its calls ended, up to the 5-minute
// call timeout, again and again. One caller may hold at most half of a
// server's slots: another token's call goes through at once.
//
// The hog's calls are held by a gate for up to a minute, so a call of the
// other token that waited for one of them to end would wait that minute:
// the 15s bound tells waiting from a loaded machine's slowness (a bound
// of 2s against calls of 4s, begun after a fixed 1s sleep, did not).
func TestAttackUpstreamSlotsHeldByOneToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("hog", "hog-secret-0123456789", `allow = "source"`)+e.AddToken("other", "other-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	hog := e2e.ConnectHTTPToken(t, srv.URL, "hog-secret-0123456789", nil)
	other := e2e.ConnectHTTPToken(t, srv.URL, "other-secret-0123456789", nil)
	e2e.MustRun(t, other, `return await up.echo(text="warm")`) // the upstream is started

	gate := e2e.NewGate(t)
	hogDone := make(chan any, 1)
	go func() {
		res, err := e2e.TryCall(hog, "execute_code", map[string]any{"code": "import asyncio\nreturn len(await asyncio.gather(*[" + gate.Slow() + " for _ in range(8)]))", "timeout": 120})
		if err != nil {
			hogDone <- err
			return
		}
		hogDone <- e2e.Structured(res)["value"]
	}()
	gate.WaitStarted(t, 4) // the hog holds its share of the slots
	start := time.Now()
	if v := e2e.MustRun(t, other, `return await up.echo(text="through")`); v != "through" {
		t.Errorf("the other token's call: %v", v)
	}
	if waited := time.Since(start); waited > 15*time.Second {
		t.Errorf("the other token's call waited %s for the hog's calls to end", waited.Round(time.Millisecond))
	}
	if n := gate.Started(); n > 4 {
		t.Errorf("the hog had %d calls in progress at once; one caller may hold 4 of the server's 8 slots", n)
	}
	gate.Open(t)
	if v := <-hogDone; v != float64(8) {
		t.Errorf("the hog's own calls: %v (they wait their turn, but all run)", v)
	}
}

// TestAttackUpstreamSlotsHeldByTwoTokens: one caller may hold at most
// half of an upstream server's 8 slots, so two tokens each holding their
// half with slow calls held them all, and every other token's calls to
// that server waited until theirs ended. A caller now takes a slot only
// while it would hold no more than is left free: the second hog holds
// fewer, and another token's call goes through at once.
func TestAttackUpstreamSlotsHeldByTwoTokens(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("hog1", "hog1-secret-0123456789", `allow = "source"`)+
		e.AddToken("hog2", "hog2-secret-0123456789", `allow = "source"`)+e.AddToken("other", "other-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	other := e2e.ConnectHTTPToken(t, srv.URL, "other-secret-0123456789", nil)
	e2e.MustRun(t, other, `return await up.echo(text="warm")`) // the upstream is started

	gate := e2e.NewGate(t)
	var wg sync.WaitGroup
	for _, token := range []string{"hog1-secret-0123456789", "hog2-secret-0123456789"} {
		hog := e2e.ConnectHTTPToken(t, srv.URL, token, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = e2e.TryCall(hog, "execute_code", map[string]any{"code": "import asyncio\nreturn len(await asyncio.gather(*[" + gate.Slow() + " for _ in range(8)]))", "timeout": 120})
		}()
	}
	gate.WaitStarted(t, 5)
	// Without the rule both hogs hold 4 at once; with it they hold 6.
	for deadline := time.Now().Add(5 * time.Second); gate.Started() < 8 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	start := time.Now()
	if v := e2e.MustRun(t, other, `return await up.echo(text="through")`); v != "through" {
		t.Errorf("the other token's call: %v", v)
	}
	if waited := time.Since(start); waited > 15*time.Second {
		t.Errorf("the other token's call waited %s for the hogs' calls to end", waited.Round(time.Millisecond))
	}
	gate.Open(t)
	wg.Wait()
}

// TestAttackRunningSessionsMemoryBudget: sessions were capped in number
// and in what they held between runs, but not in what their runs held:
// N sessions of one token, each running a snippet that fills up to
// max_memory_mb, took N times that limit together. Each run is now
// granted its memory out of the token's and the server's budget
// ([session] max_retained_mb_per_token, max_retained_mb): at no moment do
// a token's runs hold more than its budget (a run that does not fit runs
// with what is left and is told so, or waits for a run to end), another
// token runs meanwhile, and a run that needs room evicts the token's
// least recently used idle session holding memory, whose client is told.
// In worker processes and in the server's own.
func TestAttackRunningSessionsMemoryBudget(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	for _, isolation := range []string{"process", "none"} {
		t.Run(isolation, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, fmt.Sprintf("\n[toolplane]\nisolation = %q\n\n[session]\nmax_memory_mb = 32\nmax_retained_mb = 200\nmax_retained_mb_per_token = 48\nmax_concurrent_runs_per_token = 4\n", isolation)) // the budget, not the run cap, holds the four runs back
			e.MemoryCap = 3 << 30
			cfg := e.Config + ".tokens.toml"
			e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("hog", "hog-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
			srv := e.ServeHTTP(t, cfg)
			calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)

			// Each run holds 20 MiB from its first stamp to its second,
			// waiting at the gate in between: the runs overlap however
			// slowly a loaded machine starts them (1.5s of sleep did not
			// make them overlap when each took longer to begin).
			gate := e2e.NewGate(t)
			fill := "import time\nblob = 'x' * (20 << 20)\nt0 = time.time()\nawait " + gate.Slow() + "\nreturn [t0, time.time()]"
			var hogs []*mcp.ClientSession
			for range 4 {
				hogs = append(hogs, e2e.ConnectHTTPToken(t, srv.URL, "hog-secret-0123456789", nil))
			}
			e2e.MustRun(t, hogs[0], "return 0") // the upstream is started
			texts := make([]string, len(hogs))
			spans := make([][]any, len(hogs))
			var wg sync.WaitGroup
			var ended atomic.Int32
			for i, cs := range hogs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer ended.Add(1)
					res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": fill})
					if err != nil {
						texts[i] = err.Error()
						return
					}
					texts[i] = e2e.Text(res)
					if !res.IsError {
						spans[i], _ = e2e.Structured(res)["value"].([]any)
					}
				}()
			}
			// Every run holds its blob at the gate or has ended (cut by
			// the budget); none waits for memory while the gate is shut.
			gate.WaitUntil(t, "each hog run to hold its blob or end", func() bool { return gate.Started()+int(ended.Load()) >= len(hogs) })
			if v := e2e.MustRun(t, calm, "return 'through'"); v != "through" {
				t.Errorf("the calm token's run while the hog's hold its budget: %v", v)
			}
			gate.Open(t)
			wg.Wait()
			held, cut := 0, 0
			for i := range hogs {
				switch {
				case len(spans[i]) == 2:
					held++
				case strings.Contains(texts[i], "MemoryError") && strings.Contains(texts[i], "max_retained_mb_per_token"):
					cut++
				default:
					t.Errorf("hog run %d failed without naming the budget:\n%s", i, texts[i])
				}
			}
			// At no moment do more than two runs hold 20 MiB (48 MiB).
			for i := range spans {
				if len(spans[i]) != 2 {
					continue
				}
				at, _ := spans[i][0].(float64)
				n := 0
				for j := range spans {
					if len(spans[j]) == 2 && spans[j][0].(float64) <= at && at < spans[j][1].(float64) {
						n++
					}
				}
				if n*20 > 48 {
					t.Errorf("%d of the hog's runs held 20 MiB each at once under a 48 MiB budget:\n%s", n, strings.Join(texts, "\n---\n"))
				}
			}
			if held == 0 || cut == 0 {
				t.Errorf("%d runs held their blob, %d were cut by the budget; want some of each:\n%s", held, cut, strings.Join(texts, "\n---\n"))
			}

			// One after another, sessions keeping 20 MiB each: the
			// token's least recently used idle session that holds memory
			// goes to make room, and its client is told why.
			var seq []*mcp.ClientSession
			for range 3 {
				cs := e2e.ConnectHTTPToken(t, srv.URL, "hog-secret-0123456789", nil)
				e2e.MustRun(t, cs, "blob = 'y' * (20 << 20)")
				seq = append(seq, cs)
			}
			if v := e2e.MustRun(t, seq[2], "return len(blob)"); v != float64(20<<20) {
				t.Errorf("the newest session lost its globals: %v", v)
			}
			res, _ := e2e.Exec(t, seq[0], "return len(blob)")
			if text := e2e.Text(res); !strings.Contains(text, "evicted") || !strings.Contains(text, "max_retained_mb_per_token") {
				t.Errorf("the least recently used session was kept, or its client not told why:\n%s", text)
			}
		})
	}
}

// TestAttackSnippetPoisonsSharedState: a snippet rebinds what other runs
// share with it if anything is shared: builtins (each run has its own
// copy of the module), library modules and their classes (json.dumps,
// collections.OrderedDict, enum.Enum, random's state, decimal's context,
// re.compile, ...), and types written in Go (int, Exception, object,
// type, whose attributes and __bases__ cannot be set, as in CPython).
// Neither the next run of its session nor another session sees a
// change. Held.
func TestAttackSnippetPoisonsSharedState(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	url := e.HTTPURL(t)
	a, b := e2e.ConnectHTTP(t, url), e2e.ConnectHTTP(t, url)
	// name: (statement that poisons, expression whose value must not change)
	probes := [][3]string{
		{"builtins.len", `builtins.len = lambda x: 4242`, `len([1])`},
		{"builtins new name", `builtins.PWN = 1`, `hasattr(builtins, "PWN")`},
		{"str.__dict__", `str.__dict__["upper"] = lambda s: "PWN"`, `"a".upper()`},
		{"json.dumps", `json.dumps = lambda *a, **k: "PWN"`, `json.dumps(1)`},
		{"JSONEncoder", `json.JSONEncoder.default = lambda s, o: "PWN"`, `json.JSONEncoder.default is json.JSONEncoder().default.__func__`},
		{"OrderedDict", `collections.OrderedDict.pwn = 1`, `hasattr(collections.OrderedDict, "pwn")`},
		{"Counter", `collections.Counter.most_common = None`, `collections.Counter("aab").most_common(1)`},
		{"Enum", `enum.Enum.pwn = 1`, `hasattr(enum.Enum, "pwn")`},
		{"random seed", `random.seed(7)`, `random.random() == random.Random(7).random()`},
		{"math.pi", `math.pi = 3`, `math.pi`},
		{"decimal context", `decimal.getcontext().prec = 2`, `decimal.getcontext().prec`},
		{"re.compile", `re.compile = None`, `re.compile("a").pattern`},
		{"operator.add", `operator.add = lambda a, b: "PWN"`, `operator.add(1, 2)`},
		{"asyncio.sleep", `asyncio.sleep = None`, `asyncio.sleep is not None`},
		{"datetime.date", `datetime.date.pwn = 1`, `hasattr(datetime.date, "pwn")`},
		// ABCs keep registries and caches on their classes.
		{"ABC registry", `collections.abc.Mapping.register(int)`, `isinstance(1, collections.abc.Mapping)`},
		{"ABC hook", `collections.abc.Iterable.__subclasshook__ = classmethod(lambda c, s: True)`, `isinstance(1, collections.abc.Iterable)`},
		{"ABC cache", `abc.ABCMeta.__instancecheck__ = lambda c, i: True`, `isinstance(1, collections.abc.Sequence)`},
	}
	const imports = "import builtins, json, collections, collections.abc, abc, enum, random, math, decimal, re, operator, asyncio, datetime\n"
	var poison, check strings.Builder
	poison.WriteString(imports + "done = []\n")
	check.WriteString(imports + "out = {}\n")
	for _, p := range probes {
		fmt.Fprintf(&poison, "try:\n    %s\n    done.append(%q)\nexcept Exception:\n    pass\n", p[1], p[0])
		fmt.Fprintf(&check, "try:\n    out[%q] = repr(%s)\nexcept Exception as e:\n    out[%q] = 'raised ' + type(e).__name__\n", p[0], p[2], p[0])
	}
	poison.WriteString("return done\n")
	check.WriteString("return out\n")
	want := e2e.MustRun(t, b, check.String())
	done := e2e.MustRun(t, a, poison.String())
	t.Logf("poisoned in its own run: %v", done)
	for name, cs := range map[string]*mcp.ClientSession{"the next run of the session": a, "another session": b} {
		got := e2e.MustRun(t, cs, check.String())
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s sees the poison:\n got %v\nwant %v", name, got, want)
		}
	}
	// Types written in Go refuse the change, as in CPython.
	var refuse strings.Builder
	refuse.WriteString("class C: pass\nr = []\n")
	for _, stmt := range []string{"int.__bases__ = (C,)", "object.pwn = 1", "type.__call__ = None", "Exception.__str__ = None", "C.__bases__ = (int,)", "str.upper = None"} {
		fmt.Fprintf(&refuse, "try:\n    %s\n    r.append(%q)\nexcept TypeError:\n    pass\n", stmt, stmt)
	}
	refuse.WriteString("return r\n")
	if out := e2e.MustRun(t, a, refuse.String()); !reflect.DeepEqual(out, []any{}) {
		t.Errorf("types written in Go took: %v", out)
	}
}

// TestAttackStaleBindingsAcrossRuns: a session keeps what a run stored in
// its globals, runtime bindings included: call_tool, a capability's
// alias, a coroutine that calls one, a suspended generator that yields
// call_tool. A later run calling them works, and every call is that
// later run's (audited with its run id),
// never the finished run's. Held.
func TestAttackStaleBindingsAcrossRuns(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cs := e2e.ConnectHTTP(t, e.HTTPURL(t))
	e2e.MustRun(t, cs, `ct = call_tool
echo = up.echo
async def later():
    return await ct("mcp:up/echo", {"text": "coroutine"})
g = later()
def gen():
    yield call_tool
gg = gen()
return 1`)
	for code, want := range map[string]string{
		`return await ct("mcp:up/echo", {"text": "binding"})`:                      "binding",
		`return await echo(text="alias")`:                                          "alias",
		`return await g`:                                                           "coroutine",
		`return await next(gg)("mcp:up/echo", {"text": "generator"})`:              "generator",
		`return [await ct("mcp:up/echo", {"text": str(i)}) for i in range(3)][-1]`: "2",
	} {
		if v := e2e.MustRun(t, cs, code); v != want {
			t.Errorf("%s: %v", code, v)
		}
	}
	lines := e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool {
		n := 0
		for _, l := range lines {
			if l["event"] == "run_end" {
				n++
			}
		}
		return n >= 6
	})
	runs := map[any]bool{}
	var first any
	for _, l := range lines {
		if l["event"] == "run_start" {
			if first == nil {
				first = l["run_id"]
			}
			runs[l["run_id"]] = true
		}
	}
	dispatches := 0
	for _, l := range lines {
		if l["event"] != "dispatch" {
			continue
		}
		dispatches++
		if l["run_id"] == first || !runs[l["run_id"]] {
			t.Errorf("a call of a later run is audited as run %v (the first run was %v)", l["run_id"], first)
		}
	}
	if dispatches != 7 {
		t.Errorf("%d dispatches audited, want 7", dispatches)
	}
}

// TestAttackWorkersOutsideBudget: a token admitted to nothing opens its
// 32 sessions and runs "x = 1" in each. Every session keeps a sandbox
// worker (about 40 MiB resident), and the memory budgets charged only the
// globals, so the token held 33 processes and 1.2 GiB resident against a
// budget of 400 MiB (tokens together: max_sessions, 256 workers, about 9
// GiB, past a 7 GiB CI box). A session is now charged its worker, so the
// token keeps what its budget holds and its oldest sessions are evicted,
// their clients told; another token is served meanwhile.
func TestAttackWorkersOutsideBudget(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 64\nmax_retained_mb_per_token = 400\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("nobody", "nobody-secret-0123456789", `allow = "name=none-such"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 'still here'")

	var flood []*mcp.ClientSession
	for i := range 32 {
		cs := e2e.ConnectHTTPToken(t, srv.URL, "nobody-secret-0123456789", nil)
		e2e.MustRun(t, cs, fmt.Sprintf("x = %d", i))
		flood = append(flood, cs)
	}
	// 400 MiB hold 9 sessions' workers; the calm session's and the
	// spare are not the token's.
	const bound = 9 + 2
	workers := workerProcesses(t, srv.Cmd.Process.Pid, bound)
	t.Logf("%d worker processes after 32 sessions of a token with a 400 MiB budget", workers)
	if workers > bound {
		t.Errorf("a token with a 400 MiB budget keeps %d worker processes (about %d MiB)", workers, workers*40)
	}
	res, _ := e2e.Exec(t, flood[0], "return x")
	if text := e2e.Text(res); !strings.Contains(text, "evicted") || !strings.Contains(text, "MiB in its sessions") {
		t.Errorf("the token's oldest session is not told it was evicted for memory:\n%s", text)
	}
	if v := e2e.MustRun(t, calm, "return mine"); v != "still here" {
		t.Errorf("the calm token's session: %v", v)
	}
}

// workerProcesses counts the live sandbox workers of the serve process
// pid, waiting up to 20 s for evicted ones to exit while there are more
// than atMost.
func workerProcesses(t *testing.T, pid, atMost int) int {
	t.Helper()
	count := func() int {
		n := 0
		entries, _ := os.ReadDir("/proc")
		for _, en := range entries {
			child, err := strconv.Atoi(en.Name())
			if err != nil {
				continue
			}
			stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
			if err != nil {
				continue
			}
			s := string(stat)
			f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
			if len(f) < 2 || f[0] == "Z" || f[1] != strconv.Itoa(pid) {
				continue
			}
			if cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child)); strings.Contains(string(cmd), "__sandbox-worker") {
				n++
			}
		}
		return n
	}
	n := count()
	for deadline := time.Now().Add(20 * time.Second); n > atMost && time.Now().Before(deadline); n = count() {
		time.Sleep(200 * time.Millisecond)
	}
	return n
}

// postMCP posts one JSON-RPC body to url as token (in the MCP session sid
// when it is not empty) and returns the status and the Mcp-Session-Id the
// answer names.
func postMCP(t *testing.T, url, token, sid, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id")
}
