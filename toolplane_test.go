package toolplane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/pyodide"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/source/gofunc"
)

// The example capabilities of these tests: a paged issue tracker and a
// greeter, registered per test (no globals).

type issue struct {
	ID       int    `json:"id"`
	Title    string `json:"title"`
	State    string `json:"state"`
	Points   int    `json:"points"`
	Assignee string `json:"assignee"`
}

func trackerIssues() []issue {
	states := []string{"open", "closed", "triage"}
	people := []string{"ada", "grace", "linus", "barbara"}
	var out []issue
	for i := 1; i <= 23; i++ {
		out = append(out, issue{ID: i, Title: fmt.Sprintf("Issue %d", i), State: states[i%3], Points: (i * 7) % 13, Assignee: people[i%4]})
	}
	return out
}

type listIn struct {
	Cursor string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page"`
	Limit  int    `json:"limit,omitempty" jsonschema:"page size (default 10)"`
}

type listOut struct {
	Items      []issue `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

type getIn struct {
	ID int `json:"id" jsonschema:"issue id"`
}

type greetIn struct {
	Name string `json:"name"`
}

type greetOut struct {
	Greeting string `json:"greeting"`
}

// counters counts handler executions per capability.
type counters struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counters) inc(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[id]++
}

func (c *counters) get(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[id]
}

func exampleCapabilities(cnt *counters) []capability.Capability {
	all := trackerIssues()
	list := func(ctx context.Context, in listIn) (listOut, error) {
		cnt.inc("go:tracker/list_issues")
		start := 0
		if in.Cursor != "" {
			if _, err := fmt.Sscanf(in.Cursor, "c%d", &start); err != nil {
				return listOut{}, fmt.Errorf("bad cursor %q", in.Cursor)
			}
		}
		limit := in.Limit
		if limit <= 0 {
			limit = 10
		}
		end := min(start+limit, len(all))
		out := listOut{Items: all[start:end]}
		if end < len(all) {
			next := fmt.Sprintf("c%d", end)
			out.NextCursor = &next
		}
		return out, nil
	}
	get := func(ctx context.Context, in getIn) (issue, error) {
		cnt.inc("go:tracker/get_issue")
		for _, it := range all {
			if it.ID == in.ID {
				return it, nil
			}
		}
		return issue{}, fmt.Errorf("issue %d does not exist", in.ID)
	}
	greet := func(ctx context.Context, in greetIn) (greetOut, error) {
		cnt.inc("go:greeter/greet")
		return greetOut{Greeting: "Hello, " + in.Name + "!"}, nil
	}
	note := func(ctx context.Context, in greetIn) (string, error) {
		cnt.inc("go:greeter/note")
		return "noted: " + in.Name, nil
	}
	return []capability.Capability{
		gofunc.New("tracker", "list_issues", "List issues, a page at a time.", list, gofunc.WithLabels(map[string]string{"risk": "low"})),
		gofunc.New("tracker", "get_issue", "Get one issue by id.", get, gofunc.WithLabels(map[string]string{"risk": "low"})),
		gofunc.New("greeter", "greet", "Greet someone.", greet, gofunc.WithLabels(map[string]string{"risk": "high"})),
		gofunc.New("greeter", "note", "Return a plain-text note.", note),
	}
}

func newRuntime(t *testing.T, cnt *counters, opts ...Option) *Runtime {
	t.Helper()
	rt, err := New(append([]Option{WithCapabilities(exampleCapabilities(cnt)...)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rt.Stop() })
	return rt
}

// interpreterReady skips snippet tests while package python cannot run
// code yet (it is built concurrently with this package).
func interpreterReady(t *testing.T) {
	t.Helper()
	p, err := python.Compile("<probe>", "return 1", python.CompileOptions{Snippet: true})
	if err == nil {
		_, err = p.Run(context.Background(), python.RunOptions{})
	}
	var ex *python.Exception
	if err != nil && !errors.As(err, &ex) {
		t.Skipf("interpreter not available yet: %v", err)
	}
}

func TestGoAPICall(t *testing.T) {
	t.Parallel()
	var cnt counters
	rt := newRuntime(t, &cnt)
	res, err := rt.Call(context.Background(), "greeter_greet", greetIn{Name: "ada"})
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(res.Structured, map[string]any{"greeting": "Hello, ada!"}) {
		t.Errorf("structured = %v", res.Structured)
	}
	for _, name := range []string{"greeter.greet", "go:greeter/greet"} {
		if _, err := rt.Call(context.Background(), name, map[string]any{"name": "x"}); err != nil {
			t.Errorf("Call(%s): %v", name, err)
		}
	}
	_, err = rt.Call(context.Background(), "greeter_gret", nil)
	var de *dispatch.Error
	if !errors.As(err, &de) || de.Kind != dispatch.KindNotFound || !strings.Contains(err.Error(), "greeter_greet") {
		t.Errorf("unknown name: %v", err)
	}
	if n := cnt.get("go:greeter/greet"); n != 3 {
		t.Errorf("greet ran %d times, want 3", n)
	}
}

func TestBridge(t *testing.T) {
	t.Parallel()
	var cnt counters
	rt := newRuntime(t, &cnt)
	var seen []string
	b := &runBridge{rt: rt, ns: rt.reg.Namespace(), runID: "run_test", onCall: func(id string) { seen = append(seen, id) }}
	ctx := context.Background()

	// Flat, scoped, id; keyword, positional and lone-dict arguments.
	for _, c := range []struct {
		name   string
		args   []any
		kwargs map[string]any
	}{
		{"greeter_greet", nil, map[string]any{"name": "ada"}},
		{"greeter.greet", []any{"ada"}, nil},
		{"go:greeter/greet", []any{map[string]any{"name": "ada"}}, nil},
	} {
		v, err := b.Call(ctx, c.name, c.args, c.kwargs)
		if err != nil || !cmp.Equal(v, map[string]any{"greeting": "Hello, ada!"}) {
			t.Errorf("Call(%s, %v, %v) = %v, %v", c.name, c.args, c.kwargs, v, err)
		}
	}
	// Structured content comes back as dicts and lists with int values.
	v, err := b.Call(ctx, "tracker.list_issues", nil, map[string]any{"limit": int64(2)})
	if err != nil {
		t.Fatal(err)
	}
	page := v.(map[string]any)
	first := page["items"].([]any)[0].(map[string]any)
	if first["id"] != int64(1) || page["next_cursor"] != "c2" {
		t.Errorf("page = %v", page)
	}
	// Text content comes back as str.
	if v, err := b.Call(ctx, "greeter_note", nil, map[string]any{"name": "x"}); err != nil || v != "noted: x" {
		t.Errorf("text result = %#v, %v", v, err)
	}

	errCases := []struct {
		name     string
		args     []any
		kwargs   map[string]any
		typ      string
		contains string
	}{
		{"tracker_get_issue", nil, map[string]any{"id": int64(99)}, "ToolError", "issue 99 does not exist"},
		{"tracker_get_issue", nil, map[string]any{"id": "seven"}, "ValueError", "at $.id"},
		{"tracker_get_isue", nil, nil, "LookupError", "tracker_get_issue"},
		{"greeter_greet", []any{"a", "b"}, nil, "TypeError", "at most 1 positional"},
		{"greeter_greet", []any{"a"}, map[string]any{"name": "b"}, "TypeError", "multiple values"},
	}
	for _, c := range errCases {
		_, err := b.Call(ctx, c.name, c.args, c.kwargs)
		var ce *backend.CallError
		if !errors.As(err, &ce) || ce.Type != c.typ || !strings.Contains(ce.Message(), c.contains) {
			t.Errorf("Call(%s): error %v, want %s containing %q", c.name, err, c.typ, c.contains)
			continue
		}
		if c.typ != "LookupError" && (ce.CapabilityID == "" || ce.Tool == "" || ce.Source != capability.SourceGo) {
			t.Errorf("Call(%s): error lost its origin: %+v", c.name, ce)
		}
		if n := strings.Count(ce.Message(), ce.CapabilityID+":"); c.typ != "LookupError" && n != 1 {
			t.Errorf("Call(%s): message %q names the capability %d times, want once", c.name, ce.Message(), n)
		}
	}
	if got := b.calls.Load(); got != int64(len(seen)) || got != 7 {
		t.Errorf("counted %d calls, onCall saw %d; want 7 (calls refused before dispatch do not count)", got, len(seen))
	}
}

// recorder is a middleware that records every call it sees.
type recorder struct {
	mu     sync.Mutex
	calls  []string
	logIDs []string
}

func (r *recorder) middleware(next dispatch.Handler) dispatch.Handler {
	return func(ctx context.Context, c *dispatch.Call) (*dispatch.Result, error) {
		r.mu.Lock()
		r.calls = append(r.calls, fmt.Sprintf("%s %s run=%v", c.Origin, c.CapabilityID, c.RunID != ""))
		r.logIDs = append(r.logIDs, c.LogID)
		r.mu.Unlock()
		return next(ctx, c)
	}
}

func denyHighRisk(next dispatch.Handler) dispatch.Handler {
	return func(ctx context.Context, c *dispatch.Call) (*dispatch.Result, error) {
		if c.Labels["risk"] == "high" {
			return nil, dispatch.Deny(c, "risk=high is not admitted for this subject")
		}
		return next(ctx, c)
	}
}

func TestOneChainForGoAPIAndBridge(t *testing.T) {
	t.Parallel()
	var cnt counters
	var rec recorder
	rt := newRuntime(t, &cnt, WithMiddleware(rec.middleware))
	rt.Use(denyHighRisk)
	ctx := context.Background()

	if _, err := rt.Call(ctx, "tracker_get_issue", map[string]any{"id": 3}); err != nil {
		t.Fatal(err)
	}
	b := &runBridge{rt: rt, ns: rt.reg.Namespace(), runID: "run_1"}
	if _, err := b.Call(ctx, "tracker.get_issue", nil, map[string]any{"id": int64(4)}); err != nil {
		t.Fatal(err)
	}
	// Denied on both paths, before the handler.
	_, err := rt.Call(ctx, "greeter_greet", map[string]any{"name": "x"})
	var de *dispatch.Error
	if !errors.As(err, &de) || de.Kind != dispatch.KindDenied {
		t.Errorf("Go API call of a high-risk capability: %v", err)
	}
	_, err = b.Call(ctx, "greeter_greet", nil, map[string]any{"name": "x"})
	var ce *backend.CallError
	if !errors.As(err, &ce) || ce.Type != "PermissionError" || !strings.Contains(ce.Detail, "risk=high") {
		t.Errorf("snippet call of a high-risk capability: %v", err)
	}
	if n := cnt.get("go:greeter/greet"); n != 0 {
		t.Errorf("denied handler ran %d times", n)
	}
	want := []string{
		"toolcall go:tracker/get_issue run=false",
		"snippet go:tracker/get_issue run=true",
		"toolcall go:greeter/greet run=false",
		"snippet go:greeter/greet run=true",
	}
	if diff := cmp.Diff(want, rec.calls); diff != "" {
		t.Errorf("calls seen by the middleware (-want +got):\n%s", diff)
	}
}

func TestExecuteUnknownBackend(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, &counters{})
	if _, err := rt.Execute(context.Background(), "1", ExecuteOptions{Backend: "nope"}); err == nil || !strings.Contains(err.Error(), "embedded") {
		t.Errorf("unknown backend: %v", err)
	}
	if _, err := New(WithDefaultBackend("pyodide-deno")); err == nil {
		t.Error("New with an unavailable default backend succeeded")
	}
}

func TestRegisterReportsAliasProblems(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, &counters{})
	err := rt.Register(gofunc.New("greeter", "greet", "dup", func(ctx context.Context, in greetIn) (string, error) { return "", nil }))
	if err == nil || !strings.Contains(err.Error(), "already registered") {
		t.Errorf("duplicate register: %v", err)
	}
	var calls atomic.Int32
	err = rt.Register(capability.Capability{ID: "cli:print", Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		calls.Add(1)
		return &capability.Result{}, nil
	}})
	// A binary named like a builtin is bound with a trailing underscore
	// (print_), so the builtin stays and registration succeeds.
	if err != nil {
		t.Errorf("cli:print: %v", err)
	}
	if _, err := rt.Call(context.Background(), "cli:print", nil); err != nil || calls.Load() != 1 {
		t.Errorf("cli:print by id: %v", err)
	}
	if got := rt.Registry().Aliases("cli:print"); !slices.Contains(got, "print_") || slices.Contains(got, "print") {
		t.Errorf("cli:print aliases = %v, want print_ and not print", got)
	}
}

// TestFromConfigUnavailableBackend points the pyodide-deno backend at an
// empty install folder (CI installs the real one), so choosing it fails
// with the file and key named.
func TestFromConfigUnavailableBackend(t *testing.T) {
	t.Setenv(pyodide.InstallDirEnv, t.TempDir())
	other := filepath.Join(t.TempDir(), "other.toml")
	if err := os.WriteFile(other, []byte("[toolplane]\ndefault_backend = \"pyodide-deno\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := FromConfig(context.Background(), other)
	if err == nil || !strings.Contains(err.Error(), "other.toml") || !strings.Contains(err.Error(), "default_backend") {
		t.Errorf("unavailable backend: %v", err)
	}
}

func TestFromConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.toml", "[toolplane]\ndefault_backend = \"embedded\"\n")
	rt, err := FromConfig(context.Background(), ok, WithCapabilities(exampleCapabilities(&counters{})...))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if rt.DefaultBackend() != "embedded" || rt.Registry().Len() != 4 {
		t.Errorf("runtime from config: backend %q, %d capabilities", rt.DefaultBackend(), rt.Registry().Len())
	}
	bad := write("bad.toml", "[toolplane]\ndefault_backnd = \"embedded\"\n")
	if _, err := FromConfig(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.toml:2") {
		t.Errorf("unknown key: %v", err)
	}
}

// A handler's error (an upstream's JSON-RPC error, a transport failure)
// reaches the snippet naming the capability once: the dispatch chain
// wraps it with the id for its own logs, and CallError.Message adds it.
func TestHandlerErrorNamesTheCapabilityOnce(t *testing.T) {
	t.Parallel()
	failing := capability.Capability{
		ID: capability.MakeID(capability.SourceMCP, "up", "fail"), Source: capability.SourceMCP, Namespace: "up", Name: "fail",
		Description: "Always fails.", InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			return nil, errors.New(`mcp server "up": upstream said no`)
		},
	}
	rt, err := New(WithCapabilities(failing))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rt.Stop() })
	b := &runBridge{rt: rt, ns: rt.reg.Namespace(), runID: "run_test"}
	_, err = b.Call(context.Background(), "mcp:up/fail", nil, nil)
	var ce *backend.CallError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a CallError", err)
	}
	if want := `mcp:up/fail: mcp server "up": upstream said no`; ce.Message() != want {
		t.Errorf("message %q, want %q", ce.Message(), want)
	}
}
