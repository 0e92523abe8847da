package security_test

// Config keys that bound a wait: each one the file sets is the one the
// server keeps, and its refusals name it.

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestBudgetWaitIsTheConfiguredOne: a run that does not fit the memory
// budget (a run in progress holds it) waits [session] budget_wait for
// memory, then is refused naming the key. The wait was fixed at 30 s and
// not a config key (budget_wait was an unknown key).
func TestBudgetWaitIsTheConfiguredOne(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// One run granted 32 MiB of the token's 36 leaves 4, short of the
	// quarter of max_memory_mb a second run needs: it waits. In the
	// server's process, so that no idle worker is charged.
	e := bins.NewEnv(t, "\n[toolplane]\nisolation = \"none\"\n\n[session]\nmax_memory_mb = 32\nmax_retained_mb = 256\nmax_retained_mb_per_token = 36\nbudget_wait = \"1s\"\nrun_queue_wait = \"10m\"\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("one", "one-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	holder := e2e.ConnectHTTPToken(t, srv.URL, "one-secret-0123456789", nil)
	waiter := e2e.ConnectHTTPToken(t, srv.URL, "one-secret-0123456789", nil)
	e2e.MustRun(t, waiter, "return 0") // the upstream is started

	gate := e2e.NewGate(t)
	done := make(chan string, 1)
	go func() {
		res, err := e2e.TryCall(holder, "execute_code", map[string]any{"code": "await " + gate.Slow() + "\nreturn 'held'"})
		if err != nil {
			done <- err.Error()
			return
		}
		done <- e2e.Text(res)
	}()
	gate.WaitStarted(t, 1)
	res, err := e2e.TryCall(waiter, "execute_code", map[string]any{"code": "return 'ran'"})
	gate.Open(t)
	if err != nil {
		t.Fatal(err)
	}
	text := e2e.Text(res)
	if !res.IsError || !strings.Contains(text, "MemoryError") || !strings.Contains(text, "budget_wait") || !strings.Contains(text, "max_retained_mb_per_token") {
		t.Fatalf("a run short of the budget while another holds it: want a MemoryError naming budget_wait and the budget, got:\n%s", text)
	}
	m := regexp.MustCompile(`after waiting (\S+),`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the refusal does not say how long it waited:\n%s", text)
	}
	waited, err := time.ParseDuration(m[1])
	if err != nil {
		t.Fatalf("waited %q: %v", m[1], err)
	}
	// Configured 1s, the default 30s: anything under 20s is the
	// configured wait however loaded the machine.
	if waited < time.Second || waited >= 20*time.Second {
		t.Errorf("the run waited %s for memory; budget_wait is 1s (the default is 30s):\n%s", waited, text)
	}
	select {
	case got := <-done:
		if !strings.Contains(got, "held") {
			t.Errorf("the run holding the budget: %s", got)
		}
	case <-time.After(40 * time.Second):
		t.Error("the run holding the budget did not end after its gate opened")
	}
}

// TestConfigCheckListsEveryProblem: config check, and serve refusing to
// start, named only the first wrong value of a file (decoding stopped
// there), so a file was fixed one error at a time. Both now list every
// wrong value, unknown key and failed check, each with file, line and
// key, and show no password of a refused url.
func TestConfigCheckListsEveryProblem(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	cfg := e.Config
	e.WriteFile(t, cfg, `[cli]
timeout = 5

[session]
max_memory_mb = "lots"
budget_wait = "0s"

[mcp.servers.x]
comand = "x"

[audit]
sinks = ["http"]
[audit.http]
url = "ftp://collector:hunter2-secret@audit.test/v1"
`)
	want := []string{
		cfg + `:2:11: wrong type for cli.timeout`,
		cfg + `:5:17: wrong type for session.max_memory_mb`,
		cfg + `:6:1: session.budget_wait must be positive`,
		cfg + `:9:1: unknown key "comand" in [mcp.servers.x]; did you mean "command"?`,
		cfg + `:14:1: audit.http.url = "ftp://xxxxx@audit.test/v1"`,
	}
	for _, args := range [][]string{
		{"config", "check", "--config", cfg},
		{"serve", "mcp", "--transport", "http", "--addr", "127.0.0.1:0", "--config", cfg},
	} {
		stdout, stderr, code := runWithin(t, e.Toolplane(args...), 30*time.Second)
		out := stdout + stderr
		if code == 0 {
			t.Errorf("%s: exit 0\n%s", args[0], out)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the output does not say %q:\n%s", args[0], w, out)
			}
		}
		if strings.Contains(out, "hunter2") {
			t.Errorf("%s: the output shows the url's password:\n%s", args[0], out)
		}
	}
}

// TestToolOverrideOfNoToolIsReported: an override naming a tool the
// server does not list ([mcp.servers.up.tools.ecko] disabled = true, a
// typo for echo) did nothing without a word: the tool it meant stayed
// enabled. Serve now says so at start, naming the table; the tool's
// call still works (the override is not applied to another tool).
func TestToolOverrideOfNoToolIsReported(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[mcp.servers.up.tools.ecko]\ndisabled = true\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	if v := e2e.MustRun(t, cs, `return await call_tool("mcp:up/echo", {"text": "still here"})`); !strings.Contains(fmt.Sprint(v), "still here") {
		t.Errorf("echo: %v", v)
	}
	want := `[mcp.servers.up.tools.ecko]: the server lists no tool "ecko", so the override does nothing`
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(srv.Stderr(), want); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("serve did not say %q:\n%s", want, srv.Stderr())
		}
	}
}

// TestSummariesHideServerKeys: a hosted server's key in its url's query
// (?api_key=...) and a stdio server's key in its arguments (--token V,
// --api-key=V) were hidden in the server's errors but printed as written
// by config check (text and --json), mcp list, doctor and mcp status, into
// terminals and CI logs. Each now shows "…" in their place.
func TestSummariesHideServerKeys(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	e.WriteFile(t, e.Config, `[mcp.servers.hosted]
url = "http://127.0.0.1:1/mcp?api_key=sk-live-query0123456789"

[mcp.servers.local]
command = "false"
args = ["--token", "sk-live-flag0123456789", "--api-key=sk-live-eq0123456789", "sk-live-bare0123456789abcdef"]
`)
	for _, args := range [][]string{
		{"config", "check"},
		{"config", "check", "--json"},
		{"mcp", "list"},
		{"doctor"},
		{"mcp", "status"},
	} {
		stdout, stderr, _ := runWithin(t, e.Toolplane(append(args, "--config", e.Config)...), 60*time.Second)
		out := stdout + stderr
		if strings.Contains(out, "sk-live") {
			t.Errorf("%s shows a server's key:\n%s", strings.Join(args, " "), truncateText(out, 3000))
		}
		if !strings.Contains(out, "127.0.0.1:1") {
			t.Errorf("%s does not name the server:\n%s", strings.Join(args, " "), truncateText(out, 3000))
		}
	}
}

// TestDenyOfNoLabelIsReported: deny = "sorce=mcp" (a typo of source)
// needs a label no capability has, so it denied nothing and the token
// reached every upstream tool while serve declared "deny sorce=mcp" as in
// effect. Serve now warns at start naming the token and the key; a deny
// on a label the config writes (team) or a projection (source) is not
// warned of. The deny still denies nothing: the warning is the fix.
func TestDenyOfNoLabelIsReported(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "labels = { team = \"core\" }\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+
		e.AddToken("typo", "typo-secret-0123456789", "allow = \"source\"\ndeny = [\"sorce=mcp\", \"team=core,dangerus\"]")+
		e.AddToken("right", "right-secret-0123456789", "allow = \"source\"\ndeny = [\"source=mcp\", \"team in (core)\"]"))
	srv := e.ServeHTTP(t, cfg)
	want := []string{
		`toolplane: warning: token typo: a deny selector needs label sorce, which no capability has now`,
		`toolplane: warning: token typo: a deny selector needs label dangerus, which no capability has now`,
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		missing := ""
		for _, w := range want {
			if !strings.Contains(srv.Stderr(), w) {
				missing = w
			}
		}
		if missing == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not say %q:\n%s", missing, srv.Stderr())
		}
	}
	if strings.Contains(srv.Stderr(), "token right: a deny") || strings.Contains(srv.Stderr(), "label team,") || strings.Contains(srv.Stderr(), "label source,") {
		t.Errorf("a deny on labels capabilities have was warned of:\n%s", srv.Stderr())
	}
}
