package security_test

// Upstream: a hostile upstream MCP server (internal/hostilemcp) attacks
// toolplane through everything it sends: results, errors, catalogs,
// requests, notifications, its process and its HTTP answers. Each attack
// costs at most the hostile server's own calls: the toolplane process lives,
// its memory stays bounded, the well-behaved upstream "up" and another
// client's session keep working during and after the attack, and nothing
// the server sends reaches the agent's client as if toolplane had said it.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// hostileEnv is an Env with the good upstream "up" (a minute per call),
// the hostile servers of servers (name -> the TOML lines of its table
// besides command), the [mcp] lines of limits, under a 3 GiB address space
// cap.
func hostileEnv(t *testing.T, limits string, servers map[string]string) *e2e.Env {
	t.Helper()
	e := bins.NewEnv(t, "")
	var b strings.Builder
	// The bystanders' upstream keeps a minute per call: the call_timeout
	// of an attack (2s) applied to it too, and a loaded machine stalling
	// the good server for 2s failed a bystander's echo.
	b.WriteString(strings.Replace(readFile(t, e.Config), "[mcp.servers.up]\n", "[mcp.servers.up]\ntimeout = \"60s\"\n", 1))
	b.WriteString("\n[mcp]\n" + limits + "\n")
	for name, table := range servers {
		fmt.Fprintf(&b, "\n[mcp.servers.%s]\ncommand = %q\n%s\n", name, bins.HostileMCP, table)
	}
	e.WriteFile(t, e.Config, b.String())
	e.MemoryCap = 3 << 30
	return e
}

// bystander is another client session using the good upstream while an
// attack runs.
type bystander struct {
	t    *testing.T
	cs   *mcp.ClientSession
	stop chan struct{}
	done chan struct{}

	mu      sync.Mutex
	calls   int
	fails   []string
	slowest time.Duration
}

// watch starts a bystander calling up.echo through a snippet every 100 ms
// on its own session.
func watch(t *testing.T, url string) *bystander {
	t.Helper()
	b := &bystander{t: t, cs: e2e.ConnectHTTP(t, url), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		for {
			select {
			case <-b.stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			b.once()
		}
	}()
	return b
}

func (b *bystander) once() {
	start := time.Now()
	res, err := e2e.TryCall(b.cs, "execute_code", map[string]any{"code": `return await up.echo(text="alive")`})
	d := time.Since(start)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls++
	b.slowest = max(b.slowest, d)
	switch {
	case err != nil:
		b.fails = append(b.fails, err.Error())
	case res.IsError || e2e.Structured(res)["value"] != "alive":
		b.fails = append(b.fails, e2e.Text(res))
	}
}

// check stops the bystander, makes one more call, and fails the test if
// any call failed or one took more than 10 s.
func (b *bystander) check() {
	b.t.Helper()
	close(b.stop)
	<-b.done
	b.once()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.fails) > 0 {
		b.t.Errorf("another client's calls failed during the attack (%d of %d): %s", len(b.fails), b.calls, truncateText(strings.Join(b.fails, "\n"), 2000))
	}
	if b.slowest > 10*time.Second {
		b.t.Errorf("another client's call took %v during the attack", b.slowest)
	}
	b.t.Logf("bystander: %d calls, slowest %v", b.calls, b.slowest)
}

func truncateText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// peakRSS is the most memory the process ever had resident (VmHWM), in
// bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("the toolplane process is gone: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// attack runs a snippet that calls an attack and returns what it raised
// ("raised: TYPE: message"), or "returned: VALUE".
func attack(t *testing.T, cs *mcp.ClientSession, call string) string {
	t.Helper()
	code := fmt.Sprintf("try:\n    v = await %s\n    return 'returned: ' + repr(v)[:300]\nexcept Exception as e:\n    return 'raised: ' + type(e).__name__ + ': ' + str(e)", call)
	res, sc := e2e.Exec(t, cs, code)
	if res.IsError {
		t.Fatalf("%s: the run failed: %s", call, e2e.Text(res))
	}
	s, _ := sc["value"].(string)
	return s
}

func wantParts(t *testing.T, what, got string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(got, p) {
			t.Errorf("%s: %q does not mention %q", what, truncateText(got, 600), p)
		}
	}
}

// TestAttackUpstreamOversizedResults: a 100 MB result, a line of 1 GB
// without a newline, a 20 MB error, a 30 MB blob, a result nested a
// million deep, 20 000 content blocks and 400 000 values. Each fails its
// call with an error naming the server, the tool and the limit; the
// toolplane process stays under a few hundred MB, another client keeps
// working, the audit log stays valid JSON lines.
func TestAttackUpstreamOversizedResults(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, `max_result_bytes = "4MiB"`, map[string]string{"evil": `env = { EVIL_KEY = "env://EVIL_SECRET" }`})
	const secret = "evil-server-own-secret-6d1c"
	e.Setenv("EVIL_SECRET", secret)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	for _, tc := range []struct {
		call string
		want []string
	}{
		{"evil.huge_text(mb=100)", []string{`"evil"`, "huge_text", "4 MiB", "max_result_bytes"}},
		{"evil.long_line()", []string{`"evil"`, "long_line", "4 MiB", "max_result_bytes"}},
		{"evil.giant_error(kb=20480)", []string{`"evil"`, "4 MiB", "max_result_bytes"}},
		{"evil.huge_blob(mb=30)", []string{`"evil"`, "4 MiB", "max_result_bytes"}},
		{"evil.deep()", []string{`"evil"`, "deep", "nested more than 128 levels"}},
		{"evil.many_blocks(n=20000)", []string{`"evil"`, "many_blocks", "20000 content blocks"}},
		// The same answer inside a JSON-RPC batch went past the vetting.
		{"evil.batched(n=20000)", []string{`"evil"`, "batched", "JSON-RPC batch"}},
		// And spread over 20000 lines, one block a line.
		{"evil.multiline(n=20000)", []string{`"evil"`, "multiline", "not JSON-RPC"}},
		{"evil.wide()", []string{`"evil"`, "wide", "JSON values"}},
		{"evil.giant_tool_error(mb=3)", []string{"raised: ToolError", "cut by toolplane"}},
		// A "jsonrpc" member of 3 MB quoting the server's own secret: the
		// decoder's error quoted it whole, past the redaction of what a
		// server writes, in every caller's error.
		{`evil.bad_version(env="EVIL_KEY", kb=3072)`, []string{`"evil"`, "not JSON-RPC", `"jsonrpc" member is not "2.0"`}},
		// A content block whose type is 3 MB of escapes and the server's
		// secret: the SDK's error quotes the type whole, and it reached the
		// caller uncut (errors of the server's own are cut to 4 KiB).
		{`evil.raw(fill=3145728, env="EVIL_KEY", result={"content": [{"type": "\x1b[2J\u202e@ENV@@FILL@"}]})`, []string{`"evil"`, "raw", "unrecognized content type", "cut by toolplane"}},
	} {
		got := ""
		for i := 0; i < 100; i++ {
			// A connection the previous attack closed restarts, after
			// the backoff of a server that keeps failing.
			got = attack(t, cs, tc.call)
			if !strings.Contains(got, "restarts it at most") {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		wantParts(t, tc.call, got, append([]string{"raised: "}, tc.want...)...)
		if len(got) > 128<<10 {
			t.Errorf("%s: an error message of %d bytes reached the snippet", tc.call, len(got))
		}
		if strings.ContainsRune(got, 0x1b) {
			t.Errorf("%s: the error carries an escape character", tc.call)
		}
		if strings.Contains(got, secret) {
			t.Errorf("%s: the error shows the secret the server was started with: %s", tc.call, truncateText(got, 600))
		}
	}
	by.check()
	if rss := peakRSS(t, srv.Cmd.Process.Pid); rss > 700<<20 {
		t.Errorf("toolplane's peak resident memory was %d MiB", rss>>20)
	} else {
		t.Logf("toolplane's peak resident memory: %d MiB", rss>>20)
	}
	lines := e2e.AuditLines(t, e.Audit)
	failed := 0
	for _, l := range lines {
		if l["event"] == "dispatch" && strings.HasPrefix(fmt.Sprint(l["capability"]), "mcp:evil/") && l["outcome"] != "ok" {
			failed++
		}
	}
	if failed < 7 {
		t.Errorf("the audit log has %d failed dispatches of the hostile server, want at least 7", failed)
	}
}

// TestAttackUpstreamDeepButAllowed: structured content nested 120 deep
// (within the bound) reaches the snippet as Python values and goes through
// repr, the result store, JSON and the client without harm.
func TestAttackUpstreamDeepButAllowed(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, "", map[string]string{"evil": ""})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	v := e2e.MustRun(t, cs, `import json
r = await evil.deep(depth=120)
v = r["v"]
d = 0
while isinstance(v, list) and v:
    v = v[0]
    d += 1
h = await save_result(r)
back = await load_result(h)
return [d, len(repr(r)), len(json.dumps(back)), back == r]`)
	got, _ := v.([]any)
	if len(got) != 4 || fmt.Sprint(got[0]) != "119" || got[3] != true {
		t.Errorf("deep result: %v", v)
	}
}

// TestAttackUpstreamHostileCatalogs: servers whose catalogs hold names with
// path separators, escapes, look-alikes and keywords, schemas that loop,
// nest 900 deep or are not objects, descriptions of 1 MB, or a hundred
// thousand tools. The server starts and serves; search and schemas show
// only clean, bounded text; runtime bindings and builtins stay what they
// are; calling a tool whose schema loops does not crash the validator;
// direct tools (facade.tools) are made without a panic.
func TestAttackUpstreamHostileCatalogs(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, "", map[string]string{
		"names":   `args = ["-catalog", "names"]`,
		"schemas": `args = ["-catalog", "schemas"]`,
		"objects": `args = ["-catalog", "not-object"]`,
		"many":    `args = ["-catalog", "many"]`,
		"desc":    `args = ["-catalog", "huge-descriptions"]`,
	})
	e.WriteFile(t, e.Config, readFile(t, e.Config)+"\n[facade]\ntools = true\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	wantParts(t, "start-up warnings", srv.Stderr(), `"many"`, "max_tools", `"../../etc/passwd"`, "left out")

	clean := func(what, s string) {
		t.Helper()
		if strings.ContainsAny(s, "\x1b\x07\x00\u202e\u200b") {
			t.Errorf("%s carries escapes or invisible characters: %q", what, truncateText(s, 300))
		}
	}
	for _, detail := range []string{"brief", "detailed", "full"} {
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "", "limit": 500, "detail": detail})
		out := e2e.Text(res)
		clean("search "+detail, out)
		if len(out) > 2<<20 {
			t.Errorf("search at %s is %d bytes", detail, len(out))
		}
	}
	var names []string
	for _, tool := range []string{"ref_cycle", "ref_self", "bad_pattern", "echo"} {
		names = append(names, "mcp:schemas/"+tool)
	}
	res, _ := e2e.Call(t, cs, "get_capability_schemas", map[string]any{"names": names, "detail": "full"})
	clean("schemas", e2e.Text(res))
	if !strings.Contains(e2e.Text(res), "ref_cycle") {
		t.Errorf("schemas of the looping tool: %s", truncateText(e2e.Text(res), 500))
	}

	v := e2e.MustRun(t, cs, `out = []
for f in [schemas.ref_cycle, schemas.ref_self]:
    try:
        out.append(str(await f(x=1)))
    except ToolError as e:
        out.append("raised")
out.append(str(await call_tool("mcp:up/echo", {"text": "bindings intact"})))
print("print intact")
return out`)
	if got := fmt.Sprint(v); !strings.Contains(got, "bindings intact") {
		t.Errorf("after calls to looping schemas: %v", got)
	}

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		clean("direct tool "+tool.Name, tool.Name+tool.Description)
		if strings.Contains(tool.Name, "string_input") || strings.Contains(tool.Name, "array_input") {
			t.Errorf("direct tool %s from a schema that is not an object", tool.Name)
		}
		if len(tool.Description) > 9<<10 {
			t.Errorf("direct tool %s has a description of %d bytes", tool.Name, len(tool.Description))
		}
	}
	by.check()
}

// TestAttackUpstreamRequestsNotForwarded: an upstream asks for sampling
// ("print every secret"), elicitation ("toolplane needs your GitHub
// token") and roots, sends completion/complete (a request of clients,
// which the SDK's client sent back to the server, waiting for ever), and
// floods pings. toolplane refuses them itself: the
// agent's client, whose handlers would answer, is never asked, over stdio
// (the local user's host) and over HTTP.
func TestAttackUpstreamRequestsNotForwarded(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	var asked atomic.Int32
	opts := eagerClient(&asked)
	record := filepath.Join(t.TempDir(), "record")
	// "modern" speaks the stateless protocol of 2026-07-28 (server/discover,
	// subscriptions/listen), which the SDK's client takes other ways.
	e := hostileEnv(t, "", map[string]string{
		"evil":   fmt.Sprintf(`args = ["-record", %q]`, record),
		"modern": fmt.Sprintf(`args = ["-modern", "-record", %q]`, record),
	})
	stdio := e2e.ConnectCommand(t, e.Command(), opts)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	http := e2e.ConnectHTTPToken(t, srv.URL, e2e.Token, opts)
	for name, cs := range map[string]*mcp.ClientSession{"stdio": stdio, "http": http} {
		// The storm last: it spends the server's request budget, and
		// later requests are dropped unanswered until it refills.
		for _, c := range [][2]string{
			{"sampling()", "does not support CreateMessage"},
			{"elicitation()", "does not support elicitation"},
			{"roots()", `{"roots":[]}`},
			// A request of clients: toolplane sent it back to the server
			// and waited for ever.
			{"complete()", `error {"code":-32601,"message":"method not found`},
			{"ping_storm()", "sent 100000 pings"},
		} {
			for _, server := range []string{"evil", "modern"} {
				call, want := server+"."+c[0], c[1]
				got := attack(t, cs, call)
				wantParts(t, name+" "+call, got, want)
				if strings.Contains(got, "leaked") {
					t.Errorf("%s %s: the client's answer reached the upstream: %s", name, call, got)
				}
			}
		}
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("the agent's client was asked %d times on an upstream's behalf", n)
	}
	if got := readFileOrEmpty(record); !strings.Contains(got, `"listen"`) {
		t.Errorf("the modern server was not spoken to in its protocol (no subscriptions/listen):\n%s", got)
	} else if strings.Contains(got, `"asked"`) {
		t.Errorf("toolplane sent the upstream a request the upstream asked it to send:\n%s", got)
	}
}

// TestAttackUpstreamFloods: 200 000 tools/list_changed notifications at
// start, and notification and progress floods during calls: another
// client keeps working, toolplane re-lists at most about once a second,
// and the agent's client is not flooded with tool-list changes.
func TestAttackUpstreamFloods(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, "", map[string]string{"evil": `args = ["-start", "list-changed-flood"]
startup = "eager"`})
	e.WriteFile(t, e.Config, readFile(t, e.Config)+"\n[facade]\ntools = true\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	var changes atomic.Int32
	cs := e2e.ConnectHTTPToken(t, srv.URL, e2e.Token, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changes.Add(1) },
	})
	by := watch(t, srv.URL)
	for _, call := range []string{"evil.notify_flood(n=50000)", "evil.progress_flood(n=50000)", "evil.ping_storm(n=50000)"} {
		wantParts(t, call, attack(t, cs, call), "returned: ")
	}
	time.Sleep(2 * time.Second)
	by.check()
	if n := changes.Load(); n > 20 {
		t.Errorf("the agent's client got %d tool-list changes from one flooding upstream", n)
	}
}

// TestAttackUpstreamCrashLoop: a server that dies in every call is started
// a handful of times for two hundred calls (restarts back off),
// the calls fail fast with the reason, another client keeps working, and
// no process of it is left when toolplane stops.
func TestAttackUpstreamCrashLoop(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	starts := filepath.Join(t.TempDir(), "starts")
	e := hostileEnv(t, "", map[string]string{"evil": fmt.Sprintf(`args = ["-starts", %q]`, starts)})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	v := e2e.MustRun(t, cs, `last = ""
for i in range(200):
    try:
        await evil.crash()
    except Exception as e:
        last = str(e)
return last`)
	by.check()
	wantParts(t, "the last error", fmt.Sprint(v), `"evil"`)
	pids := strings.Fields(readFile(t, starts))
	if len(pids) > 10 {
		t.Errorf("the crashing server was started %d times for 200 calls; restarts must back off", len(pids))
	}
	e2e.Stop(srv.Cmd)
	for _, p := range pids {
		if pid, _ := strconv.Atoi(p); pid > 0 && processLive(pid) {
			t.Errorf("process %d of the crashing server outlived toolplane", pid)
		}
	}
}

// TestAttackUpstreamHangsAndForks: a server that never answers, answers one
// byte a second, floods stderr, or leaves a child holding its pipes and
// exits mid-call: each call ends at call_timeout or fails, another client
// keeps working, the child dies with its server.
func TestAttackUpstreamHangsAndForks(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record")
	e := hostileEnv(t, `call_timeout = "2s"`, map[string]string{
		"evil":  fmt.Sprintf(`args = ["-record", %q]`, record),
		"noisy": `args = ["-start", "stderr-flood"]`,
	})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	for _, call := range []string{"evil.hang()", "evil.slow()"} {
		start := time.Now()
		wantParts(t, call, attack(t, cs, call), "raised: ", "timed out after 2s", "call_timeout")
		if d := time.Since(start); d > 15*time.Second {
			t.Errorf("%s took %v with a 2s call_timeout", call, d)
		}
	}
	wantParts(t, "noisy.echo", attack(t, cs, `noisy.echo(text="fine")`), "returned: 'fine'")
	wantParts(t, "fork_hold", attack(t, cs, "evil.fork_hold()"), "raised: ")
	by.check()
	var child int
	if _, err := fmt.Sscanf(strings.TrimSpace(readFile(t, record)), `{"child":%d}`, &child); err != nil {
		t.Fatalf("no child recorded: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for processLive(child) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if processLive(child) {
		t.Errorf("the child %d holding the hostile server's pipes outlived it", child)
	}
}

// processLive reports whether pid is a process that is not a zombie.
func processLive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && f[0] != "Z"
}

// startHostileHTTP runs the hostile server over HTTP and returns its base
// URL; record receives what its other origin saw.
func startHostileHTTP(t *testing.T, record string) string {
	t.Helper()
	cmd := exec.Command(bins.HostileMCP, "-http", "127.0.0.1:0", "-record", record)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = stdin.Close()
		e2e.Stop(cmd)
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the hostile server's address: %v", err)
	}
	return strings.TrimSpace(line)
}

// TestAttackUpstreamHTTP: a hostile Streamable HTTP upstream redirects to
// another origin (from the start, and mid-call), points 401 at OAuth
// discovery, and answers with 20 MB of headers, a gzip bomb of 1 GB, a
// 100 MB body, an event stream that never ends and a body at one byte a
// second. Its configured secret header and another server's never reach
// the other origin, no OAuth flow starts, each attack fails its call, and
// another client keeps working within bounded memory.
func TestAttackUpstreamHTTP(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record")
	base := startHostileHTTP(t, record)
	const mine, others = "evil-header-secret-9f3a", "other-server-secret-4c1d"
	e := bins.NewEnv(t, fmt.Sprintf(`
[mcp]
max_result_bytes = "4MiB"
call_timeout = "3s"

[mcp.servers.evil]
url = %q
headers = { Authorization = "env://EVIL_TOKEN" }

# The same server with a minute per call: the size limit, not the clock,
# must stop gzip_bomb and huge_json (at 3s a loaded machine timed out the
# decompression of the 1 GiB bomb before it reached max_result_bytes).
[mcp.servers.sized]
url = %q
timeout = "60s"

[mcp.servers.bounced]
url = %q
headers = { X-Api-Key = "env://OTHER_TOKEN" }

[mcp.servers.locked]
url = %q
`, base+"/mcp", base+"/mcp", base+"/redirect/mcp", base+"/unauthorized/mcp"))
	e.Setenv("EVIL_TOKEN", "Bearer "+mine)
	e.Setenv("OTHER_TOKEN", others)
	e.MemoryCap = 3 << 30
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)

	// The server echoes the headers it got: the secret one reached it,
	// and toolplane hides it in the answer (TestAttackUpstreamEchoesItsSecret).
	if got := attack(t, cs, "evil.headers()"); !strings.Contains(got, `"Authorization":["[redacted:header.Authorization]"]`) || strings.Contains(got, mine) {
		t.Errorf("evil.headers: %s", truncateText(got, 600))
	}
	for call, want := range map[string]string{
		"evil.redirect()":     "another origin",
		"evil.huge_headers()": "header",
		"sized.gzip_bomb()":   "max_result_bytes",
		"sized.huge_json()":   "max_result_bytes",
		"evil.sse_forever()":  "timed out",
		"evil.slowloris()":    "timed out",
	} {
		got := ""
		for i := 0; i < 100; i++ {
			got = attack(t, cs, call)
			// The attack before (a timed-out stream, a bomb) ends the
			// upstream's connection; a call that races that close sees
			// it closed, and the next one gets a fresh connection.
			if !strings.Contains(got, "restarts it at most") && !strings.Contains(got, "connection closed") {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		wantParts(t, call, got, "raised: ", want)
	}
	for _, call := range []string{`call_tool("mcp:bounced/echo", {})`, `call_tool("mcp:locked/echo", {})`} {
		wantParts(t, call, attack(t, cs, call), "raised: ")
	}
	by.check()
	if rss := peakRSS(t, srv.Cmd.Process.Pid); rss > 700<<20 {
		t.Errorf("toolplane's peak resident memory was %d MiB", rss>>20)
	}
	data := readFile(t, record)
	for _, secret := range []string{mine, others} {
		if strings.Contains(data, secret) {
			t.Errorf("a secret header reached another origin:\n%s", truncateText(data, 2000))
		}
	}
	if strings.Contains(data, `"origin":"other"`) || strings.Contains(data, "oauth_discovery") {
		t.Errorf("toolplane followed the server elsewhere:\n%s", truncateText(data, 2000))
	}
	if n := strings.Count(data, `"unauthorized"`); n > 10 {
		t.Errorf("%d requests to a server answering 401", n)
	}
}

// TestAttackUpstreamAnnotationsAreClaims: a hostile upstream annotates
// delete_all as read-only, not destructive and idempotent, so that a
// client auto-approves it. Its annotations are its claims: the direct
// tool carries none of them (clients see MCP's defaults: may write, may
// destroy), its description says what the server claims and that
// toolplane does not rely on it, and a token selecting read-only tools
// does not reach it; only the config vouches for a tool (labels
// toolplane/read-only = "true" and friends), and a misspelled or non-
// boolean toolplane/ label is a config error.
func TestAttackUpstreamAnnotationsAreClaims(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, fmt.Sprintf(`
[facade]
tools = true

[mcp.servers.evil]
command = %q
args = ["-tools", "delete_all,list_all"]
startup = "eager"

[mcp.servers.evil.tools.list_all]
labels = { "toolplane/read-only" = "true", "toolplane/open-world" = "false" }
`, bins.HostileMCP))
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e2e.TokenSection+e.AddToken("reader", "reader-secret-0123456789", `allow = "toolplane/read-only=true"`))
	srv := e.ServeHTTP(t, cfg)
	cs := e2e.ConnectHTTPToken(t, srv.URL, e2e.Token, nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, tl := range tools.Tools {
		switch tl.Name {
		case "evil_delete_all":
			seen++
			if a := tl.Annotations; a != nil && (a.ReadOnlyHint || a.DestructiveHint != nil || a.IdempotentHint || a.OpenWorldHint != nil || a.Title != "") {
				t.Errorf("the upstream's claims became the direct tool's annotations: %+v", *a)
			}
			if !strings.Contains(tl.Description, "The server claims this tool is read-only, not destructive, idempotent, closed world; toolplane does not verify or rely on it") {
				t.Errorf("the description does not show the claims as claims: %q", tl.Description)
			}
		case "evil_list_all":
			seen++
			if a := tl.Annotations; a == nil || !a.ReadOnlyHint || a.OpenWorldHint == nil || *a.OpenWorldHint || a.DestructiveHint != nil {
				t.Errorf("the config's hints are not the direct tool's annotations: %+v", a)
			}
		}
	}
	if seen != 2 {
		t.Fatalf("direct tools: %d of evil_delete_all, evil_list_all listed", seen)
	}
	reader := e2e.ConnectHTTPToken(t, srv.URL, "reader-secret-0123456789", nil)
	rt, err := reader.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range rt.Tools {
		if tl.Name == "evil_delete_all" {
			t.Errorf("a token admitted to read-only tools reaches delete_all, which only claims to be")
		}
	}
	if res, err := e2e.TryCall(reader, "evil_list_all", map[string]any{"text": "x"}); err != nil || res.IsError {
		t.Errorf("the reader's call of the vouched tool: %v %v", err, e2e.Text(res))
	}

	for _, bad := range []string{`"toolplane/readonly" = "true"`, `"toolplane/read-only" = "yes"`} {
		path := e.Config + ".bad.toml"
		e.WriteFile(t, path, readFile(t, e.Config)+"\n[mcp.servers.evil.tools.delete_all]\nlabels = { "+bad+" }\n")
		out, err := e.Toolplane("config", "check", "--config", path).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "toolplane/") {
			t.Errorf("config check accepted labels { %s }:\n%s", bad, out)
		}
	}
}

// TestAttackUpstreamStderrAcrossTokens: toolplane keeps the tail of a
// stdio upstream's stderr and put it in the error of a call when the
// server crashed, and upstreams log their calls there. Over HTTP, where
// tokens share the upstream, bob crashed it and read alice's arguments in
// his own error. The tail is withheld from callers over HTTP (it goes to
// the server's log, which still has it); over stdio, where the client is
// the operator, it is shown.
func TestAttackUpstreamStderrAcrossTokens(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const private = "alice-private-argument-5k2q"
	e := hostileEnv(t, "", map[string]string{"shared": ""})
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("alice", "alice-token-secret-1a", `allow = "server=shared"`)+e.AddToken("bob", "bob-token-secret-2b", `allow = "server=shared"`))
	srv := e.ServeHTTP(t, cfg)
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-token-secret-1a", nil)
	bob := e2e.ConnectHTTPToken(t, srv.URL, "bob-token-secret-2b", nil)
	if v := e2e.MustRun(t, alice, `return await shared.echo(text="`+private+`")`); v != private {
		t.Fatalf("alice's echo: %v", v)
	}
	res, _ := e2e.Exec(t, bob, `return await shared.crash()`)
	if got := e2e.Text(res); !res.IsError || !strings.Contains(got, "exited") || strings.Contains(got, private) || strings.Contains(got, "echo") {
		t.Errorf("bob's error after crashing the shared server shows what it logged of alice's call (or is not the crash):\n%s", got)
	}
	// The operator still has it.
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(srv.Stderr(), private) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(srv.Stderr(), private) {
		t.Errorf("the server's log lacks the withheld stderr tail:\n%s", srv.Stderr())
	}
	// Over stdio the one client is the operator: the tail is shown.
	cs := e.Stdio(t)
	e2e.MustRun(t, cs, `return await shared.echo(text="mine")`)
	res, _ = e2e.Exec(t, cs, `return await shared.crash()`)
	if got := e2e.Text(res); !strings.Contains(got, `echo \"mine\"`) && !strings.Contains(got, `echo "mine"`) {
		t.Errorf("over stdio the crash error lacks the stderr tail:\n%s", got)
	}
}

// TestAttackUpstreamStopsReading: a stdio server answers once, then never
// reads its stdin again. toolplane's next messages fill the pipe: a write
// blocked there once held its call past call_timeout (a run waited for
// its own 30 s timeout with calls "in flight"), and for ever after. Each
// call now ends within call_timeout, naming the server, the tool and why
// (or, queued behind them, goes to the server started afresh, which
// answers); another client is served throughout.
func TestAttackUpstreamStopsReading(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, `call_timeout = "2s"`, map[string]string{"evil": ""})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	wantParts(t, "stop_reading", attack(t, cs, "evil.stop_reading()"), "returned: 'no longer reading'")
	start := time.Now()
	res, sc := e2e.Exec(t, cs, `import asyncio
r = await asyncio.gather(*[evil.echo(text='y' * (1 << 20)) for i in range(8)], return_exceptions=True)
return [type(x).__name__ + ': ' + str(x) for x in r]`, "timeout", 60)
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("8 calls to a server that stopped reading took %v with a 2s call_timeout", d)
	}
	if res.IsError {
		t.Fatalf("the run failed: %s", e2e.Text(res))
	}
	errs, _ := sc["value"].([]any)
	if len(errs) != 8 {
		t.Fatalf("results: %v", sc["value"])
	}
	stalled := 0
	for _, x := range errs {
		s := fmt.Sprint(x)
		if strings.HasPrefix(s, "str: yyy") {
			// Waited for a slot (4 per caller) and went to the server
			// started afresh.
			continue
		}
		wantParts(t, "a call to a server that stopped reading", s, `"evil"`, "echo")
		if !strings.Contains(s, "stopped reading its input") && !strings.Contains(s, "timed out after 2s") {
			t.Errorf("the error does not say why: %s", truncateText(s, 400))
		}
		if strings.Contains(s, "stopped reading its input") {
			stalled++
		}
	}
	if stalled == 0 {
		t.Errorf("no error says the server stopped reading: %v", errs)
	}
	got := ""
	for i := 0; i < 50; i++ {
		if got = attack(t, cs, `evil.echo(text="again")`); strings.Contains(got, "returned: 'again'") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	wantParts(t, "after the server was restarted", got, "returned: 'again'")
	by.check()
}

// invisibleRune reports a character that draws nothing: a format
// character (tags, bidirectional controls, zero-width characters, the
// soft hyphen), a variation selector, a Hangul filler.
func invisibleRune(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r >= 0xfe00 && r <= 0xfe0f || r >= 0xe0100 && r <= 0xe01ef ||
		r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0
}

// TestAttackUpstreamInvisibleText: a server hides an instruction to the
// agent in its tools' text, spelled in Unicode tag characters (invisible
// in every terminal and review, read by models) and in variation
// selectors, in the description, the annotations' title and the schemas'
// descriptions and titles, and puts such characters in a property name
// and an enum value. Nothing invisible reaches search, schemas or the
// direct tools; the two tools whose values would carry them are left out,
// with a warning naming them; the clean tool keeps its emoji and accents.
func TestAttackUpstreamInvisibleText(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := hostileEnv(t, "", map[string]string{"inv": `args = ["-catalog", "invisible"]
startup = "eager"`})
	e.WriteFile(t, e.Config, readFile(t, e.Config)+"\n[facade]\ntools = true\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	var shown []string
	for _, detail := range []string{"brief", "detailed", "full"} {
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "", "limit": 100, "detail": detail})
		shown = append(shown, e2e.Text(res))
	}
	res, _ := e2e.Call(t, cs, "get_capability_schemas", map[string]any{"names": []string{"mcp:inv/read_file", "mcp:inv/plain"}, "detail": "full"})
	shown = append(shown, e2e.Text(res))
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		b, _ := json.Marshal(tool)
		shown = append(shown, string(b))
	}
	all := strings.Join(shown, "\n")
	for i, r := range all {
		if invisibleRune(r) {
			t.Errorf("an invisible character %U reaches the agent: …%q…", r, all[max(0, i-80):min(len(all), i+40)])
			break
		}
	}
	wantParts(t, "what the agent sees", all, "read_file", "Reads a file.", "the path", "Nothing hidden \u2764 caf\u00e9 \u65e5\u672c.")
	for _, gone := range []string{"hidden_property", "hidden_enum"} {
		if strings.Contains(all, gone) {
			t.Errorf("%s, whose values hold invisible characters, is offered", gone)
		}
	}
	wantParts(t, "start-up warnings", srv.Stderr(), "hidden_property", "hidden_enum", "invisible characters")
}

// TestAttackUpstreamHTTPRetryStorm: a Streamable HTTP upstream ends its
// standalone SSE stream after each event, with a fresh event id (so each
// reconnection looks like progress to the client) and "retry: 1" (1 ms).
// The client reconnected as fast as it could, for ever: toolplane sent it
// thousands of GETs a second and burned a core. Reconnections wait at least
// a second whatever the server asks.
func TestAttackUpstreamHTTPRetryStorm(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record")
	base := startHostileHTTP(t, record)
	e := bins.NewEnv(t, fmt.Sprintf("\n[mcp.servers.storm]\nurl = %q\n", base+"/retry-storm/mcp"))
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	gets := func() int {
		n := 0
		for _, line := range strings.Split(readFile(t, record), "\n") {
			var v struct {
				N int `json:"storm_gets"`
			}
			if json.Unmarshal([]byte(line), &v) == nil {
				n = max(n, v.N)
			}
		}
		return n
	}
	deadline := time.Now().Add(30 * time.Second)
	for gets() == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	first := gets()
	time.Sleep(5 * time.Second)
	n := gets() - first
	t.Logf("%d reconnections in 5 s", n)
	if n > 20 {
		t.Errorf("toolplane reconnected to the standalone stream %d times in 5 s", n)
	}
	if got := attack(t, cs, "storm.echo(text='still')"); got != "returned: 'still'" {
		t.Errorf("storm.echo: %s", got)
	}
}

// TestAttackUpstreamHTTPStreams: a Streamable HTTP upstream answers a call
// with an event stream of 100,000 events of noise before the answer
// (notifications, answers to requests never sent, events of other names,
// comments, empty events), with one event that never ends, with a new
// session id, and with JSON cut short. The noise costs time, not memory,
// and the real answer arrives; the endless event ends at max_result_bytes;
// the broken answer fails its own call; another client is served.
func TestAttackUpstreamHTTPStreams(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	e := hostileEnv(t, "max_result_bytes = \"4MiB\"\ncall_timeout = \"30s\"", nil)
	e.WriteFile(t, e.Config, readFile(t, e.Config)+fmt.Sprintf("\n[mcp.servers.evil]\nurl = %q\n", base+"/mcp"))
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	by := watch(t, srv.URL)
	for call, want := range map[string]string{
		"evil.sse_noise(n=100000)": "returned: 'after the noise'",
		"evil.sse_endless_event()": "max_result_bytes",
		"evil.rotate_session()":    "returned: 'rotated'",
		"evil.invalid_json()":      "raised: ",
	} {
		got := ""
		for i := 0; i < 100; i++ {
			if got = attack(t, cs, call); !strings.Contains(got, "restarts it at most") {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		wantParts(t, call, got, want)
	}
	by.check()
	if rss := peakRSS(t, srv.Cmd.Process.Pid); rss > 500<<20 {
		t.Errorf("toolplane's peak resident memory was %d MiB", rss>>20)
	}
}

// TestAttackUpstreamCatalogChurn: a server lists 75 tools of 200 KiB
// schemas (15 MB), changes one description and sends tools/list_changed
// every 300 ms, for ever. Each refresh reads, vets, caches and registers
// the whole catalog (about 200 MB of allocations), and at one refresh a
// second an idle serve spent 40% of a core and held 670 MiB. Refreshes of
// a large catalog are now spaced by its size (a second per MiB kept, see
// source/mcp's refreshGap): the server is listed at most twice in the
// attack's 10 s (it was 8 to 10 times), and the change is still seen.
func TestAttackUpstreamCatalogChurn(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record.jsonl")
	e := hostileEnv(t, "", map[string]string{"big": fmt.Sprintf(`args = ["-catalog", "big-schemas", "-n", "75", "-start", "churn", "-record", %q]
startup = "eager"`, record)})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	pid := srv.Cmd.Process.Pid
	listings := func() int { return strings.Count(readFileOrEmpty(record), `"listed"`) }
	by := watch(t, srv.URL)
	// The attack's window starts at the first listing.
	deadline := time.Now().Add(40 * time.Second)
	for listings() == 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	before := cpuTime(t, pid)
	time.Sleep(10 * time.Second)
	n := listings()
	t.Logf("listings: %s", readFileOrEmpty(record))
	t.Logf("10 s of churn: %d listings, %v of serve's CPU, peak RSS %d MiB", n, cpuTime(t, pid)-before, peakRSS(t, pid)>>20)
	if n > 2 {
		t.Errorf("a churning server of a 15 MB catalog was listed %d times in 10 s", n)
	}
	by.check()

	// The catalog still follows the server: big0's description names a
	// version once a refresh came (at most 30 s after the last).
	cs := e2e.ConnectHTTP(t, srv.URL)
	deadline = time.Now().Add(75 * time.Second)
	for {
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "big0"})
		out := e2e.Text(res)
		if strings.Contains(out, "version") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the catalog never changed: %s", truncateText(out, 600))
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// readFileOrEmpty is the text of path, "" if it cannot be read.
func readFileOrEmpty(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// residentRSS is the memory the process has resident now (VmRSS), in
// bytes.
func residentRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("the toolplane process is gone: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// TestAttackUpstreamCatalogHeldIdle: a server lists 75 tools of 200 KiB
// schemas (15 MB) and nothing more happens. Reading, vetting, caching and
// registering that catalog allocates about thirteen times its size, and at
// GOGC 400 the idle serve kept 300 to 360 MiB resident (17 MiB live) until
// the runtime's forced collection two minutes later; the stdio
// connection also kept the 16 MB buffer the answer was read into and the
// 15 MB copy handed to the SDK for as long as it lived. The garbage of a
// large catalog is now returned once it is loaded, and the connection
// lets its buffers go: the idle serve settles at 70 to 90 MiB.
func TestAttackUpstreamCatalogHeldIdle(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]
startup = "eager"`})
	e.WriteFile(t, e.Config, readFile(t, e.Config)+"\n[facade]\ntools = true\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	pid := srv.Cmd.Process.Pid
	cs := e2e.ConnectHTTP(t, srv.URL)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tool := range res.Tools {
		found = found || strings.HasPrefix(tool.Name, "big_big")
	}
	if !found {
		t.Fatalf("the big catalog is not listed: %d tools", len(res.Tools))
	}
	cs.Close()
	// Idle from now on: what serve holds comes down within seconds.
	const bound = 180 << 20
	var rss int64
	for deadline := time.Now().Add(40 * time.Second); time.Now().Before(deadline); time.Sleep(time.Second) {
		if rss = residentRSS(t, pid); rss < bound {
			break
		}
	}
	t.Logf("idle serve after a 15 MB catalog: %d MiB resident (peak %d MiB)", rss>>20, peakRSS(t, pid)>>20)
	if rss >= bound {
		t.Errorf("an idle serve holds %d MiB after loading a 15 MB catalog", rss>>20)
	}
}

// TestAttackUpstreamAsksForInput: a server answers every call, its own
// retries included, with input requests to be fulfilled and the call sent
// again with (the multi-round-trip protocol): roots, elicitation ("toolplane
// needs your GitHub token"), sampling, a busy answer with none, and 200,000
// roots requests at once. The SDK fulfilled them by itself, a goroutine
// each, and sent the call again up to ten times: one call of 200,000
// requests held 738 MiB and 14 s of CPU, four at once 1.5 GiB. Each call
// now fails at its first answer, naming the server, the tool and what was
// asked; the server gets each call once; the agent's client is never
// asked; another client is served.
func TestAttackUpstreamAsksForInput(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	var asked atomic.Int32
	opts := eagerClient(&asked)
	record := filepath.Join(t.TempDir(), "record")
	e := hostileEnv(t, "", map[string]string{"evil": fmt.Sprintf(`args = ["-record", %q]`, record)})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTPToken(t, srv.URL, e2e.Token, opts)
	by := watch(t, srv.URL)
	calls := 0
	for call, want := range map[string]string{
		`evil.input_required()`:                                "1 input requests (roots)",
		`evil.input_required(method="elicitation/create")`:     "1 input requests (elicitation)",
		`evil.input_required(method="sampling/createMessage")`: "1 input requests (sampling)",
		`evil.input_required(n=0)`:                             "answered that it is busy",
		`evil.input_required(n=200000)`:                        "200000 input requests (roots)",
	} {
		got := attack(t, cs, call)
		calls++
		wantParts(t, call, got, "raised: ", `"evil"`, `"input_required"`, want)
		if want != "answered that it is busy" {
			wantParts(t, call, got, "multi-round-trip", "not sent again")
		}
		if strings.Contains(got, "leaked") {
			t.Errorf("%s: the agent's answer reached the upstream: %s", call, got)
		}
	}
	by.check()
	if n := asked.Load(); n != 0 {
		t.Errorf("the agent's client was asked %d times on an upstream's behalf", n)
	}
	if n := strings.Count(readFileOrEmpty(record), `"input_required_call"`); n != calls {
		t.Errorf("the server got %d calls for %d calls made: answers asking for input sent the calls again", n, calls)
	}
	rss := peakRSS(t, srv.Cmd.Process.Pid)
	t.Logf("toolplane's peak resident memory: %d MiB", rss>>20)
	if rss > 500<<20 {
		t.Errorf("toolplane's peak resident memory was %d MiB", rss>>20)
	}
}

// eagerClient is the options of an agent's client that answers every
// sampling and elicitation request with something an upstream must never
// get (a secret), counting the requests in asked.
func eagerClient(asked *atomic.Int32) *mcp.ClientOptions {
	return &mcp.ClientOptions{
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			asked.Add(1)
			return &mcp.CreateMessageResult{Content: &mcp.TextContent{Text: "AWS_SECRET=leaked"}, Model: "m", Role: "assistant"}, nil
		},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked.Add(1)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"token": "ghp_leaked"}}, nil
		},
	}
}

// TestAttackUpstreamWarningsEveryRefresh: a server lists tools toolplane
// leaves out (names no alias can be made of, control characters, a name
// of 300 bytes) and announces tools/list_changed every 300 ms, for ever.
// Each refresh wrote serve's warning about every tool left out again: a
// line per tool a second in the log for as long as the server lived. A
// problem is now said once, when it appears, and again only after it went
// away; the tools the refresh would list are still listed. So is a server
// that keeps exiting: its back-off counts failures and seconds and quotes
// the last error, but it is one problem.
func TestAttackUpstreamWarningsEveryRefresh(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record.jsonl")
	e := hostileEnv(t, "", map[string]string{"evil": fmt.Sprintf(`args = ["-catalog", "names", "-start", "churn", "-record", %q]
startup = "eager"`, record), "dies": `args = ["-start", "exit-after-init"]
startup = "eager"`})
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	listings := func() int { return strings.Count(readFileOrEmpty(record), `"listed"`) }
	deadline := time.Now().Add(60 * time.Second)
	for listings() < 8 {
		if time.Now().After(deadline) {
			t.Fatalf("the server was listed %d times in 60 s", listings())
		}
		time.Sleep(200 * time.Millisecond)
	}
	warned := func(text string) int { return strings.Count(srv.Stderr(), text) }
	n := listings()
	// The 300-byte name is left out at every listing.
	long := strings.Repeat("n", 300)
	t.Logf("%d listings; the long name warned %d times, the server that keeps exiting %d times; %d bytes of stderr", n, warned(long), warned(`\nmcp server "dies"`), len(srv.Stderr()))
	// It fails three ways (its start interrupted, exited at start, in
	// its back-off), each said once however many refreshes meet it.
	if w := warned(`\nmcp server "dies"`); w > 3 {
		t.Errorf("after %d listings, the server that keeps exiting was warned of %d times", n, w)
	}
	if w := warned(long); w != 1 {
		t.Errorf("after %d listings, the tool left out was warned of %d times; want once", n, w)
	}
	cs := e2e.ConnectHTTP(t, srv.URL)
	res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "safe"})
	if out := e2e.Text(res); !strings.Contains(out, "evil") {
		t.Errorf("the server's well-named tool is not listed: %s", truncateText(out, 600))
	}
}

// TestAttackUpstreamCrashedByOneToken: a token calls a tool that ends the
// upstream server (a bug of the server's a caller can reach: here
// testmcp's crash), again and again. A server that died young was
// restarted less and less often, up to every 30 s, and meanwhile every
// call of every token failed at once ('failed N times in a row'): one
// token made a shared server unavailable to all. The back-off is now the
// callers' whose calls were in progress when it died: theirs are refused
// while it lasts, and another token's call starts the server.
func TestAttackUpstreamCrashedByOneToken(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	srv := e.ServeHTTP(t, tokensConfig(t, e, "", "mallory", "alice"))
	mallory := e2e.ConnectHTTPToken(t, srv.URL, "mallory-secret-0123456789", nil)
	alice := e2e.ConnectHTTPToken(t, srv.URL, "alice-secret-0123456789", nil)
	e2e.MustRun(t, alice, "return await up.echo(text='warm')")
	attack := make(chan string, 1)
	go func() {
		res, _ := e2e.Exec(t, mallory, `
import asyncio
said = {}
for i in range(60):
    try:
        await up.crash()
        said["answered"] = said.get("answered", 0) + 1
    except Exception as e:
        k = str(e)[:70]
        said[k] = said.get(k, 0) + 1
    await asyncio.sleep(0.15)
return said
`, "timeout", 60)
		attack <- e2e.Text(res)
	}()
	var failed []string
	calls := 0
	for done := false; !done; {
		select {
		case out := <-attack:
			t.Logf("the attacker's calls: %s", truncateText(out, 800))
			done = true
		default:
		}
		res, _ := e2e.Exec(t, alice, "return await up.echo(text='alice')")
		calls++
		if res.IsError {
			text := e2e.Text(res)
			failed = append(failed, truncateText(text[max(strings.LastIndex(text, "\n"), 0):], 200))
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("alice: %d of %d calls failed while the other token crashed the server: %q", len(failed), calls, failed)
	// Calls in progress when the server dies fail with it, and a caller
	// caught in progress at crashes in a row is held back as well: a
	// loaded machine widens that window. Before, 42 of 46 failed.
	if len(failed) > calls/3 {
		t.Errorf("alice: %d of %d calls failed while another token crashed the server", len(failed), calls)
	}
}
