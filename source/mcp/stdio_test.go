//go:build unix

package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStdioCatalog(t *testing.T) {
	t.Parallel()
	spec := testSpec("t")
	spec.Labels = map[string]string{"team": "core", "risk": "low"}
	spec.Tools = map[string]ToolOverride{
		"echo":    {Alias: "say", Labels: map[string]string{"risk": "none"}},
		"garbage": {Disabled: true},
	}
	m := newManager(t, ManagerOptions{}, spec)
	caps, err := m.Capabilities(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range caps {
		ids = append(ids, c.ID)
	}
	want := []string{"mcp:t/add_tool", "mcp:t/crash", "mcp:t/environ", "mcp:t/fail", "mcp:t/headers", "mcp:t/image", "mcp:t/list_items", "mcp:t/raw_args", "mcp:t/say", "mcp:t/slow", "mcp:t/spawn"}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Fatalf("ids (-want +got):\n%s", diff)
	}

	say := capByID(t, m, "mcp:t/say")
	if say.Namespace != "t" || say.Name != "say" || say.Source != "mcp" {
		t.Errorf("say: namespace %q name %q source %q", say.Namespace, say.Name, say.Source)
	}
	if diff := cmp.Diff(map[string]string{"team": "core", "risk": "none"}, say.Labels); diff != "" {
		t.Errorf("say labels (-want +got):\n%s", diff)
	}
	var in struct {
		Type       string                    `json:"type"`
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if err := json.Unmarshal(say.InputSchema, &in); err != nil {
		t.Fatalf("input schema %s: %v", say.InputSchema, err)
	}
	if in.Type != "object" || in.Properties["text"]["type"] != "string" || !cmp.Equal(in.Required, []string{"text"}) {
		t.Errorf("say input schema = %s", say.InputSchema)
	}
	if say.OutputSchema != nil {
		t.Errorf("echo has no output schema, got %s", say.OutputSchema)
	}
	list := capByID(t, m, "mcp:t/list_items")
	if !bytes.Contains(list.OutputSchema, []byte(`"next_cursor"`)) {
		t.Errorf("list_items output schema = %s", list.OutputSchema)
	}
	if diff := cmp.Diff(map[string]string{"team": "core", "risk": "low"}, list.Labels); diff != "" {
		t.Errorf("list_items labels (-want +got):\n%s", diff)
	}

	// The alias calls the upstream tool by its own name.
	res, err := say.Handler(context.Background(), map[string]any{"text": "héllo"})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(res); got != "héllo" || res.IsError {
		t.Errorf("say = %q (isError %v)", got, res.IsError)
	}
}

func TestStdioPaging(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("pages", "-items", "23"))
	list := capByID(t, m, "mcp:pages/list_items")
	var (
		ids    []int64
		cursor = ""
		calls  = 0
	)
	for {
		args := map[string]any{"page_size": 10}
		if cursor != "" {
			args["cursor"] = cursor
		}
		res, err := list.Handler(context.Background(), args)
		if err != nil {
			t.Fatal(err)
		}
		calls++
		page, ok := res.Structured.(map[string]any)
		if !ok {
			t.Fatalf("structured = %#v", res.Structured)
		}
		for _, it := range page["items"].([]any) {
			item := it.(map[string]any)
			id, ok := item["id"].(int64)
			if !ok {
				t.Fatalf("item id %#v is not an int64", item["id"])
			}
			ids = append(ids, id)
		}
		cursor = page["next_cursor"].(string)
		if cursor == "" {
			break
		}
		if calls > 10 {
			t.Fatal("paging does not end")
		}
	}
	if calls != 3 || len(ids) != 23 || ids[0] != 1 || ids[22] != 23 {
		t.Errorf("calls %d, ids %v", calls, ids)
	}
}

func TestStdioToolErrorAndImage(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("t"))
	res, err := call(t, m, "mcp:t/fail", map[string]any{"msg": "quota exceeded"})
	if err != nil {
		t.Fatalf("a tool error is a result, not an error: %v", err)
	}
	if !res.IsError || text(res) != "quota exceeded" {
		t.Errorf("fail = %+v", res)
	}

	res, err = call(t, m, "mcp:t/image", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 2 || res.Content[1].Type != "image" || res.Content[1].MIMEType != "image/png" {
		t.Fatalf("image content = %+v", res.Content)
	}
	png, err := base64.StdEncoding.DecodeString(res.Content[1].Data)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("image data is not a base64 PNG (%v): %q", err, res.Content[1].Data)
	}

	// A JSON-RPC error (here: a tool the server does not have) is an error
	// naming the server and the tool, and leaves the connection usable.
	_, err = m.servers["t"].call(context.Background(), "no_such_tool", nil)
	if err == nil || !strings.Contains(err.Error(), `mcp server "t": no_such_tool:`) {
		t.Errorf("unknown tool: %v", err)
	}
	if st := status(t, m, "t"); st.Restarts != 0 || st.State != "ok" {
		t.Errorf("status after a JSON-RPC error: %+v", st)
	}
}

func TestStdioTimeout(t *testing.T) {
	t.Parallel()
	spec := testSpec("t")
	spec.Timeout = time.Second
	m := newManager(t, ManagerOptions{}, spec)
	slow := capByID(t, m, "mcp:t/slow")
	pid := status(t, m, "t").PID
	start := time.Now()
	_, err := slow.Handler(context.Background(), map[string]any{"ms": 60000})
	took := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), `mcp server "t": slow timed out after 1s`) {
		t.Fatalf("err = %v", err)
	}
	if took > 30*time.Second { // not timed out, the call takes a minute
		t.Errorf("timeout took %s", took)
	}
	// A hung call does not take the server down.
	res, err := call(t, m, "mcp:t/echo", map[string]any{"text": "still here"})
	if err != nil || text(res) != "still here" {
		t.Fatalf("echo after timeout: %v %v", res, err)
	}
	if got := status(t, m, "t").PID; got != pid {
		t.Errorf("server restarted after a timeout: pid %d -> %d", pid, got)
	}
	waitStderr(t, m, "t", "slow cancelled")
}

func TestStdioCancellation(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("t"))
	slow := capByID(t, m, "mcp:t/slow")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := slow.Handler(ctx, map[string]any{"ms": 60000})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took > 30*time.Second { // not cancelled, a minute
		t.Errorf("cancel took %s", took)
	}
	// The cancellation reached the upstream handler.
	waitStderr(t, m, "t", "slow cancelled after")
}

func TestStdioCrashMidCall(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("t", "-stderr", "crashy server starting"))
	crash := capByID(t, m, "mcp:t/crash")
	pid := status(t, m, "t").PID
	start := time.Now()
	_, err := crash.Handler(context.Background(), map[string]any{"code": 1})
	took := time.Since(start)
	if err == nil {
		t.Fatal("crash returned no error")
	}
	const want = `mcp server "t" exited (exit status 1); stderr tail: crashy server starting`
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "crashing with code 1") {
		t.Fatalf("err = %v\nwant it to contain %q and the crash line", err, want)
	}
	t.Logf("crash error after %s: %v", took, err)
	// The goal is under 1s (see BenchmarkCrashError); the test tolerates a
	// loaded machine.
	if took > 10*time.Second {
		t.Errorf("crash error took %s", took)
	}
	waitNoLiveMembers(t, pid, 15*time.Second)

	// The next call restarts the server.
	res, err := call(t, m, "mcp:t/echo", map[string]any{"text": "back"})
	if err != nil || text(res) != "back" {
		t.Fatalf("echo after crash: %v %v", res, err)
	}
	st := status(t, m, "t")
	if st.PID == pid || st.PID == 0 || st.Restarts != 1 {
		t.Errorf("after restart: pid %d (was %d), restarts %d", st.PID, pid, st.Restarts)
	}
	if len(st.LastErrors) == 0 || !strings.Contains(st.LastErrors[len(st.LastErrors)-1], "exited (exit status 1)") {
		t.Errorf("last errors = %q", st.LastErrors)
	}
}

func TestStdioGarbageMidSession(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("noisy"))
	garbage := capByID(t, m, "mcp:noisy/garbage")
	_, err := garbage.Handler(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), `mcp server "noisy" wrote something that is not JSON-RPC to stdout`) ||
		!strings.Contains(err.Error(), "garbage: not a JSON-RPC message") {
		t.Fatalf("err = %v", err)
	}
	res, err := call(t, m, "mcp:noisy/echo", map[string]any{"text": "recovered"})
	if err != nil || text(res) != "recovered" {
		t.Fatalf("echo after garbage: %v %v", res, err)
	}
}

func TestStdioBadStarts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		flags []string
		opts  ManagerOptions
		want  []string
	}{
		{"exit", []string{"-exit-at-start", "3", "-stderr", "fatal: FOO_TOKEN is not set"}, ManagerOptions{},
			[]string{`mcp server "exit" exited at start (exit status 3); stderr tail: fatal: FOO_TOKEN is not set`}},
		{"garbage", []string{"-garbage-at-start"}, ManagerOptions{},
			[]string{`mcp server "garbage" wrote something that is not JSON-RPC to stdout`, "this is not JSON-RPC"}},
		// The stderr tail in the error is whatever the server wrote in
		// time, so only its prefix is checked; waitStderr checks the rest.
		{"hang", []string{"-hang-at-start"}, ManagerOptions{StartTimeout: 500 * time.Millisecond},
			[]string{`mcp server "hang" did not finish starting (initialize and tools/list) within 500ms; set [mcp.servers.hang] startup_timeout to give it longer; stderr tail: `}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m := newManager(t, tc.opts, testSpec(tc.name, tc.flags...))
			_, err := m.Capabilities(context.Background())
			if err == nil {
				t.Fatal("Capabilities succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("err = %v\nwant it to contain %q", err, w)
				}
			}
			st := status(t, m, tc.name)
			if st.State != "error" || !strings.Contains(st.Error, tc.want[0]) || st.PID != 0 {
				t.Errorf("status = %+v", st)
			}
			if tc.name == "hang" {
				waitStderr(t, m, tc.name, "testmcp: hanging at start as asked")
			}
		})
	}
}

func TestStdioMissingCommand(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, ServerSpec{Name: "ghost", Command: "toolplane-no-such-server"})
	_, err := m.Capabilities(context.Background())
	if err == nil || !strings.Contains(err.Error(), `mcp server "ghost": command "toolplane-no-such-server" not found on PATH`) {
		t.Fatalf("err = %v", err)
	}
	probs := Check(ServerSpec{Name: "ghost", Command: "toolplane-no-such-server"})
	if len(probs) != 1 || !probs[0].Fatal || !strings.Contains(probs[0].Message, "not found on PATH") {
		t.Errorf("Check = %+v", probs)
	}
	if probs := Check(testSpec("ok")); len(probs) != 0 {
		t.Errorf("Check of a runnable spec = %+v", probs)
	}
	if probs := Check(ServerSpec{Name: "bad", Command: "x", URL: "http://h"}); len(probs) != 1 || !strings.Contains(probs[0].Message, "has both command and url") {
		t.Errorf("Check of an invalid spec = %+v", probs)
	}
}

func TestStdioConcurrentFirstCallsShareOneProcess(t *testing.T) {
	t.Parallel()
	spec := testSpec("t")
	m := newManager(t, ManagerOptions{}, spec)
	// Build the handler without connecting: Capabilities would connect, so
	// go through the server value the way a registered handler does.
	s := m.servers["t"]
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := s.call(context.Background(), "echo", map[string]any{"text": "x"})
			if err == nil && text(res) != "x" {
				err = errors.New("bad echo " + text(res))
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if st := status(t, m, "t"); st.Restarts != 0 {
		t.Errorf("%d restarts, want one process for all callers", st.Restarts)
	}
}

func TestStdioListChanged(t *testing.T) {
	t.Parallel()
	changed := make(chan struct{}, 4)
	m := newManager(t, ManagerOptions{OnChange: func() { changed <- struct{}{} }}, testSpec("t"))
	if _, err := call(t, m, "mcp:t/add_tool", map[string]any{"name": "extra"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-changed:
	case <-time.After(15 * time.Second):
		t.Fatal("OnChange not called after tools/list_changed")
	}
	res, err := call(t, m, "mcp:t/extra", nil)
	if err != nil || text(res) != "extra" {
		t.Fatalf("extra: %v %v", res, err)
	}
}

func TestCloseKillsProcessGroup(t *testing.T) {
	t.Parallel()
	m, err := NewManager([]ServerSpec{wrappedSpec("w")}, ManagerOptions{ShutdownGrace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	pgid, sleeper, err := spawnSleeper(context.Background(), m, "w")
	if err != nil {
		_ = m.Close()
		t.Fatal(err)
	}
	if len(liveGroupMembers(pgid)) < 3 || !pidLive(sleeper) {
		t.Errorf("expected wrapper, server and sleeper %d in group %d: %v", sleeper, pgid, liveGroupMembers(pgid))
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	waitNoLiveMembers(t, pgid, 15*time.Second)
	if pidLive(sleeper) {
		t.Errorf("sleeper %d survived", sleeper)
	}
	if _, err := m.ServerCapabilities(context.Background(), "w"); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v", err)
	}
}

func TestNoOrphansWhenHostDies(t *testing.T) {
	t.Parallel()
	host := newHostProcess(t)
	pgid, sleeper := host.pgid, host.sleeper
	if len(liveGroupMembers(pgid)) < 3 {
		t.Errorf("expected wrapper, server and sleeper in group %d: %v", pgid, liveGroupMembers(pgid))
	}
	if !pidLive(sleeper) {
		t.Fatalf("sleeper %d is not running before the host dies", sleeper)
	}
	host.kill()
	// SIGKILL leaves toolplane no chance to clean up: Pdeathsig and the
	// guard watcher must end the group on their own.
	waitNoLiveMembers(t, pgid, 15*time.Second)
	if pidLive(sleeper) {
		t.Errorf("sleeper %d survived the host", sleeper)
	}
}

func status(t *testing.T, m *Manager, name string) ServerStatus {
	t.Helper()
	st, err := m.Status(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// waitStderr polls the server's stderr tail for want.
func waitStderr(t *testing.T, m *Manager, name, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		tail := m.servers[name].stderr.Tail(stderrTailBytes)
		if strings.Contains(tail, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("stderr of %q never showed %q; tail:\n%s", name, want, tail)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStdioImpatientCallerDoesNotAbortStart(t *testing.T) {
	t.Parallel()
	m := newManager(t, ManagerOptions{}, testSpec("slowstart", "-start-delay", "700ms"))
	s := m.servers["slowstart"]
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := s.call(ctx, "echo", map[string]any{"text": "x"})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "gave up waiting for the server to start") {
		t.Fatalf("impatient call: %v", err)
	}
	res, err := s.call(context.Background(), "echo", map[string]any{"text": "patient"})
	if err != nil || text(res) != "patient" {
		t.Fatalf("patient call: %v %v", res, err)
	}
	if st := status(t, m, "slowstart"); st.Restarts != 0 {
		t.Errorf("the start was redone: %+v", st)
	}
}

func TestCloseDuringCall(t *testing.T) {
	t.Parallel()
	m, err := NewManager([]ServerSpec{testSpec("t")}, ManagerOptions{ShutdownGrace: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	slow := capByID(t, m, "mcp:t/slow")
	pgid := status(t, m, "t").PID
	errc := make(chan error, 1)
	go func() {
		_, err := slow.Handler(context.Background(), map[string]any{"ms": 30000})
		errc <- err
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errc:
		if err == nil {
			t.Fatal("the call in flight succeeded after Close")
		}
		t.Logf("call in flight at Close: %v", err)
	case <-time.After(15 * time.Second):
		t.Fatal("the call in flight did not end after Close")
	}
	// A sanity bound only: grace is 300ms, the rest is slack for a loaded
	// machine.
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("Close took %s", took)
	}
	waitNoLiveMembers(t, pgid, 15*time.Second)
}

// BenchmarkCrashError measures how long a call takes to fail when the server
// crashes under it, restart included (the next iteration restarts it).
func BenchmarkCrashError(b *testing.B) {
	m, err := NewManager([]ServerSpec{testSpec("t")}, ManagerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	s := m.servers["t"]
	var worst time.Duration
	for b.Loop() {
		if _, err := s.connection(context.Background()); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if _, err := s.call(context.Background(), "crash", nil); err == nil {
			b.Fatal("no error")
		}
		worst = max(worst, time.Since(start))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}

func TestStartConnectsEagerServersOnly(t *testing.T) {
	t.Parallel()
	eager := testSpec("eager")
	eager.Startup = StartupEager
	bad := testSpec("bad", "-exit-at-start", "2")
	bad.Startup = StartupEager
	m := newManager(t, ManagerOptions{}, eager, testSpec("lazy"), bad)
	err := m.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), `mcp server "bad" exited at start (exit status 2)`) {
		t.Errorf("Start: %v", err)
	}
	if m.servers["eager"].live() == nil {
		t.Error("eager server not connected by Start")
	}
	if m.servers["lazy"].live() != nil {
		t.Error("lazy server connected by Start")
	}
	// A catalog still holds the servers that work.
	caps, err := m.Capabilities(context.Background())
	if err == nil || !strings.Contains(err.Error(), `"bad"`) {
		t.Errorf("Capabilities error: %v", err)
	}
	ns := map[string]int{}
	for _, c := range caps {
		ns[c.Namespace]++
	}
	if ns["eager"] == 0 || ns["lazy"] == 0 || ns["bad"] != 0 {
		t.Errorf("capabilities per server: %v", ns)
	}
}
