package server_test

// End-to-end tests: the real toolplane binary (`toolplane serve mcp`) as a
// subprocess, driven by the Go SDK's client over stdio and Streamable HTTP,
// with a real upstream MCP server (internal/testmcp) configured in
// toolplane.toml.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/python"
)

// Binaries built once by TestMain.
var (
	toolplaneBin string
	testmcpBin   string
)

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "toolplane-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	toolplaneBin = filepath.Join(dir, "toolplane")
	testmcpBin = filepath.Join(dir, "testmcp")
	for bin, pkg := range map[string]string{toolplaneBin: "../cmd/toolplane", testmcpBin: "../internal/testmcp/cmd/testmcp"} {
		if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building %s: %v\n%s", pkg, err, out)
			return 1
		}
	}
	return m.Run()
}

// env is one test's private world: a HOME, a config, an audit log.
type env struct {
	dir    string
	config string
	audit  string
}

func newEnv(t *testing.T, extra string) *env { return newEnvTB(t, extra) }

func newEnvTB(t testing.TB, extra string) *env {
	t.Helper()
	dir := t.TempDir()
	e := &env{dir: dir, config: filepath.Join(dir, "toolplane.toml"), audit: filepath.Join(dir, "audit.jsonl")}
	cfg := fmt.Sprintf(`[audit]
enabled = true
path = %q

[mcp.servers.up]
command = %q
`, e.audit, testmcpBin) + extra
	if err := os.WriteFile(e.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) command(args ...string) *exec.Cmd { return e.commandWith(e.config, args...) }

func (e *env) commandWith(config string, args ...string) *exec.Cmd {
	cmd := exec.Command(toolplaneBin, append([]string{"serve", "mcp", "--config", config}, args...)...)
	cmd.Dir = e.dir
	cmd.Env = []string{"HOME=" + filepath.Join(e.dir, "home"), "PATH=" + os.Getenv("PATH"), e2eTokenEnv + "=" + e2eToken}
	return cmd
}

// The bearer token HTTP tests serve with: the HTTP transport refuses to
// boot without tokens.
const (
	e2eToken    = "e2e-bearer-token"
	e2eTokenEnv = "TOOLPLANE_E2E_TOKEN"
)

// httpTokenSection admits the e2e token to every capability.
const httpTokenSection = `
[http.tokens.e2e]
token = "env://` + e2eTokenEnv + `"
allow = ""
`

// bearer adds the e2e token to every request.
type bearer struct{}

func (bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+e2eToken)
	return http.DefaultTransport.RoundTrip(r)
}

var client = mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)

// stdio starts `toolplane serve mcp` and connects to it over stdio.
func (e *env) stdio(t testing.TB) *mcp.ClientSession {
	t.Helper()
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: e.command()}, nil)
	if err != nil {
		t.Fatalf("connecting over stdio: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

var urlLine = regexp.MustCompile(`http://127\.0\.0\.1:\d+/mcp`)

// httpURL starts `toolplane serve mcp --transport http --addr 127.0.0.1:0`
// and returns the URL it prints on stderr.
//
// The config it serves is e.config plus a token (httpTokenSection); a build
// that does not know [http] yet is served e.config as is.
func (e *env) httpURL(t testing.TB) string {
	t.Helper()
	withToken := e.tokenConfig(t)
	if u, out := e.startHTTP(t, withToken); u != "" {
		return u
	} else if !lacksHTTPSection(out) {
		t.Fatalf("serve mcp --transport http exited without printing its address:\n%s", out)
	}
	u, out := e.startHTTP(t, e.config)
	if u == "" {
		t.Fatalf("serve mcp --transport http exited without printing its address:\n%s", out)
	}
	return u
}

// tokenConfig writes e.config plus httpTokenSection beside it and returns
// its path.
func (e *env) tokenConfig(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	withToken := e.config + ".http.toml"
	if err := os.WriteFile(withToken, append(data, httpTokenSection...), 0o600); err != nil {
		t.Fatal(err)
	}
	return withToken
}

// lacksHTTPSection reports whether the output says the build does not
// know [http] (a build from before token authentication).
func lacksHTTPSection(out string) bool {
	return strings.Contains(out, "unknown key") && strings.Contains(out, "http")
}

// startHTTP serves config over HTTP and returns the URL it prints, or ""
// and its stderr when it exits first.
func (e *env) startHTTP(t testing.TB, config string) (url, stderrText string) {
	t.Helper()
	cmd := e.commandWith(config, "--transport", "http", "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	found := make(chan string, 1)
	var text strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			if !sent {
				text.WriteString(sc.Text() + "\n")
			}
			if u := urlLine.FindString(sc.Text()); u != "" && !sent {
				found <- u
				sent = true
			}
		}
		if !sent {
			close(found)
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			return "", text.String()
		}
		return u, ""
	case <-time.After(30 * time.Second):
		t.Fatal("serve mcp --transport http printed no address within 30s")
	}
	return "", ""
}

func connectHTTP(t testing.TB, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{}}}, nil)
	if err != nil {
		t.Fatalf("connecting to %s: %v", url, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", name, args, err)
	}
	var sc map[string]any
	if res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &sc)
	}
	return res, sc
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func exec1(t *testing.T, cs *mcp.ClientSession, code string, extra ...any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	args := map[string]any{"code": code}
	for i := 0; i+1 < len(extra); i += 2 {
		args[extra[i].(string)] = extra[i+1]
	}
	return call(t, cs, "execute_code", args)
}

func mustRun(t *testing.T, cs *mcp.ClientSession, code string) any {
	t.Helper()
	res, sc := exec1(t, cs, code)
	if res.IsError {
		t.Fatalf("run of %q failed:\n%s", code, textOf(res))
	}
	return sc["value"]
}

func interpreterReady() error {
	prog, err := python.Compile("<probe>", "return 1", python.CompileOptions{Snippet: true})
	if err != nil {
		return err
	}
	_, err = prog.Run(context.Background(), python.RunOptions{})
	return err
}

func needInterpreter(t *testing.T) {
	t.Helper()
	if err := interpreterReady(); err != nil {
		t.Skipf("the embedded interpreter does not run snippets yet: %v", err)
	}
}

func auditLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the audit log: %v", err)
	}
	var out []map[string]any
	for _, ln := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if ln == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(ln), &m); err != nil {
			t.Fatalf("audit line %q is not JSON: %v", ln, err)
		}
		out = append(out, m)
	}
	return out
}

// transports runs f against a fresh server over each transport.
func transports(t *testing.T, extraConfig string, f func(t *testing.T, e *env, connect func() *mcp.ClientSession)) {
	t.Run("stdio", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, extraConfig)
		f(t, e, func() *mcp.ClientSession { return e.stdio(t) })
	})
	t.Run("http", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, extraConfig)
		url := e.httpURL(t)
		f(t, e, func() *mcp.ClientSession { return connectHTTP(t, url) })
	})
}

func TestE2ECatalog(t *testing.T) {
	t.Parallel()
	transports(t, "", func(t *testing.T, e *env, connect func() *mcp.ClientSession) {
		cs := connect()
		tools, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range tools.Tools {
			names = append(names, tool.Name)
		}
		if strings.Join(names, ",") != "execute_code,get_capability_schemas,search_capabilities" {
			t.Errorf("tools = %v, want the three meta-tools", names)
		}
		res, _ := call(t, cs, "search_capabilities", map[string]any{"query": "page through items"})
		if res.IsError || !strings.Contains(textOf(res), "mcp:up/list_items") {
			t.Errorf("search for items:\n%s", textOf(res))
		}
		res, _ = call(t, cs, "get_capability_schemas", map[string]any{"names": []string{"up.list_items"}})
		if res.IsError || !strings.Contains(textOf(res), "page_size") {
			t.Errorf("schemas of up.list_items:\n%s", textOf(res))
		}
	})
}

func TestE2EDirectTools(t *testing.T) {
	t.Parallel()
	transports(t, "\n[facade]\ntools = true\n", func(t *testing.T, e *env, connect func() *mcp.ClientSession) {
		cs := connect()
		res, _ := call(t, cs, "up_echo", map[string]any{"text": "through the chain"})
		if res.IsError || textOf(res) != "through the chain" {
			t.Fatalf("up_echo: %s", textOf(res))
		}
		var dispatches int
		for _, ln := range auditLines(t, e.audit) {
			if ln["event"] == "dispatch" && ln["capability"] == "mcp:up/echo" && ln["origin"] == "toolcall" {
				dispatches++
			}
		}
		if dispatches != 1 {
			t.Errorf("audit has %d dispatch lines for the direct call, want 1", dispatches)
		}

		// The upstream adds a tool at run time: the catalog and the direct
		// tools follow.
		if res, _ := call(t, cs, "up_add_tool", map[string]any{"name": "extra"}); res.IsError {
			t.Fatalf("up_add_tool: %s", textOf(res))
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			tools, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, tool := range tools.Tools {
				found = found || tool.Name == "up_extra"
			}
			if found {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the upstream's new tool never appeared as up_extra")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if res, _ := call(t, cs, "up_extra", map[string]any{}); res.IsError || textOf(res) != "extra" {
			t.Errorf("up_extra: %s", textOf(res))
		}
		if res, _ := call(t, cs, "search_capabilities", map[string]any{"query": "extra"}); !strings.Contains(textOf(res), "mcp:up/extra") {
			t.Errorf("search does not find the new tool:\n%s", textOf(res))
		}
	})
}

func TestE2EExecute(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	transports(t, "", func(t *testing.T, e *env, connect func() *mcp.ClientSession) {
		cs := connect()

		// A dict built from a paginated upstream tool.
		code := `items = []
cursor = ""
while True:
    page = await up.list_items(cursor=cursor, page_size=10)
    items.extend(page["items"])
    cursor = page.get("next_cursor", "")
    if not cursor:
        break
print("pages done")
return {"count": len(items), "last": items[-1]["name"]}`
		res, sc := exec1(t, cs, code)
		if res.IsError {
			t.Fatalf("paging snippet failed:\n%s", textOf(res))
		}
		if b, _ := json.Marshal(sc["value"]); string(b) != `{"count":25,"last":"item-025"}` {
			t.Errorf("value = %s", b)
		}
		if !strings.Contains(textOf(res), "pages done") || sc["capability_calls"] != float64(3) {
			t.Errorf("stdout/capability calls: %v\n%s", sc["capability_calls"], textOf(res))
		}
		runID, _ := sc["run_id"].(string)

		// Globals persist across calls of this client session.
		mustRun(t, cs, "total = 40")
		if v := mustRun(t, cs, "return total + 2"); v != float64(42) {
			t.Errorf("session value = %v, want 42", v)
		}

		// A timed-out run is rolled back; its calls stand.
		res, sc = exec1(t, cs, "total = 0\nawait up.echo(text=\"side effect\")\nawait up.slow(ms=20000)", "timeout", 1)
		if !res.IsError || sc["rolled_back"] != true || !strings.Contains(textOf(res), "stand") {
			t.Errorf("timed-out run:\n%s", textOf(res))
		}
		if v := mustRun(t, cs, "return total"); v != float64(40) {
			t.Errorf("after rollback total = %v, want 40", v)
		}

		// Result handles, readable as resources.
		handle, _ := mustRun(t, cs, "h = await save_result({\"total\": total}, label=\"the total\")\nreturn h").(string)
		if !strings.HasPrefix(handle, "res_") {
			t.Fatalf("save_result returned %q", handle)
		}
		if v := mustRun(t, cs, "return (await load_result(h))[\"total\"]"); v != float64(40) {
			t.Errorf("load_result = %v", v)
		}
		rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "toolplane://results/" + handle})
		if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text != `{"total":40}` {
			t.Errorf("resource read = %+v, %v", rr, err)
		}
		lr, err := cs.ListResources(context.Background(), nil)
		if err != nil || len(lr.Resources) != 1 || lr.Resources[0].Title != "the total" {
			t.Errorf("resources = %+v, %v", lr, err)
		}

		// Audit: the first run's start, dispatches and end share its id,
		// and nothing of the arguments or results is logged.
		var start, end, dispatch int
		for _, ln := range auditLines(t, e.audit) {
			if ln["run_id"] != runID {
				continue
			}
			switch ln["event"] {
			case "run_start":
				start++
			case "run_end":
				end++
			case "dispatch":
				dispatch++
			}
		}
		if start != 1 || end != 1 || dispatch != 3 {
			t.Errorf("audit for %s: %d run_start, %d dispatch, %d run_end; want 1, 3, 1", runID, start, dispatch, end)
		}
		data, _ := os.ReadFile(e.audit)
		if strings.Contains(string(data), "side effect") || strings.Contains(string(data), "item-0") {
			t.Errorf("the audit log contains arguments or results")
		}
	})
}

func TestE2EHTTPClientsDoNotShareSessions(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	e := newEnv(t, "")
	url := e.httpURL(t)
	a, b := connectHTTP(t, url), connectHTTP(t, url)
	mustRun(t, a, "who = 'a'")
	mustRun(t, b, "who = 'b'")
	if va, vb := mustRun(t, a, "return who"), mustRun(t, b, "return who"); va != "a" || vb != "b" {
		t.Errorf("a sees %v, b sees %v", va, vb)
	}
}

func TestE2ERefusesUnsafeConfigWithoutFlag(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "\n[cli]\nmode = \"ambient\"\n")
	cmd := e.command()
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("serve mcp with cli.mode = ambient started without --unsafe:\n%s", out)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{`cli.mode = "ambient"`, "--unsafe", e.config} {
		if !strings.Contains(string(out), want) {
			t.Errorf("refusal %q does not mention %q", out, want)
		}
	}
}

func TestE2EServesUnsafeConfigWithFlag(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "\n[cli]\nmode = \"ambient\"\n")
	cmd := e.command("--unsafe")
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("serve mcp --unsafe with cli.mode = ambient: %v", err)
	}
	defer cs.Close()
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

func TestE2EUsageErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "")
	withToken := e.tokenConfig(t)
	cases := []struct {
		config string
		args   []string
		code   int
		want   string
	}{
		{e.config, []string{"--transport", "pigeon"}, 2, `--transport "pigeon": want stdio or http`},
		{withToken, []string{"--transport", "http", "--addr", "256.0.0.1:0"}, 1, "--addr 256.0.0.1:0"},
		{e.config, []string{"extra-arg"}, 2, "unknown command"},
	}
	probe, _ := e.commandWith(withToken, "--transport", "http", "--addr", "256.0.0.1:0").CombinedOutput()
	if lacksHTTPSection(string(probe)) {
		cases[1].config = e.config // a build from before [http]
	} else {
		// Fail-closed: HTTP without tokens refuses to boot.
		cases = append(cases, struct {
			config string
			args   []string
			code   int
			want   string
		}{e.config, []string{"--transport", "http", "--addr", "127.0.0.1:0"}, 1, e.config + ": refusing to serve HTTP without authentication: [http] has no tokens"})
	}
	for _, tc := range cases {
		cmd := e.commandWith(tc.config, tc.args...)
		out, _ := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != tc.code || !strings.Contains(string(out), tc.want) {
			t.Errorf("serve mcp %v: exit %d, output %q; want exit %d mentioning %q", tc.args, code, out, tc.code, tc.want)
		}
	}
}
