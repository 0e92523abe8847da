package admission_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
	auditplugin "github.com/toolplane/toolplane/plugins/audit"
	"github.com/toolplane/toolplane/plugins/spill"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
	"github.com/toolplane/toolplane/source/gofunc"
)

// recorder is a test plugin that keeps the headers, subject and log id of
// every call reaching the plugin chain: what any plugin would see.
type recorder struct {
	mu    sync.Mutex
	calls []dispatch.Call
}

func (r *recorder) Name() string { return "recorder" }

func (r *recorder) Install(reg *plugin.Registry) error {
	reg.Route("/whoami", http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		fmt.Fprintf(w, "log=%s auth=%q", req.Header.Get(server.HeaderLogID), req.Header.Get("Authorization"))
	}))
	reg.RoutePublic("/pluginz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "ok") }))
	// With X-Filter: on, tools/list drops team_write, annotates team_read
	// and tries to add misc_ping (which no token is admitted to).
	reg.ListTools(func(_ context.Context, l *plugin.ToolList) error {
		if l.Headers.Get("X-Filter") != "on" {
			return nil
		}
		kept := l.Tools[:0]
		for _, t := range l.Tools {
			if t.Name == "team_write" {
				continue
			}
			if t.Name == "team_read" {
				t.Description = "[seen by " + l.Subject + "] " + t.Description
			}
			kept = append(kept, t)
		}
		l.Tools = append(kept, plugin.ListedTool{Name: "misc_ping", Description: "injected"})
		return nil
	})
	reg.Use(func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			r.mu.Lock()
			r.calls = append(r.calls, *call)
			r.mu.Unlock()
			return next(ctx, call)
		}
	})
	return nil
}

func (r *recorder) all() []dispatch.Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

type noteIn struct {
	Text string `json:"text"`
}

type governed struct {
	srv      *server.Server
	url      string
	base     string
	audit    string
	rec      *recorder
	writes   *atomic.Int64
	stderr   *bytes.Buffer
	pluginsH *plugin.Host
}

const governedConfig = `
[plugins]
use = ["audit", "recorder", "spill"]

[plugins.spill]
max_inline_bytes = 1000
preview_bytes = 100

[http.tokens.alice]
token = "env://TP_TEST_ALICE"
allow = "team=core,!dangerous"

[http.tokens.bob]
token = "env://TP_TEST_BOB"
subject = "robert"
allow = ["team", "source=plugin,name=spill_explore"]
deny = "name=nothing"
`

// startGoverned builds what `serve mcp --transport http` builds from
// governedConfig and serves it on 127.0.0.1:0.
func startGoverned(t *testing.T) *governed { return startGovernedWith(t, governedConfig) }

func startGovernedWith(t *testing.T, doc string) *governed {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return startGovernedOn(t, doc, ln, nil)
}

// startGovernedOn serves on ln, with edit applied to the server's options.
func startGovernedOn(t *testing.T, doc string, ln net.Listener, edit func(*server.Options)) *governed {
	t.Setenv("TP_TEST_ALICE", "alice-secret-token")
	t.Setenv("TP_TEST_BOB", "bob-secret-token")
	dir := t.TempDir()
	g := &governed{audit: filepath.Join(dir, "audit.jsonl"), rec: &recorder{}, writes: &atomic.Int64{}, stderr: &bytes.Buffer{}}
	path := filepath.Join(dir, "toolplane.toml")
	doc = strings.Replace(doc, "[plugins.spill]\n", "[plugins.spill]\ndir = "+strconvQuote(filepath.Join(dir, "spill"))+"\n", 1)
	if err := os.WriteFile(path, []byte(doc+"[plugins.audit]\npath = "+strconvQuote(g.audit)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	l := &config.Loader{}
	httpCfg, err := admission.Claim(l)
	if err != nil {
		t.Fatal(err)
	}
	host, err := plugin.NewHost(l, auditplugin.New(auditplugin.WithWarnings(g.stderr)), g.rec, spill.New())
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := l.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if edit != nil {
		var probe server.Options
		edit(&probe)
		host.SetReplica(probe.Replica) // ids the plugins make name this replica
	}
	if err := host.Build(ctx, cfg.Path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = host.Stop() })
	g.pluginsH = host
	guard, err := admission.New(ctx, httpCfg, cfg.Path, g.stderr)
	if err != nil {
		t.Fatal(err)
	}

	pluginTools, err := host.Capabilities()
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolplane.Open(ctx, cfg, toolplane.OpenOptions{}, toolplane.WithCapabilities(pluginTools...), toolplane.WithCapabilities(
		gofunc.New("team", "read", "Read the team's notes.", func(_ context.Context, in noteIn) (string, error) {
			return "notes: " + in.Text, nil
		}, gofunc.WithLabels(map[string]string{"team": "core"})),
		gofunc.New("team", "write", "Write a team note.", func(_ context.Context, in noteIn) (string, error) {
			g.writes.Add(1)
			return "written", nil
		}, gofunc.WithLabels(map[string]string{"team": "core", "dangerous": "true"})),
		gofunc.New("team", "dump", "Dump everything.", func(_ context.Context, in noteIn) (map[string]any, error) {
			return map[string]any{"rows": strings.Repeat("x", 5000)}, nil
		}, gofunc.WithLabels(map[string]string{"team": "data"})),
		gofunc.New("misc", "ping", "Unlabelled.", func(_ context.Context, in noteIn) (string, error) {
			return "pong", nil
		}),
	))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rt.Stop() })
	rt.Use(guard.Middleware())
	for _, mw := range host.Middlewares() {
		rt.Use(mw)
	}
	opts := server.Options{
		Engine: rtengine.New(rt), DirectTools: true, ResultsEnabled: true, SessionsEnabled: true,
		Guard: guard, Plugins: host, Stderr: g.stderr,
	}
	if edit != nil {
		edit(&opts)
	}
	srv, err := server.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	g.srv = srv
	done := make(chan error, 1)
	go func() { done <- srv.ServeHTTP(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	g.base = "http://" + ln.Addr().String()
	g.url = g.base + server.HTTPPath
	return g
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

// headerTransport adds headers to every request and keeps the last
// response's log id.
type headerTransport struct {
	headers http.Header
	mu      sync.Mutex
	logIDs  []string
}

func (h *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.headers {
		r.Header[k] = v
	}
	res, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		h.mu.Lock()
		h.logIDs = append(h.logIDs, res.Header.Get(server.HeaderLogID))
		h.mu.Unlock()
	}
	return res, err
}

func (g *governed) connect(t *testing.T, token string, extra http.Header) (*mcp.ClientSession, *headerTransport) {
	t.Helper()
	h := extra.Clone()
	if h == nil {
		h = http.Header{}
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	ht := &headerTransport{headers: h}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "governed-test", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: g.url, HTTPClient: &http.Client{Transport: ht}}, nil)
	if err != nil {
		t.Fatalf("connect with token %q: %v", token, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, ht
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return res, b.String()
}

func TestUnauthenticatedRequestsGet401(t *testing.T) {
	g := startGoverned(t)
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for _, auth := range []string{"", "Bearer wrong-token", "Basic YWxpY2U6eA==", "Bearer alice-secret-token-but-longer"} {
		req, _ := http.NewRequest(http.MethodPost, g.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("Authorization %q: status %d, WWW-Authenticate %q; want 401 with a Bearer challenge", auth, res.StatusCode, res.Header.Get("WWW-Authenticate"))
		}
		if res.Header.Get(server.HeaderLogID) == "" {
			t.Errorf("Authorization %q: a refused request has no log id either", auth)
		}
	}
	_, err := mcp.NewClient(&mcp.Implementation{Name: "x", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: g.url, HTTPClient: &http.Client{Transport: &headerTransport{headers: http.Header{"Authorization": {"Bearer nope"}}}}}, nil)
	if err == nil {
		t.Error("the SDK client connected with a wrong token")
	}
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	return names
}

func TestTokensReachOnlyAdmittedCapabilities(t *testing.T) {
	g := startGoverned(t)
	alice, _ := g.connect(t, "alice-secret-token", nil)
	bob, _ := g.connect(t, "bob-secret-token", nil)

	meta := []string{"execute_code", "get_capability_schemas", "search_capabilities"}
	if got, want := toolNames(t, alice), append([]string{"team_read"}, meta...); !sameSet(got, want) {
		t.Errorf("alice's tools/list = %v, want %v", got, want)
	}
	// Bob's allow list (OR) admits the team's tools and spill_explore.
	if got, want := toolNames(t, bob), append([]string{"team_dump", "team_read", "team_write", "spill_explore"}, meta...); !sameSet(got, want) {
		t.Errorf("bob's tools/list = %v, want %v", got, want)
	}

	// Directly.
	if res, text := callTool(t, alice, "team_read", map[string]any{"text": "hi"}); res.IsError || !strings.Contains(text, "notes: hi") {
		t.Errorf("alice team_read: %v %q", res.IsError, text)
	}
	// A tool alice may not call does not exist for her: the same protocol
	// error as a tool nobody registered.
	_, errHidden := alice.CallTool(context.Background(), &mcp.CallToolParams{Name: "team_write", Arguments: map[string]any{"text": "x"}})
	_, errNone := alice.CallTool(context.Background(), &mcp.CallToolParams{Name: "team_wrote", Arguments: map[string]any{"text": "x"}})
	if errHidden == nil || errNone == nil || strings.ReplaceAll(errHidden.Error(), "team_write", "team_wrote") != errNone.Error() {
		t.Errorf("alice team_write directly: %v; a missing tool: %v; want the same error", errHidden, errNone)
	}
	// From a snippet: not bound, and by id the LookupError of an unknown
	// name, word for word; nothing runs.
	_, text := callTool(t, alice, "execute_code", map[string]any{"code": `
r = await team.read(text="a")
out = [r, hasattr(team, "write"), "team_write" in globals()]
for id in ["go:team/write", "go:team/wrote", "go:misc/ping", "go:misc/pong"]:
    try:
        await call_tool(id, {})
        out.append("ran")
    except Exception as e:
        out.append(type(e).__name__ + ": " + str(e).replace(id, "ID"))
return out`})
	var got []any
	if err := json.Unmarshal([]byte(text[strings.Index(text, "["):]), &got); err != nil || len(got) != 7 {
		t.Fatalf("alice's snippet: %s", text)
	}
	if got[0] != "notes: a" || got[1] != false || got[2] != false || got[3] != got[4] || got[5] != got[6] || !strings.HasPrefix(got[3].(string), "LookupError") {
		t.Errorf("alice's snippet: %s", text)
	}
	if n := g.writes.Load(); n != 0 {
		t.Fatalf("team.write ran %d times for a token that may not call it", n)
	}
	if res, text := callTool(t, bob, "team_write", map[string]any{"text": "x"}); res.IsError || g.writes.Load() != 1 {
		t.Errorf("bob team_write: isError=%v %q writes=%d", res.IsError, text, g.writes.Load())
	}

	// search and schemas show alice only what she may call.
	_, text = callTool(t, alice, "search_capabilities", map[string]any{"query": "team note"})
	if strings.Contains(text, "write") || strings.Contains(text, "dump") || !strings.Contains(text, "team_read") || !strings.Contains(text, "of 1 capabilities") {
		t.Errorf("alice's search:\n%s", text)
	}
	_, text = callTool(t, bob, "search_capabilities", map[string]any{"query": "team note"})
	if !strings.Contains(text, "team_write") || !strings.Contains(text, "of 4 capabilities") {
		t.Errorf("bob's search:\n%s", text)
	}
	res, text := callTool(t, alice, "get_capability_schemas", map[string]any{"names": []string{"team.write", "misc.ping"}})
	if !res.IsError || !strings.Contains(text, "Not found") || strings.Contains(text, "Write a team note") {
		t.Errorf("alice's schemas of team.write: %s", text)
	}
	_, text = callTool(t, alice, "get_capability_schemas", map[string]any{"names": []string{"team.read", "team.writ"}, "detail": "full"})
	var full struct {
		Capabilities []struct{ ID string } `json:"capabilities"`
		NotFound     []capNotFound         `json:"not_found"`
	}
	if err := json.Unmarshal([]byte(text), &full); err != nil || len(full.Capabilities) != 1 || len(full.NotFound) != 1 || slices.Contains(full.NotFound[0].Suggestions, "team.write") {
		t.Errorf("alice's full schemas (%v): %s", err, text)
	}
}

type capNotFound struct {
	Name        string   `json:"name"`
	Suggestions []string `json:"suggestions"`
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestLogIDsAndHeaderSnapshot(t *testing.T) {
	g := startGoverned(t)
	extra := http.Header{}
	extra.Set("X-Request-Id", "req-42.abc")
	extra.Set("X-Trace-Context", "trace-1")
	extra.Set("Cookie", "session=cookie-secret")
	extra.Set("X-Api-Key", "apikey-secret")
	extra.Set("X-Upstream-Token", "upstream-secret")
	extra.Set("X-Client-Secret", "client-secret")
	extra.Set("Proxy-Authorization", "Basic proxy-secret")
	alice, ht := g.connect(t, "alice-secret-token", extra)
	callTool(t, alice, "team_read", map[string]any{"text": "direct"})
	callTool(t, alice, "execute_code", map[string]any{"code": `return await team.read(text="snippet")`})

	ht.mu.Lock()
	ids := slices.Clone(ht.logIDs)
	ht.mu.Unlock()
	if len(ids) == 0 || !slices.Contains(ids, "req-42.abc") {
		t.Errorf("response log ids %v, want the client's X-Request-Id echoed", ids)
	}
	calls := g.rec.all()
	if len(calls) != 2 {
		t.Fatalf("the recorder plugin saw %d calls, want 2", len(calls))
	}
	for _, c := range calls {
		if c.LogID != "req-42.abc" || c.Subject != "alice" {
			t.Errorf("%s call: log id %q subject %q", c.Origin, c.LogID, c.Subject)
		}
		if c.Headers.Get("X-Trace-Context") != "trace-1" {
			t.Errorf("%s call lost an ordinary header: %v", c.Origin, c.Headers)
		}
		for k, v := range c.Headers {
			if server.IsCredentialHeader(k) || strings.Contains(strings.Join(v, " "), "secret") {
				t.Errorf("%s call carries credential header %s: %v", c.Origin, k, v)
			}
		}
	}
	if calls[0].Origin != dispatch.OriginToolCall || calls[1].Origin != dispatch.OriginSnippet || calls[1].RunID == "" {
		t.Errorf("origins %s, %s; run id %q", calls[0].Origin, calls[1].Origin, calls[1].RunID)
	}

	// An invalid incoming id is replaced by a minted one.
	bad := http.Header{}
	bad.Set("X-Log-Id", "has spaces and \"quotes\"")
	bob, ht2 := g.connect(t, "bob-secret-token", bad)
	callTool(t, bob, "team_read", map[string]any{"text": "x"})
	for _, id := range ht2.logIDs {
		if !strings.HasPrefix(id, "log_") {
			t.Errorf("invalid client log id echoed as %q, want a minted log_ id", id)
		}
	}

	// Audit lines (the audit plugin) carry the log id and the subject.
	waitLines := func() []map[string]any {
		deadline := time.Now().Add(3 * time.Second)
		for {
			lines := readLines(t, g.audit)
			if len(lines) >= 3 || time.Now().After(deadline) {
				return lines
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	lines := waitLines()
	var withID int
	for _, l := range lines {
		if l["event"] == "dispatch" && l["log_id"] == "req-42.abc" && l["subject"] == "alice" {
			withID++
		}
	}
	if withID != 2 {
		t.Errorf("%d dispatch audit lines carry alice's log id, want 2:\n%v", withID, lines)
	}
}

func readLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// TestSpillSavesLargeResultsForTheirOwner: a direct call's large result
// is replaced by a preview and a spill id; spill_explore (a plugin tool,
// listed for tokens that admit it) queries it with jq; GET /spill/<id>
// downloads it for its owner and is a 404 for another token, without a
// token a 401.
func TestSpillSavesLargeResultsForTheirOwner(t *testing.T) {
	g := startGoverned(t)
	bob, _ := g.connect(t, "bob-secret-token", nil)
	res, text := callTool(t, bob, "team_dump", map[string]any{"text": ""})
	if res.IsError || len(text) > 1000 || !strings.Contains(text, "spill id sp_") {
		t.Fatalf("spilled result (%d bytes): %s", len(text), text)
	}
	sc, _ := res.StructuredContent.(map[string]any)
	id, _ := sc["id"].(string)
	if !strings.HasPrefix(id, "sp_") || sc["url"] != "/spill/"+id {
		t.Fatalf("structured content %v", sc)
	}
	res, text = callTool(t, bob, "spill_explore", map[string]any{"id": id, "query": ".rows | length"})
	if res.IsError || strings.TrimSpace(text) != "5000" {
		t.Errorf("spill_explore .rows | length: %s", text)
	}
	code, body := get(t, g.base+"/spill/"+id, "bob-secret-token")
	var full map[string]any
	if code != http.StatusOK || json.Unmarshal([]byte(body), &full) != nil || len(full["rows"].(string)) != 5000 {
		t.Errorf("GET /spill/%s as its owner: %d, %d bytes", id, code, len(body))
	}
	if code, body := get(t, g.base+"/spill/"+id, "alice-secret-token"); code != http.StatusNotFound || strings.Contains(body, "robert") {
		t.Errorf("GET /spill/%s as another token: %d %q, want a bare 404", id, code, body)
	}
	if code, _ := get(t, g.base+"/spill/"+id, ""); code != http.StatusUnauthorized {
		t.Errorf("GET /spill/%s without a token: %d, want 401", id, code)
	}
	// Alice's policy (team=core) does not admit spill_explore: it is not
	// listed for her and calling it is the SDK's unknown tool.
	alice, _ := g.connect(t, "alice-secret-token", nil)
	if slices.Contains(toolNames(t, alice), "spill_explore") {
		t.Errorf("spill_explore listed for a token whose policy does not admit it")
	}
	if _, err := alice.CallTool(context.Background(), &mcp.CallToolParams{Name: "spill_explore", Arguments: map[string]any{"id": id}}); err == nil || !strings.Contains(err.Error(), `unknown tool "spill_explore"`) {
		t.Errorf("alice calling spill_explore: %v", err)
	}
	// A snippet's calls are not spilled; small results pass untouched.
	_, text = callTool(t, bob, "execute_code", map[string]any{"code": `d = await team.dump(text="")
return len(d["rows"])`})
	if !strings.Contains(text, "5000") {
		t.Errorf("unspilled snippet call: %s", text)
	}
	if _, text := callTool(t, bob, "team_read", map[string]any{"text": "small"}); !strings.Contains(text, "notes: small") {
		t.Errorf("small result: %q", text)
	}
}

func get(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestPluginRoutes(t *testing.T) {
	g := startGoverned(t)
	if code, _ := get(t, g.base+"/whoami", ""); code != http.StatusUnauthorized {
		t.Errorf("a plugin's Route without a token: %d, want 401", code)
	}
	code, body := get(t, g.base+"/whoami", "alice-secret-token")
	if code != http.StatusOK || !strings.HasPrefix(body, "log=log_") || !strings.Contains(body, `auth=""`) {
		t.Errorf("a plugin's Route with a token: %d %q (want a log id and no Authorization header)", code, body)
	}
	if code, body := get(t, g.base+"/pluginz", ""); code != http.StatusOK || body != "ok" {
		t.Errorf("RoutePublic without a token: %d %q", code, body)
	}
}

func TestAnonymousAccessAndSessionOwnership(t *testing.T) {
	g := startGovernedWith(t, governedConfig+`
[http]
allow_anonymous = true
[http.anonymous]
allow = "name=read"
`)
	anon, _ := g.connect(t, "", nil)
	meta := []string{"execute_code", "get_capability_schemas", "search_capabilities"}
	if got := toolNames(t, anon); !sameSet(got, append([]string{"team_read"}, meta...)) {
		t.Errorf("anonymous tools/list = %v", got)
	}
	if _, err := anon.CallTool(context.Background(), &mcp.CallToolParams{Name: "team_dump", Arguments: map[string]any{"text": ""}}); err == nil || !strings.Contains(err.Error(), `unknown tool "team_dump"`) {
		t.Errorf("anonymous team_dump: %v", err)
	}
	// A wrong token is never anonymous.
	if code, _ := get(t, g.url, "wrong"); code != http.StatusUnauthorized {
		t.Errorf("wrong token with anonymous access on: %d, want 401", code)
	}

	// A session belongs to the subject that opened it.
	alice, _ := g.connect(t, "alice-secret-token", nil)
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`
	for _, tc := range []struct {
		token string
		want  int
	}{{"bob-secret-token", http.StatusForbidden}, {"", http.StatusForbidden}} {
		req, _ := http.NewRequest(http.MethodPost, g.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", alice.ID())
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		if tc.token != "" {
			req.Header.Set("Authorization", "Bearer "+tc.token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.want {
			t.Errorf("alice's session used with token %q: %d, want %d", tc.token, res.StatusCode, tc.want)
		}
	}
}

// hostSwitch sends requests to whichever replica target names.
type hostSwitch struct {
	token  string
	mu     sync.Mutex
	target string // host:port; "" leaves the request alone
}

func (h *hostSwitch) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+h.token)
	h.mu.Lock()
	if h.target != "" {
		r.URL.Host, r.Host = h.target, h.target
	}
	h.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

func TestFollowUpsAreRoutedToTheOwningReplica(t *testing.T) {
	lnA, _ := net.Listen("tcp", "127.0.0.1:0")
	lnB, _ := net.Listen("tcp", "127.0.0.1:0")
	replicas := map[string]string{"a": "http://" + lnA.Addr().String(), "b": "http://" + lnB.Addr().String()}
	a := startGovernedOn(t, governedConfig, lnA, func(o *server.Options) { o.Replica, o.Replicas = "a", replicas })
	b := startGovernedOn(t, governedConfig, lnB, func(o *server.Options) { o.Replica, o.Replicas = "b", replicas })

	sw := &hostSwitch{token: "alice-secret-token"}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "replicas", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: a.url, HTTPClient: &http.Client{Transport: sw}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if !strings.HasPrefix(cs.ID(), "a.") {
		t.Fatalf("replica a's session id %q does not name it", cs.ID())
	}
	callTool(t, cs, "execute_code", map[string]any{"code": "x = 41"})
	// The load balancer now sends this client to b: b proxies to a, where
	// the session (and x) lives.
	sw.mu.Lock()
	sw.target = lnB.Addr().String()
	sw.mu.Unlock()
	res, text := callTool(t, cs, "execute_code", map[string]any{"code": "return x + 1"})
	if res.IsError || !strings.Contains(text, "42") {
		t.Errorf("follow-up through replica b: %s", text)
	}
	if n := b.srv.Sessions().Len(); n != 0 {
		t.Errorf("replica b holds %d sessions; the follow-up should have run on a", n)
	}
	// b authenticates before proxying: a wrong token never reaches a.
	req, _ := http.NewRequest(http.MethodPost, b.url, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`))
	req.Header.Set("Mcp-Session-Id", cs.ID())
	req.Header.Set("Authorization", "Bearer wrong")
	status := func(req *http.Request) int {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := status(req); code != http.StatusUnauthorized {
		t.Errorf("wrong token through b: %d, want 401", code)
	}
	// A request another replica already forwarded is never forwarded again.
	req, _ = http.NewRequest(http.MethodPost, b.url, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`))
	req.Header.Set("Mcp-Session-Id", cs.ID())
	req.Header.Set("Authorization", "Bearer alice-secret-token")
	req.Header.Set(server.HeaderForwardedBy, "c")
	if code := status(req); code != http.StatusMisdirectedRequest {
		t.Errorf("a forwarded request for another replica's session: %d, want 421", code)
	}
}
