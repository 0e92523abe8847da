package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// writeConfig puts doc in a fresh toolplane.toml and returns its path.
func writeConfig(t *testing.T, doc string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLoadErrors covers every class of bad config: each must name the file,
// the line and column of the offending key or value, and the fix.
func TestLoadErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		doc       string
		line, col int
		msg       string
	}{
		{"misspelled key", "[cli]\nmod = \"disabled\"\n", 2, 1,
			`unknown key "mod" in [cli]; did you mean "mode"?`},
		{"misspelled section", "[sesion]\nenabled = true\n", 1, 2,
			`unknown key "sesion" at the top level; did you mean "session"?`},
		{"misspelled server key", "[mcp.servers.fs]\ncommnd = \"x\"\n", 2, 1,
			`unknown key "commnd" in [mcp.servers.fs]; did you mean "command"?`},
		{"misspelled tool override key", "[mcp.servers.fs]\ncommand = \"x\"\n[mcp.servers.fs.tools.read]\ndisable = true\n", 4, 1,
			`unknown key "disable" in [mcp.servers.fs.tools.read]; did you mean "disabled"?`},
		{"dotted misspelled key", "cli.mde = \"disabled\"\n", 1, 5,
			`unknown key "mde" in [cli]; did you mean "mode"?`},
		{"unknown key far from any", "[audit]\nzzzzzz = 1\n", 2, 1,
			`unknown key "zzzzzz" in [audit]; valid keys: enabled, flush_timeout, headers, http, max_file_bytes, max_files, path, queue_size, sinks`},
		{"unclaimed section", "[http]\naddr = \"x\"\n", 1, 2,
			`unknown key "http" at the top level; valid keys: audit, cli, facade, log, mcp, results, session, toolplane (a component's own section must be claimed by it)`},
		{"wrong type string for bool", "[session]\nenabled = \"yes\"\n", 2, 11,
			`wrong type for session.enabled: got a string, want a boolean (true or false)`},
		{"wrong type string for array", "[cli]\nmode = \"allowlist\"\nallow = \"git\"\n", 3, 9,
			`wrong type for cli.allow: got a string, want an array of strings`},
		{"wrong element type", "[cli]\nmode = \"allowlist\"\nallow = [1]\n", 3, 10,
			`wrong type for cli.allow: want an array of strings, but an element is an integer`},
		{"wrong type integer for enum", "[cli]\nmode = 1\n", 2, 8,
			`wrong type for cli.mode: got an integer, want a string`},
		{"integer duration", "[cli]\ntimeout = 30\n", 2, 11,
			`wrong type for cli.timeout: got an integer, want a duration string like "30s"`},
		{"duration without unit", "[session]\nidle_timeout = \"30\"\n", 2, 16,
			`session.idle_timeout: duration 30 has no unit: write it as a string like "30s"`},
		{"bad size", "[results]\nmax_entry_bytes = \"lots\"\n", 2, 19,
			`results.max_entry_bytes: invalid size "lots": want an integer number of bytes or a string like "8MiB"`},
		{"bad enum with suggestion", "[cli]\nmode = \"alowlist\"\n", 2, 8,
			`cli.mode: invalid value "alowlist": want one of "disabled", "allowlist", "ambient" (did you mean "allowlist"?)`},
		{"bad backend", "[toolplane]\ndefault_backend = \"docker\"\n", 2, 19,
			`toolplane.default_backend: invalid value "docker": want one of "embedded", "local_unsafe", "pyodide-deno"`},
		{"bad transport", "[mcp.servers.x]\nurl = \"https://x.test/mcp\"\ntransport = \"ws\"\n", 3, 13,
			`mcp.servers.x.transport: invalid value "ws": want one of "stdio", "http", "sse"`},
		{"duplicate key", "[cli]\nmode = \"disabled\"\nmode = \"ambient\"\n", 3, 1,
			`duplicate key cli.mode (first defined at line 2); remove one of them`},
		{"duplicate table", "[cli]\n\n[session]\n[cli]\n", 4, 2,
			`duplicate key cli (first defined at line 1); remove one of them`},
		{"allow outside allowlist", "[cli]\nmode = \"disabled\"\nallow = [\"git\"]\n", 3, 1,
			`cli.allow is only used when cli.mode = "allowlist", but cli.mode is "disabled"; set mode = "allowlist" (toolplane cli mode allowlist) or remove allow`},
		{"allow with default mode", "[cli]\nallow = [\"git\"]\n", 2, 1,
			`cli.allow is only used when cli.mode = "allowlist", but cli.mode is "disabled"; set mode = "allowlist" (toolplane cli mode allowlist) or remove allow`},
		{"empty allowlist", "[cli]\nmode = \"allowlist\"\nallow = []\n", 2, 1,
			`cli.mode = "allowlist" with an empty cli.allow allows nothing; add binaries (toolplane cli allow BIN) or set mode = "disabled"`},
		{"path in allowlist", "[cli]\nmode = \"allowlist\"\nallow = [\"../bin/sh\"]\n", 3, 1,
			`cli.allow: "../bin/sh" is not a bare binary name (no paths, spaces or shell characters); list the name and let PATH resolve it`},
		{"server with command and url", "[mcp.servers.fs]\ncommand = \"x\"\nurl = \"https://x.test\"\n", 1, 14,
			`MCP server "fs" has both command and url; keep command for a local (stdio) server or url for a remote one`},
		{"server with neither", "# servers\n[mcp.servers.fs]\nlabels = { team = \"a\" }\n", 2, 14,
			`MCP server "fs" needs either command (a local stdio server) or url (a remote server)`},
		{"headers on stdio server", "[mcp.servers.fs]\ncommand = \"x\"\nheaders = { A = \"env://A\" }\n", 3, 1,
			`MCP server "fs": headers applies only to url servers; pass credentials to a command through env`},
		{"stdio transport on url", "[mcp.servers.fs]\nurl = \"https://x.test\"\ntransport = \"stdio\"\n", 3, 1,
			`MCP server "fs" has a url, so its transport is http or sse, not stdio; use command for a stdio server`},
		{"relative url", "[mcp.servers.fs]\nurl = \"x.test/mcp\"\n", 2, 1,
			`MCP server "fs": url "x.test/mcp" must be an absolute http:// or https:// URL`},
		{"credentials in url", "[mcp.servers.fs]\nurl = \"https://me:hunter2@x.test/mcp\"\n", 2, 1,
			`MCP server "fs": url carries credentials (user:password@); remove them and send them as a header, e.g. headers = { Authorization = "keyring://NAME" }`},
		{"bad pass_env", "[mcp.servers.fs]\ncommand = \"x\"\npass_env = [\"A=B\"]\n", 3, 1,
			`MCP server "fs": pass_env: "A=B" is not an environment variable name (letters, digits and '_', not starting with a digit)`},
		{"pass_env on url", "[mcp.servers.fs]\nurl = \"https://x.test\"\npass_env = [\"HOME\"]\n", 3, 1,
			`MCP server "fs": pass_env applies only to command (stdio) servers`},
		{"bad isolation", "[mcp.servers.fs]\ncommand = \"x\"\nisolation = \"off\"\n", 3, 1,
			`MCP server "fs": isolation "off": want "landlock" (the default: a Landlock domain of its own) or "none"`},
		{"isolation on url", "[mcp.servers.fs]\nurl = \"https://x.test\"\nisolation = \"none\"\n", 3, 1,
			`MCP server "fs": isolation applies only to command (stdio) servers`},
		{"bad server name", "[mcp.servers.\"a/b\"]\ncommand = \"x\"\n", 1, 14,
			`MCP server name "a/b" must start with a letter and contain only letters, digits, '_' and '-' (it becomes part of capability ids)`},
		{"bad secret reference", "[mcp.servers.x]\nurl = \"https://x.test\"\nheaders = { Authorization = \"env://\" }\n", 3, 29,
			`mcp.servers.x.headers.Authorization: secret reference env:// names nothing: write env://NAME`},
		{"bad alias", "[mcp.servers.x]\ncommand = \"x\"\ntools.read = { alias = \"1read\" }\n", 3, 16,
			`alias "1read" of tool "read" is not a Python identifier (letters, digits, '_', not starting with a digit)`},
		{"keyword alias", "[mcp.servers.x]\ncommand = \"x\"\ntools.read = { alias = \"class\" }\n", 3, 16,
			`alias "class" of tool "read" is a Python keyword (or only underscores), which no snippet can name; choose another`},
		{"two tools under one name", "[mcp.servers.x]\ncommand = \"x\"\ntools.a = { alias = \"b\" }\ntools.b = {}\n", 4, 7,
			`MCP server "x": tools "a" and "b" are both named "b"; change an alias or disable one`},
		{"settings of a binary not allowed", "[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\n[cli.binaries.gti]\ndeny_args = [\"--force\"]\n", 4, 15,
			`[cli.binaries.gti]: gti is not in cli.allow, so its settings apply to nothing; did you mean "git"?`},
		{"bad label value", "[mcp.servers.x]\ncommand = \"x\"\nlabels = { team = \"a b\" }\n", 3, 12,
			`mcp.servers.x.labels: label team: label value "a b" must be at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit`},
		{"entry larger than total", "[results]\nmax_total_bytes = \"1MiB\"\n", 1, 2,
			`results.max_entry_bytes (8MiB) exceeds results.max_total_bytes (1MiB)`},
		{"run cap per token over all", "[session]\nmax_concurrent_runs = 4\nmax_concurrent_runs_per_token = 8\n", 3, 1,
			`session.max_concurrent_runs_per_token (8) exceeds session.max_concurrent_runs (4)`},
		{"negative run cap", "[session]\nmax_concurrent_runs_per_token = -1\n", 2, 1,
			`session.max_concurrent_runs_per_token must be positive (or 0 to derive it from the host's CPUs), got -1`},
		{"no run queue wait", "[session]\nrun_queue_wait = \"0s\"\n", 2, 1,
			`session.run_queue_wait must be positive (how long a run over a run cap waits for a slot), got 0s`},
		{"negative escalation cooldown", "[cli]\nescalation_cooldown = \"-1s\"\n", 2, 23,
			`cli.escalation_cooldown: invalid duration "-1s": must not be negative`},
		// Written "0s" was silently the default while config check showed 0s.
		{"zero cli timeout", "[cli]\ntimeout = \"0s\"\n", 2, 1,
			`cli.timeout = "0s" is not a setting: it must be positive; remove the key for its default`},
		{"zero idle timeout", "[session]\nidle_timeout = \"0s\"\n", 2, 1,
			`session.idle_timeout = "0s" is not a setting: it must be positive; remove the key for its default`},
		{"zero server timeout", "[mcp.servers.x]\ncommand = \"x\"\ntimeout = \"0s\"\n", 3, 1,
			`mcp.servers.x.timeout = "0s" is not a setting: it must be positive; remove the key for its default`},
		{"zero startup timeout", "[mcp.servers.x]\ncommand = \"x\"\nstartup_timeout = \"0s\"\n", 3, 1,
			`mcp.servers.x.startup_timeout = "0s" is not a setting: it must be positive; remove the key for its default`},
		{"zero results ttl", "[results]\nttl_seconds = 0\n", 2, 1,
			`results.ttl_seconds = 0 is not a setting: the default stands for it; remove the key for its default, or write the value you mean`},
		{"zero audit max_files", "[audit]\nmax_files = 0\n", 2, 1,
			`audit.max_files = 0 is not a setting: the default stands for it; remove the key for its default, or write the value you mean`},
		// Serve refused these without a line; config check said valid.
		{"cli env name with =", "[cli]\nenv = { \"LD_PRELOAD=/tmp/e\" = \".so\" }\n", 2, 9,
			`cli.env: "LD_PRELOAD=/tmp/e" is not an environment variable name (no '=', not empty)`},
		{"empty cli pass_env", "[cli]\npass_env = [\"\"]\n", 2, 1,
			`cli.pass_env: "" is not an environment variable name (letters, digits and '_', not starting with a digit)`},
		// Failed every request at connect time, not at load.
		{"bad header name", "[mcp.servers.x]\nurl = \"https://x.test\"\nheaders = { \"X B\" = \"c\" }\n", 3, 13,
			"mcp.servers.x.headers: \"X B\" is not a header name (letters, digits and !#$%&'*+-.^_`|~)"},
		{"header value with a newline", "[audit.http]\nheaders = { \"X-C\" = \"a\\nb\" }\n", 2, 13,
			`audit.http.headers.X-C: the value holds a control character (a newline, say), which no header may carry (the value is not shown)`},
		{"audit header that is no header", "[audit]\nheaders = [\"X Team\"]\n", 2, 1,
			"audit.headers lists \"X Team\", which is not a header name (letters, digits and !#$%&'*+-.^_`|~)"},
		{"no budget wait", "[session]\nbudget_wait = \"0s\"\n", 2, 1,
			`session.budget_wait must be positive (how long a run that does not fit the memory budget waits for memory), got 0s`},
		{"syntax error", "[cli]\nmode = = 1\n", 2, 8,
			`unexpected character U+003D '=' at start of value`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := writeConfig(t, tc.doc)
			_, err := Load(path)
			if err == nil {
				t.Fatalf("Load succeeded; want an error at %d:%d", tc.line, tc.col)
			}
			errs := AsErrors(err)
			if len(errs) != 1 {
				t.Fatalf("got %d errors, want 1:\n%v", len(errs), err)
			}
			got := errs[0]
			want := &Error{File: path, Line: tc.line, Col: tc.col, Msg: tc.msg, Key: got.Key}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			if wantText := path + ":" + strconv.Itoa(tc.line) + ":" + strconv.Itoa(tc.col) + ": " + tc.msg; err.Error() != wantText {
				t.Errorf("Error() = %q\nwant      %q", err.Error(), wantText)
			}
		})
	}
}

// TestLoadReportsEveryUnknownKey: unknown keys do not stop decoding, so a
// file with several typos lists all of them, in file order.
func TestLoadReportsEveryUnknownKey(t *testing.T) {
	t.Parallel()
	path := writeConfig(t, "[cli]\nmod = \"disabled\"\n[session]\nenabeld = true\n")
	_, err := Load(path)
	want := path + ":2:1: unknown key \"mod\" in [cli]; did you mean \"mode\"?\n" +
		path + ":4:1: unknown key \"enabeld\" in [session]; did you mean \"enabled\"?"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

// TestLoadReportsEveryProblem: the decoder stops at the first wrong
// value, so config check named one problem and a user fixed a file one
// error at a time. Every wrong value, unknown key, duplicate and failed
// check is now reported at once, each with its line, column and key, in
// file order; a check that would judge a default standing in for a wrong
// value or a misspelt key (cli.allow against a mode that did not decode,
// a server whose command is misspelt) is not reported. A syntax error
// ends what is read: what comes before it is reported, nothing after.
func TestLoadReportsEveryProblem(t *testing.T) {
	t.Parallel()
	doc := `[cli]
mode = 5
allow = ["git", "a/b"]
timeout = 5
max_output_bytes = "lots"

[session]
max_memory_mb = -1
idle_timeout = "forever"

[results]
max_total_bytes = "1MiB"
max_entry_bytes = "2MiB"

[mcp.servers.x]
commnd = "x"
labels = { team = "a b" }

[mcp.servers.y]
url = "https://y.test"
headers = { A = 1 }
timeout = "1m"
timeout = "2m"

[log]
level = "loud"
`
	path := writeConfig(t, doc)
	_, err := Load(path)
	want := []string{
		"2:8: wrong type for cli.mode: got an integer, want a string",
		`3:1: cli.allow: "a/b" is not a bare binary name (no paths, spaces or shell characters); list the name and let PATH resolve it`,
		`4:11: wrong type for cli.timeout: got an integer, want a duration string like "30s"`,
		`5:20: cli.max_output_bytes: invalid size "lots": want an integer number of bytes or a string like "8MiB"`,
		"8:1: session.max_memory_mb must be positive, got -1",
		`9:16: session.idle_timeout: invalid duration "forever": want a string like "30s", "5m" or "1h30m"`,
		"13:1: results.max_entry_bytes (2MiB) exceeds results.max_total_bytes (1MiB)",
		`16:1: unknown key "commnd" in [mcp.servers.x]; did you mean "command"?`,
		`17:12: mcp.servers.x.labels: label team: label value "a b" must be at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit`,
		"21:17: wrong type for mcp.servers.y.headers.A: got an integer, want a string",
		"23:1: duplicate key mcp.servers.y.timeout (first defined at line 22); remove one of them",
		`26:9: log.level: invalid value "loud": want one of "debug", "info", "warn", "error"`,
	}
	for i := range want {
		want[i] = path + ":" + want[i]
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Fatalf("got\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
	for _, e := range AsErrors(err) {
		if e.Key == "" {
			t.Errorf("%v: names no key", e)
		}
	}

	// Before a syntax error, every problem; past it, none.
	path = writeConfig(t, "[cli]\ntimeout = 5\n[session]\nmax_memory_mb = \"a\"\nx = = 1\nidle_timeout = 3\n")
	_, err = Load(path)
	want = []string{
		path + `:2:11: wrong type for cli.timeout: got an integer, want a duration string like "30s"`,
		path + ":4:17: wrong type for session.max_memory_mb: got a string, want an integer",
		path + ":5:5: unexpected character U+003D '=' at start of value",
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Fatalf("got\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
}

// TestURLErrorsHideCredentials: a url refused by config check was echoed
// as written, so its password reached the terminal, CI logs and the
// server's startup error whenever it did not parse (an MCP server's url)
// or always (audit.http.url, refused for carrying credentials).
func TestURLErrorsHideCredentials(t *testing.T) {
	t.Parallel()
	for _, u := range []string{
		"https://user:hunter2-secret@h ost/mcp", // does not parse
		"ftp://user:hunter2-secret@host/mcp",
		"user:hunter2-secret@host/mcp", // no scheme: the user is taken for one
		"https://user:hunt@er2-secret@host/mcp",
		"https://user:hunter2-secret/x@host/mcp",
	} {
		for _, doc := range []string{
			fmt.Sprintf("[mcp.servers.y]\nurl = %q\n", u),
			fmt.Sprintf("[audit]\nsinks = [\"http\"]\n[audit.http]\nurl = %q\n", u),
		} {
			_, err := Load(writeConfig(t, doc))
			if err == nil || !strings.Contains(err.Error(), "url") {
				t.Fatalf("%s: Load = %v, want the url refused", doc, err)
			}
			if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "er2-secret") {
				t.Errorf("the error shows the url's password:\n%v", err)
			}
		}
	}
}

func TestLoadFull(t *testing.T) {
	t.Parallel()
	path := writeConfig(t, `
[toolplane]
default_backend = "local_unsafe"
[cli]
mode = "allowlist"
allow = ["git", "rg"]
escalate = true
timeout = "5s"
max_output_bytes = 65536
env = { GIT_PAGER = "cat", TOKEN = "env://GH_TOKEN" }
[cli.binaries.git]
labels = { risk = "low" }
[session]
budget_wait = "2m"
[results]
max_total_bytes = "64MiB"
[mcp.servers.fs]
command = "npx"
args = ["-y", "server-fs", "/tmp"]
startup = "eager"
timeout = "1m"
[mcp.servers.fs.tools.write_file]
disabled = true
[mcp.servers.linear]
url = "https://mcp.linear.app/mcp"
auth = "oauth"
headers = { "X-Team" = "keyring://linear-team" }
labels = { team = "core" }
`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Path = path
	want.Toolplane.DefaultBackend = BackendLocalUnsafe
	want.CLI = CLIConfig{
		Mode: CLIAllowlist, Allow: []string{"git", "rg"}, Escalate: true, EscalationCooldown: Duration{time.Minute},
		Timeout: Duration{5 * time.Second}, MaxOutputBytes: 65536,
		Env:      map[string]Secret{"GIT_PAGER": "cat", "TOKEN": "env://GH_TOKEN"},
		Binaries: map[string]CLIBinaryConfig{"git": {Labels: map[string]string{"risk": "low"}}},
	}
	want.Session.BudgetWait = Duration{2 * time.Minute}
	want.Results.MaxTotalBytes = 64 * MiB
	want.MCP.Servers = map[string]MCPServer{
		"fs": {Command: "npx", Args: []string{"-y", "server-fs", "/tmp"}, Startup: StartupEager,
			Timeout: Duration{time.Minute}, Tools: map[string]ToolOverride{"write_file": {Disabled: true}}},
		"linear": {URL: "https://mcp.linear.app/mcp", Auth: AuthOAuth,
			Headers: map[string]Secret{"X-Team": "keyring://linear-team"}, Labels: map[string]string{"team": "core"}},
	}
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("config mismatch (-want +got):\n%s", diff)
	}
	if got, want := cfg.NeedsUnsafe(), []string{`toolplane.default_backend = "local_unsafe"`}; !cmp.Equal(got, want) {
		t.Errorf("NeedsUnsafe = %q, want %q", got, want)
	}
	if got := cfg.MCP.Servers["linear"].EffectiveTransport(); got != TransportHTTP {
		t.Errorf("linear transport = %q, want http", got)
	}
	if got := cfg.MCP.Servers["fs"].EffectiveTransport(); got != TransportStdio {
		t.Errorf("fs transport = %q, want stdio", got)
	}
}

func TestStarterIsSafeAndValid(t *testing.T) {
	t.Parallel()
	cfg, err := Load(writeConfig(t, Starter))
	if err != nil {
		t.Fatalf("the starter config does not load: %v", err)
	}
	def := Default()
	def.Path = cfg.Path
	if diff := cmp.Diff(def, cfg); diff != "" {
		t.Errorf("starter differs from Default (-default +starter):\n%s", diff)
	}
	if u := cfg.NeedsUnsafe(); len(u) != 0 {
		t.Errorf("starter needs --unsafe: %q", u)
	}
}

func TestNeedsUnsafeAmbient(t *testing.T) {
	t.Parallel()
	cfg, err := Load(writeConfig(t, "[cli]\nmode = \"ambient\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := cfg.NeedsUnsafe(), []string{`cli.mode = "ambient"`}; !cmp.Equal(got, want) {
		t.Errorf("NeedsUnsafe = %q, want %q", got, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	_, err := Load(path)
	if err == nil || err.Error() != path+": no such file; create one with `toolplane init` or pass --config PATH" || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %v; want a not-exist error that suggests toolplane init", err)
	}
}

// TestLoadHostileShapes: files shaped to make the loader's work or memory
// grow without bound (key paths thousands of parts long, tens of thousands
// of unknown keys) are refused quickly with file:line and the key; a file
// at the bounds (32 parts, 20 unknown keys) is judged as before.
func TestLoadHostileShapes(t *testing.T) {
	t.Parallel()
	unknown := func(n int) string {
		var b strings.Builder
		b.WriteString("[session]\n")
		for i := range n {
			fmt.Fprintf(&b, "k%d = 1\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct{ name, doc, want string }{
		{"inline tables", "a = " + strings.Repeat("{b = ", 5000) + "1" + strings.Repeat("}", 5000), ":1:161: key a.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b.b has more than 32 parts"},
		{"dotted header", "[" + strings.TrimSuffix(strings.Repeat("x.", 50000), ".") + "]\n", ":1:2: key x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x has more than 32 parts"},
		{"dotted key under a header", "[plugins]\n" + strings.TrimSuffix(strings.Repeat("y.", 40), ".") + " = 1\n", ":2:1: key plugins.y.y"},
		{"at the bound", "[" + strings.TrimSuffix(strings.Repeat("z.", 32), ".") + "]\n", `:1:64: unknown key "z" in [z.z.z`},
		{"many unknown keys", unknown(20000), ":21:1: unknown key \"k19\" in [session]"},
		{"twenty unknown keys", unknown(20), ":21:1: unknown key \"k19\" in [session]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := writeConfig(t, tc.doc)
			_, err := Load(path)
			if err == nil || !strings.Contains(err.Error(), path+tc.want) {
				t.Fatalf("got %.600v\nwant %s", err, tc.want)
			}
			more := strings.Contains(err.Error(), "and more unknown keys")
			if want := tc.name == "many unknown keys"; more != want {
				t.Errorf("the error says there are more unknown keys: %v, want %v", more, want)
			}
			if n := len(AsErrors(err)); n > maxUnknownKeys+1 {
				t.Errorf("%d errors", n)
			}
		})
	}
}

// TestEscalationCooldown: the cool-down after a declined escalation is on
// by default, and a written "0s" is a setting (off), not the default.
func TestEscalationCooldown(t *testing.T) {
	t.Parallel()
	if d := Default().CLI.EscalationCooldown.Duration; d != 60*time.Second {
		t.Errorf("default cli.escalation_cooldown = %s, want 60s", d)
	}
	cfg, err := Load(writeConfig(t, "[cli]\nescalation_cooldown = \"0s\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d := cfg.CLI.EscalationCooldown.Duration; d != 0 {
		t.Errorf("written \"0s\" loads as %s", d)
	}
}
