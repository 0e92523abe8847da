package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/session"
)

// gate is a capability whose calls wait until the gate is opened (or
// their run ends): it keeps runs in progress for as long as a test needs.
type gate struct {
	mu     sync.Mutex
	ch     chan struct{}
	opened bool
}

// open lets every call through, those waiting and those to come.
func (g *gate) open() {
	g.mu.Lock()
	if !g.opened {
		close(g.ch)
		g.opened = true
	}
	g.mu.Unlock()
}

// shut makes calls wait again.
func (g *gate) shut() {
	g.mu.Lock()
	g.ch, g.opened = make(chan struct{}), false
	g.mu.Unlock()
}

func (g *gate) add(t *testing.T, reg *capability.Registry) {
	t.Helper()
	g.ch = make(chan struct{})
	err := reg.Add(capability.Capability{
		ID: "go:gate/hold", Source: capability.SourceGo, Namespace: "gate", Name: "hold",
		Description: "Wait until the test opens the gate.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
		Handler: func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
			g.mu.Lock()
			ch := g.ch
			g.mu.Unlock()
			select {
			case <-ch:
				return &capability.Result{Structured: map[string]any{"held": true}}, nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// connectAs connects an MCP client over HTTP with subject as its token.
func connectAs(t *testing.T, url, subject string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "wait-client", Version: "1"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{subject}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// runAsync calls execute_code in a goroutine; the outcome (nil when the
// run succeeded) comes on the channel.
func runAsync(cs *mcp.ClientSession, code string) <-chan error {
	ch := make(chan error, 1)
	go func() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: ToolExecute, Arguments: map[string]any{"code": code}})
		switch {
		case err != nil:
			ch <- err
		case res.IsError:
			ch <- fmt.Errorf("run failed: %s", text(res))
		default:
			ch <- nil
		}
	}()
	return ch
}

// releaseHeld opens g and checks that each of the held runs then ends
// without an error.
func releaseHeld(t *testing.T, g *gate, held []<-chan error) {
	t.Helper()
	g.open()
	for i, ch := range held {
		if err := done(t, ch, fmt.Sprint("held run ", i)); err != nil {
			t.Errorf("held run %d: %v", i, err)
		}
	}
}

// done waits up to 40 s for a run of runAsync.
func done(t *testing.T, ch <-chan error, what string) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(40 * time.Second):
		t.Fatalf("%s: no answer in 40s", what)
		return nil
	}
}

// TestHTTPSessionOpeningWaits: a token holding its maximum of sessions,
// each with a run in progress or queued, had a new client's session
// refused at once ("no session can be opened"), so a token with more
// clients than its run cap failed under ordinary load. Over real HTTP,
// with a token of 2 sessions and 1 run at a time: its third and fourth
// clients wait for a session and run once one is free; its fifth is
// refused at once (the waiters are bounded by its sessions); another
// token is not held back; four clients running at once all make
// progress; a waiter whose client disconnects leaves no goroutine and no
// place in the queue behind.
func TestHTTPSessionOpeningWaits(t *testing.T) {
	// Not parallel: it counts the process's goroutines.
	needInterpreter(t)
	var g gate
	f := newFixture(t, func(o *Options) {
		o.Guard = subjectGuard{}
		o.Sessions.MaxSessionsPerSubject, o.Sessions.MaxSessions = 2, 64
		o.Sessions.MaxRunsPerSubject, o.Sessions.MaxRuns = 1, 8
		o.Sessions.RunQueueWait = time.Minute
		o.Sessions.MaxMemoryBytes = 16 << 20
	})
	g.add(t, f.engine.reg)
	defer g.open() // a failed test leaves no run held
	url := f.httpURL(t)
	m := f.srv.Sessions()
	const hold = `return await call_tool("go:gate/hold", {})`
	const greet = `r = await greeter.greet(name="x")` + "\nreturn r[\"greeting\"]"

	var clients []*mcp.ClientSession
	for range 5 {
		clients = append(clients, connectAs(t, url, "admin"))
	}
	// Both sessions of the token busy: one run in progress, one queued.
	held := []<-chan error{runAsync(clients[0], hold)}
	waitFor(t, "the first run to start", func() bool { r, _ := m.Runs(); return r == 1 })
	held = append(held, runAsync(clients[1], hold))
	waitFor(t, "the second run to queue", func() bool { _, q := m.Runs(); return q == 1 })

	// Two more clients wait for a session; a fifth is refused at once.
	waiting := []<-chan error{runAsync(clients[2], greet)}
	waitFor(t, "the third client to wait for a session", func() bool { return m.Opening() == 1 })
	waiting = append(waiting, runAsync(clients[3], greet))
	waitFor(t, "the fourth client to wait for a session", func() bool { return m.Opening() == 2 })
	err := done(t, runAsync(clients[4], greet), "the fifth client")
	if err == nil || !strings.Contains(err.Error(), "2 more requests") || !strings.Contains(err.Error(), "[session] max_sessions_per_token") {
		t.Errorf("the fifth client, past the bound of waiters: %v", err)
	}
	// Another token runs at once past the queue.
	if err := done(t, runAsync(connectAs(t, url, "reader"), greet), "another token"); err != nil {
		t.Errorf("another token: %v", err)
	}

	// The gate opens: every run ends well, the waiters' included.
	g.open()
	for i, ch := range append(held, waiting...) {
		if err := done(t, ch, fmt.Sprint("client ", i)); err != nil {
			t.Errorf("client %d: %v", i, err)
		}
	}
	// Four clients at once, twice the token's sessions, each running
	// three snippets one after the other: all make progress.
	var all []<-chan error
	for _, cs := range clients[:4] {
		ch := make(chan error, 1)
		go func() {
			for range 3 {
				if err := <-runAsync(cs, greet); err != nil {
					ch <- err
					return
				}
			}
			ch <- nil
		}()
		all = append(all, ch)
	}
	for i, ch := range all {
		if err := done(t, ch, fmt.Sprint("client ", i)); err != nil {
			t.Errorf("client %d of four at once: %v", i, err)
		}
	}

	// A waiter whose client disconnects: busy sessions again, then a raw
	// HTTP client asks for a run and hangs up while it waits.
	g.shut()
	held = []<-chan error{runAsync(clients[0], hold)}
	waitFor(t, "the first run to start", func() bool { r, _ := m.Runs(); return r == 1 })
	held = append(held, runAsync(clients[1], hold))
	waitFor(t, "the second run to queue", func() bool { _, q := m.Runs(); return q == 1 })
	raw := &http.Client{Transport: &http.Transport{}}
	post := func(ctx context.Context, sid, body string) (*http.Response, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer admin")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		return raw.Do(req)
	}
	resp, err := post(context.Background(), "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp, err := post(context.Background(), sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	raw.CloseIdleConnections()
	sessions := m.IDs()
	runtime.GC()
	base := runtime.NumGoroutine()
	ctx, hangUp := context.WithCancel(context.Background())
	go func() {
		if resp, err := post(ctx, sid, fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":%q}}}`, greet)); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	waitFor(t, "the raw client to wait for a session", func() bool { return m.Opening() == 1 })
	hangUp() // the connection closes; no cancellation is sent
	waitFor(t, "the waiter of the vanished client to leave the queue", func() bool { return m.Opening() == 0 })
	if got := m.IDs(); fmt.Sprint(got) != fmt.Sprint(sessions) {
		t.Errorf("sessions %v after the waiter left, want %v", got, sessions)
	}
	raw.CloseIdleConnections()
	deadline := time.Now().Add(30 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the waiter's client hung up, %d before it asked:\n%s", n, base, buf[:runtime.Stack(buf, true)])
	}
	releaseHeld(t, &g, held)
}

// TestRunRefusedAfterWaitingIsAudited: a run refused after waiting
// run_queue_wait for a run slot, or for a session, wrote no audit line:
// the audit stream did not show a token being turned away. Each writes
// one run_refused line (outcome denied, the cap's config key as reason,
// how long it waited), and no run_start or run_end.
func TestRunRefusedAfterWaitingIsAudited(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	for _, c := range []struct {
		key string
		mod func(*session.Options)
	}{
		{session.KeyRunsPerSubject, func(o *session.Options) { o.MaxRunsPerSubject = 1 }},
		{session.KeySessionsPerSubject, func(o *session.Options) { o.MaxSessionsPerSubject = 1 }},
	} {
		t.Run(c.key, func(t *testing.T) {
			t.Parallel()
			var g gate
			f := newFixture(t, func(o *Options) {
				o.Sessions.MaxMemoryBytes = 16 << 20
				o.Sessions.RunQueueWait = 300 * time.Millisecond
				c.mod(&o.Sessions)
			})
			g.add(t, f.engine.reg)
			defer g.open()
			held := runAsync(f.connect(t, nil), `return await call_tool("go:gate/hold", {})`)
			waitFor(t, "the held run to start", func() bool { r, _ := f.srv.Sessions().Runs(); return r == 1 })
			res, out := run(t, f.connect(t, nil), "return 1")
			if !res.IsError || out.Error == nil || !strings.Contains(out.Error.Message, "[session] "+c.key) {
				t.Fatalf("the second run: %s", text(res))
			}
			g.open()
			if err := done(t, held, "the held run"); err != nil {
				t.Fatal(err)
			}
			var refused []map[string]any
			for _, ln := range f.audit.lines(t) {
				if ln["run_id"] == out.RunID && ln["event"] != "run_refused" {
					t.Errorf("the refused run wrote %v", ln)
				}
				if ln["event"] == "run_refused" {
					refused = append(refused, ln)
				}
			}
			if len(refused) != 1 {
				t.Fatalf("run_refused lines %v, want one", refused)
			}
			ln := refused[0]
			if ln["run_id"] != out.RunID || ln["outcome"] != "denied" || ln["error_type"] != "RuntimeError" || ln["reason"] != c.key || ln["snippet_sha256"] != audit.SnippetHash("return 1") || ln["backend"] != BackendEmbedded {
				t.Errorf("run_refused line %v", ln)
			}
			if q, _ := ln["queued_ms"].(float64); q < 300 {
				t.Errorf("queued_ms %v, want the 300 ms waited", ln["queued_ms"])
			}
		})
	}
}

// TestAttackResourceRequestsOpenNoSession: resources/list and
// resources/read opened the client's session when it had none, like a
// run: at the server's max_sessions each evicted another client's idle
// session (of any token) for an empty one, or, with every session busy,
// waited up to run_queue_wait holding a place in the queue. A client
// that lists resources on connecting (as many do) and never runs a
// snippet destroyed another token's globals. Now neither request opens
// a session: another token's globals survive any number of them, and
// they answer at once with every session busy.
func TestAttackResourceRequestsOpenNoSession(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	var g gate
	f := newFixture(t, func(o *Options) {
		o.Guard = subjectGuard{}
		o.Sessions.MaxSessionsPerSubject, o.Sessions.MaxSessions = 2, 2
		o.Sessions.RunQueueWait = time.Minute
		o.Sessions.MaxMemoryBytes = 16 << 20
	})
	g.add(t, f.engine.reg)
	defer g.open()
	url := f.httpURL(t)
	m := f.srv.Sessions()
	ctx := context.Background()

	// The server's two sessions: admin's, each with a global, idle.
	a1, a2 := connectAs(t, url, "admin"), connectAs(t, url, "admin")
	for _, c := range []struct {
		cs   *mcp.ClientSession
		code string
	}{{a1, "x = 41"}, {a2, "y = 1"}} {
		res, out := run(t, c.cs, c.code)
		mustOK(t, res, out)
	}
	before := m.IDs()

	// Another token's clients list and read resources, never running.
	for i := range 4 {
		r := connectAs(t, url, "reader")
		lr, err := r.ListResources(ctx, nil)
		if err != nil {
			t.Fatalf("reader %d: resources/list: %v", i, err)
		}
		for _, res := range lr.Resources {
			if strings.HasPrefix(res.URI, "toolplane://results/") {
				t.Errorf("reader %d lists a saved result %s", i, res.URI)
			}
		}
		_, err = r.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/res_00000000000000000000"})
		if err == nil || !strings.Contains(err.Error(), "unknown result handle") {
			t.Errorf("reader %d: resources/read of an unknown handle: %v", i, err)
		}
	}
	if got := m.IDs(); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("sessions %v after the readers, want %v (admin's, untouched)", got, before)
	}
	res, out := run(t, a1, "return x + 1")
	mustOK(t, res, out)
	if out.Value != float64(42) {
		t.Errorf("admin's first client: %v, want 42 (its globals kept)", out.Value)
	}

	// Every session busy: a reader's list and read answer at once.
	held := []<-chan error{runAsync(a1, `return await call_tool("go:gate/hold", {})`), runAsync(a2, `return await call_tool("go:gate/hold", {})`)}
	waitFor(t, "both runs to hold their sessions", func() bool { r, q := m.Runs(); return r+q == 2 })
	r := connectAs(t, url, "reader")
	rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if _, err := r.ListResources(rctx, nil); err != nil {
		t.Errorf("resources/list with every session busy: %v", err)
	}
	if _, err := r.ReadResource(rctx, &mcp.ReadResourceParams{URI: "toolplane://results/res_00000000000000000000"}); err == nil || !strings.Contains(err.Error(), "unknown result handle") {
		t.Errorf("resources/read with every session busy: %v", err)
	}
	if n := m.Opening(); n != 0 {
		t.Errorf("%d requests wait for a session", n)
	}
	releaseHeld(t, &g, held)
}

// TestAttackDirectToolCallOpensNoSession: with results off, a direct tool
// call opened the client's session all the same (it serves only a
// handler's saved results): at the server's max_sessions it evicted
// another token's idle session, and with every session busy it waited
// run_queue_wait and failed a call that needed none. Now it opens none.
func TestAttackDirectToolCallOpensNoSession(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	var g gate
	f := newFixture(t, func(o *Options) {
		o.Guard = subjectGuard{}
		o.ResultsEnabled = false
		o.Sessions.MaxSessionsPerSubject, o.Sessions.MaxSessions = 2, 2
		o.Sessions.RunQueueWait = time.Minute
		o.Sessions.MaxMemoryBytes = 16 << 20
	})
	g.add(t, f.engine.reg)
	defer g.open()
	url := f.httpURL(t)
	m := f.srv.Sessions()
	a1, a2 := connectAs(t, url, "admin"), connectAs(t, url, "admin")
	for _, c := range []struct {
		cs   *mcp.ClientSession
		code string
	}{{a1, "x = 41"}, {a2, "y = 1"}} {
		res, out := run(t, c.cs, c.code)
		mustOK(t, res, out)
	}
	before := m.IDs()
	greet := func(cs *mcp.ClientSession) error {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greeter_greet", Arguments: map[string]any{"name": "x"}})
		if err == nil && res.IsError {
			err = fmt.Errorf("%s", text(res))
		}
		return err
	}
	for i := range 3 {
		if err := greet(connectAs(t, url, "reader")); err != nil {
			t.Errorf("reader %d's direct call: %v", i, err)
		}
	}
	if got := m.IDs(); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("sessions %v after the direct calls, want %v (admin's, untouched)", got, before)
	}
	res, out := run(t, a1, "return x + 1")
	mustOK(t, res, out)
	if out.Value != float64(42) {
		t.Errorf("admin's first client: %v, want 42", out.Value)
	}
	// Every session busy: a direct call answers at once.
	held := []<-chan error{runAsync(a1, `return await call_tool("go:gate/hold", {})`), runAsync(a2, `return await call_tool("go:gate/hold", {})`)}
	waitFor(t, "both runs to hold their sessions", func() bool { r, q := m.Runs(); return r+q == 2 })
	if err := greet(connectAs(t, url, "reader")); err != nil {
		t.Errorf("a direct call with every session busy: %v", err)
	}
	releaseHeld(t, &g, held)
}
