package server

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/audit"
)

// syncBuffer is a goroutine-safe bytes.Buffer for audit output.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	log *audit.Logger // flushed before the buffer is read
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	if b.log != nil {
		_ = b.log.Flush(context.Background()) // delivery is asynchronous
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, ln := range strings.Split(strings.TrimSpace(b.buf.String()), "\n") {
		if ln == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(ln), &m); err != nil {
			t.Fatalf("audit line %q: %v", ln, err)
		}
		out = append(out, m)
	}
	return out
}

type fixture struct {
	srv    *Server
	engine *pyEngine
	audit  *syncBuffer
}

func newFixture(t *testing.T, mod func(*Options)) *fixture {
	t.Helper()
	buf := &syncBuffer{}
	log := audit.New(buf, nil)
	buf.log = log
	t.Cleanup(func() { _ = log.Close() })
	eng := newPyEngine(log)
	opts := Options{Engine: eng, SessionsEnabled: true, ResultsEnabled: true, Audit: log, DirectTools: true}
	if mod != nil {
		mod(&opts)
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{srv: srv, engine: eng, audit: buf}
}

// connect attaches a new in-memory client session to the server.
func (f *fixture) connect(t *testing.T, copts *mcp.ClientOptions, sopts ...*mcp.ClientSessionOptions) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ct, st := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- f.srv.ServeTransport(ctx, st) }()
	var so *mcp.ClientSessionOptions
	if len(sopts) > 0 {
		so = sopts[0]
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, copts).Connect(ctx, ct, so)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done
	})
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func TestListTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	cs := f.connect(t, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		got[tool.Name] = tool
	}
	for _, name := range []string{ToolSearch, ToolSchemas, ToolExecute, "greeter_greet", "counter_bump", "clock_sleep", "guard_ask"} {
		if got[name] == nil {
			t.Errorf("tool %s missing; have %v", name, keys(got))
		}
	}
	if len(got) != 7 {
		t.Errorf("got %d tools, want 7: %v", len(got), keys(got))
	}
	desc := got[ToolExecute].Description
	// The example is a capability of this catalog, by both aliases and id
	// (which one: TestDescriptionsGolden).
	for _, want := range []string{"await", "return", "r = await counter.bump()   # counter_bump(...) also works", `call_tool("go:counter/bump", {})`,
		"save_result", "load_result", "reset_session", "persist", "logging_.NAME("} {
		if !strings.Contains(desc, want) {
			t.Errorf("execute_code description does not teach %q", want)
		}
	}
	schema, _ := json.Marshal(got[ToolExecute].InputSchema)
	if !strings.Contains(string(schema), `"required":["code"]`) {
		t.Errorf("execute_code input schema %s should require only code", schema)
	}

	// Without [facade] tools, only the meta-tools.
	plain := newFixture(t, func(o *Options) { o.DirectTools = false }).connect(t, nil)
	res, err = plain.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 3 {
		t.Errorf("without direct tools got %d tools, want the 3 meta-tools", len(res.Tools))
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestSearchAndSchemas(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	cs := f.connect(t, nil)

	res := callTool(t, cs, ToolSearch, map[string]any{"query": "greet someone"})
	if res.IsError || !strings.Contains(text(res), "go:greeter/greet") || strings.Contains(text(res), "counter") {
		t.Errorf("search greet: isError=%v\n%s", res.IsError, text(res))
	}
	res = callTool(t, cs, ToolSearch, map[string]any{"query": "", "tags": []string{"team=docs"}})
	if !strings.Contains(text(res), "go:greeter/greet") || strings.Contains(text(res), "clock") {
		t.Errorf("search by label team=docs:\n%s", text(res))
	}
	res = callTool(t, cs, ToolSearch, map[string]any{"query": "greet", "detail": "full"})
	var full map[string]any
	if err := json.Unmarshal([]byte(text(res)), &full); err != nil {
		t.Errorf("detail=full is not JSON: %v\n%s", err, text(res))
	}
	res = callTool(t, cs, ToolSearch, map[string]any{"query": "greet", "detail": "verbose"})
	if !res.IsError || !strings.Contains(text(res), "brief, detailed or full") {
		t.Errorf("bad detail: isError=%v %s", res.IsError, text(res))
	}

	res = callTool(t, cs, ToolSchemas, map[string]any{"names": []string{"greeter.greet"}})
	if res.IsError || !strings.Contains(text(res), "name") || !strings.Contains(text(res), "who to greet") {
		t.Errorf("schemas greeter.greet: isError=%v\n%s", res.IsError, text(res))
	}
	res = callTool(t, cs, ToolSchemas, map[string]any{"names": []string{"greeter.gret"}})
	if !res.IsError || !strings.Contains(text(res), "greeter_greet") {
		t.Errorf("schemas of a typo should fail and suggest greeter_greet: isError=%v\n%s", res.IsError, text(res))
	}
	res = callTool(t, cs, ToolSchemas, map[string]any{"names": []string{}})
	if !res.IsError {
		t.Errorf("schemas with no names should fail")
	}
}

func TestDirectToolCallGoesThroughChain(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	cs := f.connect(t, nil)
	res := callTool(t, cs, "greeter_greet", map[string]any{"name": "Ada"})
	if res.IsError {
		t.Fatalf("greeter_greet failed: %s", text(res))
	}
	sc, _ := json.Marshal(res.StructuredContent)
	if string(sc) != `{"greeting":"Hello, Ada!"}` {
		t.Errorf("structured content = %s", sc)
	}
	res = callTool(t, cs, "greeter_greet", map[string]any{"name": 42})
	if !res.IsError || !strings.Contains(text(res), "$.name") {
		t.Errorf("invalid argument should be a tool error naming $.name: %s", text(res))
	}
	lines := f.audit.lines(t)
	if len(lines) != 2 {
		t.Fatalf("audit has %d lines, want 2 dispatch lines: %v", len(lines), lines)
	}
	for _, ln := range lines {
		if ln["event"] != "dispatch" || ln["capability"] != "go:greeter/greet" || ln["origin"] != "toolcall" {
			t.Errorf("audit line %v", ln)
		}
	}
	if lines[1]["outcome"] != "error" || lines[1]["error_type"] != "ValueError" {
		t.Errorf("invalid-argument line %v", lines[1])
	}
}

func TestExecuteRejectsBadRequestsBeforeRunning(t *testing.T) {
	t.Parallel()
	f := newFixture(t, func(o *Options) { o.MaxTimeout = time.Minute })
	cs := f.connect(t, nil)
	tests := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"code": "  "}, "code is empty"},
		{map[string]any{"code": "return 1", "timeout": -1}, "positive number of seconds"},
		{map[string]any{"code": "return 1", "timeout": 3600}, "exceeds the maximum"},
		{map[string]any{"code": "return 1", "backend": "pyodide-deno"}, "not configured"},
	}
	for _, tc := range tests {
		res := callTool(t, cs, ToolExecute, tc.args)
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("execute_code(%v): isError=%v, text %q, want it to contain %q", tc.args, res.IsError, text(res), tc.want)
		}
		var out ExecuteOutput
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, &out); err != nil || out.Error == nil || out.RunID == "" {
			t.Errorf("structured content %s should carry the error and a run id", b)
		}
	}
}

func TestResultResourcesArePerSession(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	a := f.connect(t, nil)
	b := f.connect(t, nil)
	// a's session starts with its first run (not with a search, nor with
	// listing or reading resources: TestAttackResourceRequestsOpenNoSession);
	// then save into a's store the way save_result does.
	callTool(t, a, ToolSearch, map[string]any{"query": "x"})
	ctx := context.Background()
	if _, err := b.ListResources(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if n := f.srv.Sessions().Len(); n != 0 {
		t.Fatalf("a search and a resource list created %d sessions; sessions should start with the first run", n)
	}
	res, out := run(t, a, "return 1")
	mustOK(t, res, out)
	ids := f.srv.Sessions().IDs()
	if len(ids) != 1 {
		t.Fatalf("sessions %v, want exactly a's", ids)
	}
	aSess, _ := f.srv.Sessions().Lookup(ids[0])
	e, err := aSess.Results().Save(map[string]any{"rows": []any{int64(1), int64(2)}}, "two rows")
	if err != nil {
		t.Fatal(err)
	}

	lr, err := a.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lr.Resources) != 1 || lr.Resources[0].URI != "toolplane://results/"+e.Handle || lr.Resources[0].Title != "two rows" {
		t.Fatalf("a's resources = %+v", lr.Resources)
	}
	// Saved results belong to one client session: no shared cache may
	// keep the list or the contents.
	if lr.CacheScope != "private" || lr.TTLMs != 0 {
		t.Errorf("resources/list cacheScope %q ttl %d, want private and 0", lr.CacheScope, lr.TTLMs)
	}
	rr, err := a.ReadResource(ctx, &mcp.ReadResourceParams{URI: e.URI()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Contents) != 1 || rr.Contents[0].Text != `{"rows":[1,2]}` || rr.Contents[0].MIMEType != "application/json" {
		t.Errorf("read = %+v", rr.Contents)
	}
	if rr.CacheScope != "private" {
		t.Errorf("resources/read cacheScope %q, want private", rr.CacheScope)
	}

	lb, err := b.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.Resources) != 0 {
		t.Errorf("b sees a's results: %+v", lb.Resources)
	}
	if _, err := b.ReadResource(ctx, &mcp.ReadResourceParams{URI: e.URI()}); err == nil || !strings.Contains(err.Error(), e.Handle) {
		t.Errorf("b reading a's handle: err = %v, want an error naming the handle", err)
	}
	tpl, err := a.ListResourceTemplates(ctx, nil)
	if err != nil || len(tpl.ResourceTemplates) != 1 || tpl.ResourceTemplates[0].URITemplate != "toolplane://results/{handle}" {
		t.Errorf("templates = %+v, %v", tpl, err)
	}
}
