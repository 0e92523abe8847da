package security_test

// Enumeration: for a subject, a capability it may not call does not exist,
// on every path it can observe.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// volatile are the parts of an answer that differ between any two runs.
var volatile = regexp.MustCompile(`run_[0-9a-f]{16}|log_[0-9a-f]{16}|res_[0-9a-f]{20}|"duration_ms":\s*[0-9.e+-]+|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z|mcp-session-[^"]*`)

// observe records everything a client of url holding token can learn:
// the handshake, every list, the meta-tools' answers to probes about the
// hidden server's names, direct calls, and what snippets see (globals,
// dir(), namespace objects, errors and suggestions of calls by name and
// by id).
func observe(t *testing.T, url, token string) map[string]string {
	t.Helper()
	cs := e2e.ConnectHTTPToken(t, url, token, nil)
	ctx := context.Background()
	obs := map[string]string{}
	record := func(key string, v any, err error) {
		b, _ := json.MarshalIndent(v, "", " ")
		s := string(b)
		if err != nil {
			s += "\nerror: " + err.Error()
		}
		obs[key] = volatile.ReplaceAllString(s, "<volatile>")
	}
	init := cs.InitializeResult()
	record("initialize", init, nil)
	tools, err := cs.ListTools(ctx, nil)
	record("tools/list", tools, err)
	res, err := cs.ListResources(ctx, nil)
	record("resources/list", res, err)
	tpl, err := cs.ListResourceTemplates(ctx, nil)
	record("resources/templates/list", tpl, err)
	prompts, err := cs.ListPrompts(ctx, nil)
	record("prompts/list", prompts, err)
	comp, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/resource", URI: "toolplane://results/{handle}"}, Argument: mcp.CompleteParamsArgument{Name: "handle", Value: "res_"}})
	record("completion/complete", comp, err)
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "toolplane://results/res_00000000000000000000"})
	record("resources/read", rr, err)

	call := func(key, tool string, args any) {
		r, err := e2e.TryCall(cs, tool, args)
		record(key, r, err)
	}
	for _, q := range []string{"", "vault", "echo", "secret vault echo", "mcp:vault/echo"} {
		for _, detail := range []string{"brief", "full"} {
			call(fmt.Sprintf("search %q %s", q, detail), "search_capabilities", map[string]any{"query": q, "detail": detail, "limit": 200})
		}
	}
	for _, tags := range [][]string{{"namespace=vault"}, {"server=vault"}, {"source=mcp"}, {"vault"}} {
		call(fmt.Sprintf("search tags %v", tags), "search_capabilities", map[string]any{"query": "", "tags": tags, "limit": 200})
	}
	for _, names := range [][]string{{"vault.echo"}, {"vault"}, {"mcp:vault/echo"}, {"vault_echo"}, {"vaul.echo"}, {"vault.ech"}, {"up.echo", "vault.echo"}} {
		call(fmt.Sprintf("schemas %v", names), "get_capability_schemas", map[string]any{"names": names})
		call(fmt.Sprintf("schemas full %v", names), "get_capability_schemas", map[string]any{"names": names, "detail": "full"})
	}
	for _, tool := range []string{"vault_echo", "vault_slow", "vault.echo", "mcp:vault/echo"} {
		call("direct "+tool, tool, map[string]any{"text": "x"})
	}
	snippets := map[string]string{
		"globals":  "return sorted(globals().keys())",
		"dir":      "return dir()",
		"dir(up)":  "return dir(up)",
		"repr(up)": "return repr(up)",
		"names": `
out = {}
try:
    out["vault"] = repr(vault)
except Exception as e:
    out["vault"] = type(e).__name__ + ": " + str(e)
try:
    out["vault_"] = repr(vault_)
except Exception as e:
    out["vault_"] = type(e).__name__ + ": " + str(e)
try:
    out["vault_echo"] = repr(vault_echo)
except Exception as e:
    out["vault_echo"] = type(e).__name__ + ": " + str(e)
try:
    out["vault.echo"] = await vault.echo(text="x")
except Exception as e:
    out["vault.echo"] = type(e).__name__ + ": " + str(e)
return out`,
		"locals": "return sorted(k for k in dir() if 'vault' in k or 'up' in k)",
		"calls": `
out = []
for id in ["mcp:vault/echo", "vault.echo", "vault_echo", "mcp:vault/ech", "mcp:vaul/echo", "vault", "mcp:up/ech"]:
    try:
        await call_tool(id, {"text": "x"})
        out.append("ran")
    except Exception as e:
        out.append(type(e).__name__ + ": " + str(e))
return out`,
		"attributes": `
out = []
for name in ["ech", "vault", "__dict__"]:
    try:
        out.append(repr(getattr(up, name)))
    except Exception as e:
        out.append(type(e).__name__ + ": " + str(e))
return out`,
		"builtins": "import builtins\nreturn sorted(dir(builtins))",
	}
	// In one order on both servers: the session keeps each run's globals.
	names := make([]string, 0, len(snippets))
	for name := range snippets {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		code := snippets[name]
		r, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": code})
		sc := e2e.Structured(r)
		if sc != nil {
			delete(sc, "duration_ms")
		}
		record("snippet "+name, sc, err)
		if r != nil {
			obs["snippet text "+name] = volatile.ReplaceAllString(e2e.Text(r), "<volatile>")
		}
	}
	return obs
}

// TestAttackEnumerateHiddenCapabilities: a token could enumerate tools
// hidden from it (dir(namespace), LookupError suggestions, "denied" where
// an unknown name says "unknown", denial messages quoting the selector).
// Everything a token admitted to server=up can observe on a server that
// also has an upstream "vault" is compared with what it observes on a
// server where "vault" does not exist at all: they must be identical.
func TestAttackEnumerateHiddenCapabilities(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const secret = "enum-secret-0123456789"
	serve := func(withVault bool) string {
		extra := "\n[facade]\ntools = true\n"
		if withVault {
			extra += "\n[mcp.servers.vault]\ncommand = " + e2e.Quote(bins.TestMCP) + "\n"
		}
		e := bins.NewEnv(t, extra)
		cfg := e.Config + ".tokens.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("reader", secret, `allow = "server=up"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
		return e.ServeHTTP(t, cfg).URL
	}
	hiddenURL, absentURL := serve(true), serve(false)

	// The vault is really there for a token admitted to it.
	admin := e2e.ConnectHTTPToken(t, hiddenURL, "admin-secret-0123456789", nil)
	if v := e2e.MustRun(t, admin, `return await vault.echo(text="open")`); v != "open" {
		t.Fatalf("the vault upstream does not answer its admin: %v", v)
	}

	hidden, absent := observe(t, hiddenURL, secret), observe(t, absentURL, secret)
	for key := range absent {
		if diff := cmp.Diff(absent[key], hidden[key]); diff != "" {
			t.Errorf("%s differs where a hidden server exists (-absent +hidden):\n%s", key, diff)
		}
	}
	for key, v := range hidden {
		if strings.Contains(v, "vault") && !strings.Contains(absent[key], "vault") {
			t.Errorf("%s names the vault", key)
		}
	}
}

// TestAttackMetricsCapabilityLabelsFilledByOneToken: the capability label
// of the call metrics takes 512 distinct values for the life of the
// process, then counts every new one as "other". A token admitted to
// the CLI source (with no binary configured: nothing it can run) called
// 600 made-up CLI ids from a snippet (each refused, each observed), and
// from then on every capability of every token was "other" on /metrics. A token now brings in new values only while it
// holds fewer than are left free: another token's capability keeps its
// own label.
func TestAttackMetricsCapabilityLabelsFilledByOneToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nmetrics_addr = \"127.0.0.1:0\"\n"+
		e.AddToken("junk", "junk-secret-0123456789", `allow = "source=cli"`)+
		e.AddToken("worker", "worker-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	junk := e2e.ConnectHTTPToken(t, srv.URL, "junk-secret-0123456789", nil)
	e2e.MustRun(t, junk, `n = 0
for i in range(600):
    try:
        await call_tool(f"cli:junk{i}", {})
    except Exception:
        n += 1
return n`)
	worker := e2e.ConnectHTTPToken(t, srv.URL, "worker-secret-0123456789", nil)
	if v := e2e.MustRun(t, worker, "return await up.echo(text='hi')"); v == nil {
		t.Fatal("the worker's call returned nothing")
	}
	metricsURL := ""
	for deadline := time.Now().Add(30 * time.Second); metricsURL == ""; time.Sleep(50 * time.Millisecond) {
		for _, ln := range strings.Split(srv.Stderr(), "\n") {
			if _, u, ok := strings.Cut(ln, "serving metrics at "); ok {
				metricsURL = strings.TrimSpace(u)
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("serve did not say where the metrics are")
		}
	}
	res, err := http.Get(metricsURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var junkSeries int
	for _, ln := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(ln, "toolplane_capability_calls_total{") && strings.Contains(ln, `capability="cli:junk`) {
			junkSeries++
		}
	}
	if !strings.Contains(string(body), `toolplane_capability_calls_total{capability="mcp:up/echo"`) {
		t.Errorf("the worker token's call of mcp:up/echo has no label of its own after the junk token's 600 made-up ids (%d of their series):\n%.3000s", junkSeries, grepLines(string(body), "toolplane_capability_calls_total"))
	}
	if junkSeries > 256 {
		t.Errorf("the junk token's made-up ids have %d series; want at most half of the 512 labels", junkSeries)
	}
}

// grepLines is the lines of s that start with prefix.
func grepLines(s, prefix string) string {
	var out []string
	for _, ln := range strings.Split(s, "\n") {
		if strings.HasPrefix(ln, prefix) {
			out = append(out, ln)
		}
	}
	return strings.Join(out, "\n")
}
