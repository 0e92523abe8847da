package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionFlag: `toolplane --version` prints what `toolplane version`
// prints.
func TestVersionFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	flag := runBinary(t, dir, nil, "--version")
	verb := runBinary(t, dir, nil, "version")
	if flag.code != 0 || flag.stderr != "" || !strings.HasPrefix(flag.stdout, "toolplane ") {
		t.Fatalf("--version: %+v", flag)
	}
	if flag.stdout != verb.stdout {
		t.Errorf("--version printed %q, version %q", flag.stdout, verb.stdout)
	}
	if r := runBinary(t, dir, nil, "help"); !strings.Contains(r.stdout, "--version") {
		t.Errorf("help does not list --version:\n%s", r.stdout)
	}
}

// TestCompletionVisible: `toolplane completion` is listed in help and
// prints a script for each shell.
func TestCompletionVisible(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := runBinary(t, dir, nil, "help")
	if !strings.Contains(r.stdout, "\n  completion ") {
		t.Errorf("help does not list completion:\n%s", r.stdout)
	}
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		r := runBinary(t, dir, nil, "completion", shell)
		if r.code != 0 || !strings.Contains(r.stdout, "toolplane") || r.stderr != "" {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", shell, r.code, len(r.stdout), r.stderr)
		}
	}
}

// jsonConfig has a server with a literal env value, a server renamed in
// snippets, an allowed binary, and an [http] token whose variable is set
// only when the test says so.
const jsonConfig = `[cli]
mode = "allowlist"
allow = ["git"]

[mcp.servers.fs]
command = "npx"
args = ["-y", "fs-server"]
env = { TOKEN = "env://FS_TOKEN", LITERAL = "literal-value-never-shown" }

[mcp.servers.logging]
url = "https://logs.example/mcp"
auth = "oauth"

[http.tokens.ci]
token = "env://TP_JSON_CI_TOKEN"
allow = "source=go"
`

// TestJSONOutputs: config check, mcp list and secret list print one JSON
// document with --json, holding what the text says, and never a
// literal secret.
func TestJSONOutputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(jsonConfig), 0o600)

	r := runTP(t, dir, nil, "", "config", "check", "--config", "tp.toml", "--json")
	var check checkSummary
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &check) != nil {
		t.Fatalf("config check --json: %+v", r)
	}
	if check.Config != "tp.toml" || !check.Valid || check.Backend != "embedded" || check.CLI.Mode != "allowlist" ||
		len(check.CLI.Binaries) != 1 || check.CLI.Binaries[0].Name != "git" || check.CLI.Binaries[0].Policy == "" {
		t.Errorf("config check --json: %+v", check)
	}
	if len(check.MCP) != 2 || check.MCP[0].Name != "fs" || check.MCP[1].Namespace != "logging_" || check.MCP[1].Auth != "oauth" {
		t.Errorf("config check --json servers: %+v", check.MCP)
	}
	if check.HTTP == nil || len(check.HTTP.Tokens) != 1 || check.HTTP.Tokens[0].Set || check.HTTP.Tokens[0].Token != "env://TP_JSON_CI_TOKEN" {
		t.Errorf("config check --json http: %+v", check.HTTP)
	}
	if len(check.Notes) != 1 || !strings.Contains(check.Notes[0].Text, "TP_JSON_CI_TOKEN") {
		t.Errorf("config check --json notes: %+v", check.Notes)
	}

	r = runTP(t, dir, nil, "", "mcp", "list", "--config", "tp.toml", "--json", "--tools")
	var servers []serverJSON
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &servers) != nil {
		t.Fatalf("mcp list --json: %+v", r)
	}
	if len(servers) != 2 || servers[0].Command != "npx" || servers[0].Env["TOKEN"] != "env://FS_TOKEN" ||
		servers[0].Tools == nil || servers[0].Tools.Known || servers[1].URL != "https://logs.example/mcp" {
		t.Errorf("mcp list --json: %s", r.stdout)
	}

	runTP(t, dir, nil, "v1", "secret", "set", "b-name")
	runTP(t, dir, nil, "v2", "secret", "set", "a-name")
	r = runTP(t, dir, nil, "", "secret", "list", "--json")
	var list struct {
		Store string   `json:"store"`
		Names []string `json:"names"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &list) != nil || strings.Join(list.Names, ",") != "a-name,b-name" || !strings.Contains(list.Store, "encrypted files") {
		t.Errorf("secret list --json: %+v", r)
	}
	for _, out := range []string{r.stdout, runTP(t, dir, nil, "", "config", "check", "--config", "tp.toml", "--json").stdout,
		runTP(t, dir, nil, "", "mcp", "list", "--config", "tp.toml", "--json").stdout} {
		for _, secret := range []string{"literal-value-never-shown", "v1", "v2"} {
			if strings.Contains(out, `"`+secret+`"`) {
				t.Errorf("a --json output shows the secret %q:\n%s", secret, out)
			}
		}
	}

	// An empty store is an empty list, not a message.
	other := t.TempDir()
	if r = runTP(t, other, nil, "", "secret", "list", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"names": []`) {
		t.Errorf("secret list --json of an empty store: %+v", r)
	}
}

// TestUnsetHTTPTokenSecret: config check and doctor say when an [http]
// token's secret is not set here (serve over HTTP would refuse to start),
// for env:// and keyring:// references, and stay quiet once it is set;
// anonymous access without [http.anonymous] allow is flagged too.
func TestUnsetHTTPTokenSecret(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := `[http]
allow_anonymous = true

[http.tokens.ci]
token = "env://TP_UNSET_CI_TOKEN"
allow = "source=go"

[http.tokens.ops]
token = "keyring://ops-token"
allow = "source=mcp"
`
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(doc), 0o600)
	for _, verb := range [][]string{{"config", "check"}, {"doctor"}} {
		r := runTP(t, dir, nil, "", append(verb, "--config", "tp.toml")...)
		for _, want := range []string{
			"[http.tokens.ci] token env://TP_UNSET_CI_TOKEN is not set here, so `serve mcp --transport http` refuses to start: export TP_UNSET_CI_TOKEN=",
			"[http.tokens.ops] token keyring://ops-token is not set here",
			"`toolplane secret set ops-token`",
			"[http.anonymous] has no allow",
		} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%s: output lacks %q:\n%s", verb, want, r.stdout)
			}
		}
	}
	runTP(t, dir, nil, "ops-secret", "secret", "set", "ops-token")
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(doc+"[http.anonymous]\nallow = \"name=greet\"\n"), 0o600)
	for _, verb := range [][]string{{"config", "check"}, {"doctor"}} {
		r := runTP(t, dir, []string{"TP_UNSET_CI_TOKEN=x"}, "", append(verb, "--config", "tp.toml")...)
		if strings.Contains(r.stdout, "is not set here") || strings.Contains(r.stdout, "has no allow") {
			t.Errorf("%s with every token set: %s", verb, r.stdout)
		}
	}
}

// TestRunsVerb: `toolplane runs` shows the runs `toolplane run` recorded
// in the audit log with their capability calls (and as JSON), escapes
// what the file holds, and says how to turn the log on when it is off.
func TestRunsVerb(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logPath := filepath.Join(dir, "audit.jsonl")
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte("[cli]\nmode = \"allowlist\"\nallow = [\"printf\", \"false\"]\n\n[audit]\nenabled = true\npath = \""+logPath+"\"\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "ok.py"), []byte("a = await printf(\"x\")\nb = await printf(\"y\")\nreturn a.stdout + b.stdout\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "bad.py"), []byte("await false()\n"), 0o600)
	if r := runTP(t, dir, nil, "", "run", "--config", "tp.toml", "ok.py"); r.code != 0 {
		t.Fatalf("run ok.py: %+v", r)
	}
	if r := runTP(t, dir, nil, "", "run", "--config", "tp.toml", "bad.py"); r.code != 1 {
		t.Fatalf("run bad.py: %+v", r)
	}
	r := runTP(t, dir, nil, "", "runs", "--config", "tp.toml")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 5 {
		t.Fatalf("runs: %+v", r)
	}
	for i, want := range []string{"  ok  ", "cli:printf", "cli:printf", "  error CLIError  ", "cli:false"} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("runs line %d = %q, want %q in it", i, lines[i], want)
		}
	}
	if !strings.Contains(lines[0], "2 calls") || !strings.HasPrefix(lines[1], "    ") {
		t.Errorf("runs:\n%s", r.stdout)
	}

	r = runTP(t, dir, nil, "", "runs", "--config", "tp.toml", "--json", "--limit", "1")
	var recent struct {
		Runs []struct {
			ID    string `json:"run_id"`
			Calls []struct {
				Capability string `json:"capability"`
			} `json:"calls"`
			End *struct {
				ErrorType string `json:"error_type"`
			} `json:"end"`
		} `json:"runs"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &recent) != nil || len(recent.Runs) != 1 || recent.Runs[0].End == nil ||
		recent.Runs[0].End.ErrorType != "CLIError" || len(recent.Runs[0].Calls) != 1 || recent.Runs[0].Calls[0].Capability != "cli:false" {
		t.Errorf("runs --json --limit 1: %+v", r)
	}

	// What the file holds is shown escaped: a line cannot move the cursor.
	f, _ := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"ts":"2026-12-01T00:00:00Z","event":"run_start","run_id":"run_evil","backend":"embedded","subject":"\u001b[2J\u001b[Hforged"}` + "\n")
	f.Close()
	r = runTP(t, dir, nil, "", "runs", "--config", "tp.toml")
	if r.code != 0 || strings.Contains(r.stdout, "\x1b") || !strings.Contains(r.stdout, `subject \x1b[2J\x1b[Hforged`) {
		t.Errorf("a forged subject is not escaped:\n%q", r.stdout)
	}

	os.WriteFile(filepath.Join(dir, "off.toml"), nil, 0o600)
	if r = runTP(t, dir, nil, "", "runs", "--config", "off.toml"); r.code != 1 || !strings.Contains(r.stderr, "[audit] enabled = true") {
		t.Errorf("runs with the audit log off: %+v", r)
	}
	if r = runTP(t, dir, nil, "", "runs", "--config", "tp.toml", "--limit", "0"); r.code != 2 {
		t.Errorf("runs --limit 0: %+v", r)
	}
}
