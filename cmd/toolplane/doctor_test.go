package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/isolate"
)

// writeExe writes an executable shell script.
func writeExe(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestDoctor runs doctor with a PATH holding only a fake git and npx, so
// what is missing is known: python3 (local_unsafe), rg (allowlisted), node
// (for npx) and a server command.
func TestDoctor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	writeExe(t, filepath.Join(bin, "git"), "exit 0")
	writeExe(t, filepath.Join(bin, "npx"), "exit 0")
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(`# my config
[toolplane]
default_backend = "local_unsafe"

[cli]
mode = "allowlist"
allow = ["git", "rg"]

[mcp.servers.fs]
command = "npx"
args = ["-y", "server-filesystem"]
env = { TOKEN = "env://FS_TOKEN_UNSET" }

[mcp.servers.gone]
command = "no-such-server"
cwd = "/no/such/dir"

[mcp.servers.linear]
url = "https://mcp.linear.test/mcp"
auth = "oauth"
`), 0o600)
	r := runTP(t, dir, []string{"PATH=" + bin}, "", "doctor", "--config", "tp.toml")
	if r.code != 1 || r.stderr != "doctor: 5 check(s) failed; see the FAIL lines above for the fixes\n" {
		t.Fatalf("doctor: %+v", r)
	}
	store := filepath.Join(dir, "home", ".toolplane", "credentials", "toolplane")
	want := []string{
		"ok    config: tp.toml is valid",
		`warn  serve: toolplane.default_backend = "local_unsafe" lets snippets act outside the sandbox, so ` + "`toolplane serve mcp` needs --unsafe  (pass --unsafe, or change the setting)",
		"ok    secret store: encrypted files in " + store,
		"FAIL  backend local_unsafe: local_unsafe: no Python interpreter \"python3\"",
		"ok    cli: git is " + filepath.Join(bin, "git"),
		"FAIL  cli: allowlisted binary rg is not on PATH  (install rg, or `toolplane cli disallow rg`)",
		`FAIL  mcp fs: command "npx" needs node, which is not on PATH: install it`,
		"warn  mcp fs: env.TOKEN: secret env://FS_TOKEN_UNSET: environment variable FS_TOKEN_UNSET is not set",
		`FAIL  mcp gone: cwd "/no/such/dir" is not a directory`,
		`FAIL  mcp gone: command "no-such-server" not found on PATH`,
		"ok    mcp linear: http https://mcp.linear.test/mcp",
		"warn  mcp linear: needs login  (run `toolplane mcp login linear`)",
	}
	checks, posture, ok := strings.Cut(r.stdout, "\ntrust posture:\n")
	if !ok || !strings.Contains(posture, "ok    config: tp.toml (named with --config)\n") {
		t.Errorf("no trust posture section, or no config line in it:\n%s", r.stdout)
	}
	if !strings.Contains(posture, "sessions: memory budget ") || !strings.Contains(posture, "max_retained_mb_per_token") {
		t.Errorf("the trust posture does not state the sessions' memory budget:\n%s", posture)
	}
	if !strings.Contains(posture, "ok    cli: git has a built-in argument policy\n") {
		t.Errorf("the trust posture does not state git's argument policy:\n%s", posture)
	}
	var lines, sandbox, children []string
	for _, l := range strings.Split(strings.TrimSuffix(checks, "\n"), "\n") {
		_, rest, _ := strings.Cut(l, "  ")
		switch rest = strings.TrimSpace(rest); {
		case strings.HasPrefix(rest, "sandbox: "):
			sandbox = append(sandbox, l)
			continue
		case strings.HasPrefix(rest, "children"):
			children = append(children, l)
			continue
		}
		lines = append(lines, l)
	}
	// The stdio servers and git are started apart from each other, or the
	// line says why not.
	wantChildren := "warn  children (stdio server fs, stdio server gone, cli (allowlist)): not in force: "
	if ok, _ := isolate.Check(); ok {
		wantChildren = "ok    children: Landlock ABI "
	}
	if len(children) != 1 || !strings.HasPrefix(children[0], wantChildren) {
		t.Errorf("want one line starting %q, got %q", wantChildren, children)
	}
	// serve mcp isolates snippets by default: a worker starts and each of
	// its confinement measures is listed, in force or with why not.
	for i, name := range []string{"landlock", "rlimits", "no_new_privs", "parent_death_signal", "environment", "seccomp", "threads"} {
		if i >= len(sandbox) || !strings.Contains(sandbox[i], "sandbox: "+name+": ") {
			t.Errorf("sandbox line %d is not about %s:\n%s", i+1, name, strings.Join(sandbox, "\n"))
		} else if runtime.GOOS == "linux" && name != "landlock" && name != "threads" && !strings.HasPrefix(sandbox[i], "ok ") {
			t.Errorf("on Linux %s is not in force: %s", name, sandbox[i])
		}
	}
	if len(lines) != len(want) {
		t.Fatalf("doctor printed %d lines, want %d:\n%s", len(lines), len(want), r.stdout)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d:\n got %s\nwant %s...", i+1, lines[i], w)
		}
	}
	if !strings.Contains(lines[3], "(install python3") {
		t.Errorf("python3 line has no fix: %s", lines[3])
	}

	// A config that does not decode is one FAIL line with its position.
	os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("[cli]\nmode = \"allowlist\"\nalow = [\"git\"]\n"), 0o600)
	r = runTP(t, dir, nil, "", "doctor", "--config", "bad.toml")
	if r.code != 1 || !strings.HasPrefix(r.stdout, `FAIL  config: bad.toml:3:1: unknown key "alow" in [cli]; did you mean "allow"?`) {
		t.Fatalf("doctor on a bad config: %+v", r)
	}
}

// TestDoctorPyodideMissing: the pyodide-deno backend without its install
// fails with the install script as the fix, and serve refuses to boot.
func TestDoctorPyodideMissing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "toolplane.toml"), []byte("[toolplane]\ndefault_backend = \"pyodide-deno\"\n"), 0o600)
	trustHere(t, dir)
	empty := filepath.Join(dir, "pyodide")
	env := []string{"TOOLPLANE_PYODIDE_DIR=" + empty}
	r := runTP(t, dir, env, "", "doctor")
	if r.code != 1 || !strings.Contains(r.stdout, "FAIL  backend pyodide-deno: ") || !strings.Contains(r.stdout, "(bash scripts/install-pyodide.sh "+empty+")") {
		t.Fatalf("doctor: %+v", r)
	}
	r = runTP(t, dir, env, "", "serve", "mcp")
	if r.code != 1 || !strings.Contains(r.stderr, `toolplane.toml: [toolplane] default_backend = "pyodide-deno": pyodide-deno: `) || !strings.Contains(r.stderr, "bash scripts/install-pyodide.sh") {
		t.Fatalf("serve: %+v", r)
	}
}

// TestMCPStatusStdio: a server that works (toolplane itself, serving MCP)
// and one that dies at start, whose stderr status shows.
func TestMCPStatusStdio(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "empty.toml"), nil, 0o600)
	os.WriteFile(filepath.Join(dir, "toolplane.toml"), []byte(`[mcp.servers.self]
command = "`+binary+`"
args = ["serve", "mcp", "--config", "empty.toml"]
cwd = "`+dir+`"

[mcp.servers.crash]
command = "sh"
args = ["-c", "echo 'boom: missing API key' >&2; exit 3"]
`), 0o600)
	trustHere(t, dir)
	r := runTP(t, dir, nil, "", "mcp", "list", "--tools")
	if r.code != 0 || !strings.HasSuffix(r.stdout, "\ncrash: tools not known yet (`toolplane mcp status crash` lists them)\nself: tools not known yet (`toolplane mcp status self` lists them)\n") {
		t.Fatalf("list --tools before status: %+v", r)
	}
	r = runTP(t, dir, nil, "", "mcp", "status", "--json")
	var st []mcpStatusJSON
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
		t.Fatalf("status --json: %+v", r)
	}
	if r.code != 1 || !strings.Contains(r.stderr, "1 of 2 server(s) not ok") || len(st) != 2 {
		t.Fatalf("status: %+v", r)
	}
	crash, self := st[0], st[1]
	if crash.State != "error" || !strings.Contains(crash.StderrTail, "boom: missing API key") || crash.Error == "" || crash.Transport != "stdio" {
		t.Errorf("crash: %+v", crash)
	}
	if self.State != "ok" || strings.Join(self.Tools, ",") != "execute_code,get_capability_schemas,search_capabilities" || self.ConnectLatencyMS <= 0 || self.PID == 0 {
		t.Errorf("self: %+v", self)
	}

	// status leaves the tools it listed for list --tools, offline.
	r = runTP(t, dir, nil, "", "mcp", "list", "--tools")
	if r.code != 0 || !strings.Contains(r.stdout, "\nself: 3 tool(s) as of ") || !strings.HasSuffix(r.stdout, ": execute_code, get_capability_schemas, search_capabilities\n") {
		t.Errorf("list --tools after status: %+v", r)
	}

	r = runTP(t, dir, nil, "", "mcp", "status", "crash")
	if r.code != 1 || !strings.HasPrefix(r.stdout, "crash: error\n  target:   stdio sh -c") || !strings.Contains(r.stdout, "    | boom: missing API key\n") {
		t.Errorf("status crash: %+v", r)
	}
	r = runTP(t, dir, nil, "", "mcp", "status", "self")
	if r.code != 0 || !strings.Contains(r.stdout, "  tools:    3: execute_code, get_capability_schemas, search_capabilities\n") || r.stderr != "" {
		t.Errorf("status self: %+v", r)
	}
}

// TestAttackDoctorWarnsCLIInHome: CLI calls that run in $HOME (or /) can
// reach every file of the user's, toolplane's own included; doctor's
// trust posture says so and names [cli] cwd, and says nothing once cwd is
// a project directory.
func TestAttackDoctorWarnsCLIInHome(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, "project"), 0o700); err != nil {
		t.Fatal(err)
	}
	conf := "[cli]\nmode = \"allowlist\"\nallow = [\"cat\"]\n"
	if err := os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(conf+"cwd = \""+home+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runTP(t, dir, nil, "", "doctor", "--config", "tp.toml")
	if !strings.Contains(r.stdout, "warn  cli: calls run in "+home+" (your home directory") || !strings.Contains(r.stdout, "set [cli] cwd to a project directory") {
		t.Errorf("doctor does not warn that CLI calls run in $HOME:\n%s", r.stdout)
	}
	if err := os.WriteFile(filepath.Join(dir, "tp.toml"), []byte(conf+"cwd = \""+filepath.Join(home, "project")+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r = runTP(t, dir, nil, "", "doctor", "--config", "tp.toml")
	if strings.Contains(r.stdout, "cli: calls run in") {
		t.Errorf("doctor warns about a project directory:\n%s", r.stdout)
	}
}

// TestServeWarnsChildrenTogether: where the stdio servers and CLI binaries
// a config starts cannot be kept apart (no Landlock, or toolplane runs as
// root), serve says so at start, naming them; where they can, it says
// nothing.
func TestServeWarnsChildrenTogether(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte("[mcp.servers.fs]\ncommand = \"no-such-server\"\n"), 0o600)
	r := runTP(t, dir, nil, "", "serve", "mcp", "--config", "tp.toml")
	const warning = "the processes it starts for third parties (stdio server fs) are not kept apart: not in force: "
	ok, detail := isolate.Check()
	if got := strings.Contains(r.stderr, warning); got == ok {
		t.Errorf("children kept apart: %v (%s); serve's warnings:\n%s", ok, detail, r.stderr)
	}
	// A server configured out of its domain is named by serve and doctor.
	os.WriteFile(filepath.Join(dir, "tp.toml"), []byte("[mcp.servers.fs]\ncommand = \"no-such-server\"\nisolation = \"none\"\n"), 0o600)
	const shared = "tp.toml: mcp.servers.fs.isolation = \"none\": this server and every other process of your user can read each other's environment (secrets) and memory and signal each other"
	if r := runTP(t, dir, nil, "", "serve", "mcp", "--config", "tp.toml"); !strings.Contains(r.stderr, "toolplane: warning: "+shared) {
		t.Errorf("serve does not warn %q:\n%s", shared, r.stderr)
	}
	if r := runTP(t, dir, nil, "", "doctor", "--config", "tp.toml"); !strings.Contains(r.stdout, "warn  children: "+shared) {
		t.Errorf("doctor does not warn %q:\n%s", shared, r.stdout)
	}
}

// TestLiteralSecretOthersReadWarned: doctor and serve name a literal API
// key in a config file other users can read, with its line and the fix.
func TestLiteralSecretOthersReadWarned(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tp.toml")
	os.WriteFile(path, []byte("[mcp.servers.fs]\ncommand = \"no-such-server\"\nenv = { API_KEY = \"sk-literal\" }\n"), 0o600)
	os.Chmod(path, 0o644)
	const want = "tp.toml:3:19: mcp.servers.fs.env.API_KEY is a literal secret in a file other users can read (-rw-r--r--); run `chmod 600 tp.toml`"
	if r := runTP(t, dir, nil, "", "doctor", "--config", "tp.toml"); !strings.Contains(r.stdout, "warn  config: "+want) {
		t.Errorf("doctor does not warn %q:\n%s", want, r.stdout)
	}
	if r := runTP(t, dir, nil, "", "serve", "mcp", "--config", "tp.toml"); !strings.Contains(r.stderr, "toolplane: warning: "+want) {
		t.Errorf("serve does not warn %q:\n%s", want, r.stderr)
	}
}
