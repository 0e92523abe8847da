package docs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeStep is how TestReadmeCommands checks one command line of the
// README: run it (the exit code it must have, text its output must hold),
// or why it is not run.
type readmeStep struct {
	code int
	says string
	// as, when set, is what runs instead of the line (the same command
	// through this test's binary).
	as string
	// handshake starts the command as an MCP server over stdio; serve
	// starts it over HTTP and connects.
	handshake, serve bool
	skip             string
}

// readmeSteps lists every command line of README.md's shell blocks, in
// the order a reader runs them. A line the README gains must be added
// here, with how to check it; one it loses, removed.
var readmeSteps = map[string]readmeStep{
	"go run ./cmd/toolplane run examples/hello.py": {as: "toolplane run examples/hello.py", says: "'longest': 'toolplane'"},
	"bash scripts/test.sh":                         {skip: "the whole suite, which CI runs (TestTestScriptPicksPython311 checks its interpreter check)"},
	"go install ./cmd/toolplane":                   {skip: "this test runs the toolplane this module builds, put first on PATH"},
	"toolplane init":                               {says: "wrote "},
	"toolplane config check":                       {says: "(valid)"},
	"toolplane mcp add fs --command npx --arg -y --arg @modelcontextprotocol/server-filesystem --arg /tmp": {says: "added MCP server fs"},
	"toolplane mcp add linear --url https://mcp.linear.app/mcp --auth oauth":                               {says: "auth=oauth"},
	"toolplane mcp add search --url https://search.example/mcp --header Authorization=env://SEARCH_AUTH":   {says: "added MCP server search"},
	"toolplane mcp add docs --url https://docs.example/mcp --auth keyring://docs-token":                    {says: "auth=bearer keyring://docs-token"},
	"toolplane mcp list":                                         {says: "linear"},
	"toolplane mcp remove fs":                                    {says: "removed MCP server fs"},
	"toolplane mcp import --dry-run":                             {says: "[mcp.servers.memory]"},
	"toolplane mcp import --from claude":                         {code: 1, says: "--yes"},
	"toolplane cli allow git rg":                                 {says: "allowlist (git, rg)"},
	"toolplane cli disallow rg":                                  {says: "allowlist (git)"},
	"toolplane cli mode disabled":                                {says: "cli: disabled"},
	"toolplane serve mcp":                                        {handshake: true},
	"claude mcp add toolplane -- toolplane serve mcp":            {as: "toolplane serve mcp", handshake: true},
	"toolplane serve mcp --transport http --addr 127.0.0.1:8080": {serve: true},
}

// TestReadmeCommands runs the README's shell commands in order, as a
// reader following it does, in a clean copy of the repository with a
// fresh HOME and no network. The README's TOML blocks parse, and its
// [http] block is what the HTTP server is served with.
func TestReadmeCommands(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// What `mcp import` finds: a Claude Code config with one server.
	if err := os.WriteFile(filepath.Join(w.home, ".claude.json"), []byte(`{"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	blocks := fenced(t, filepath.Join(repoRoot, "README.md"))
	var httpTOML string
	for _, b := range blocks {
		if b.lang == "toml" {
			if doc := parseTOML(t, b); doc["http"] != nil {
				httpTOML += "\n" + b.text
			}
		}
	}
	seen := map[string]bool{}
	for _, b := range blocks {
		if b.lang != "sh" {
			continue
		}
		for _, line := range commands(b) {
			step, ok := readmeSteps[line]
			where := fmt.Sprintf("README.md:%d: %s", b.line, line)
			if !ok {
				t.Errorf("%s: a command the docs test does not know; add it to readmeSteps with how to check it", where)
				continue
			}
			seen[line] = true
			if step.skip != "" {
				t.Logf("%s: not run: %s", where, step.skip)
				continue
			}
			argv := words(line)
			if step.as != "" {
				argv = words(step.as)
			}
			switch {
			case step.handshake:
				w.handshake(t, argv)
			case step.serve:
				// Served as the README's next lines say: with its
				// [http.tokens] block and the variable it names set.
				token := randomToken()
				cfg := filepath.Join(w.home, ".toolplane", "toolplane.toml")
				f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString(httpTOML)
				f.Close()
				vars := regexp.MustCompile(`env://([A-Z_][A-Z0-9_]*)`).FindAllStringSubmatch(httpTOML, -1)
				if len(vars) == 0 {
					t.Fatalf("%s: the README's [http] block names no env:// token", where)
				}
				addr := w.serveHTTP(t, argv, vars[0][1]+"="+token)
				if err := connectHTTP(t, "http://"+addr+"/mcp", map[string]string{"Authorization": "Bearer " + token}); err != nil {
					t.Errorf("%s: %v", where, err)
				}
			default:
				r := w.run(t, argv)
				if r.code != step.code || !strings.Contains(r.stdout+r.stderr, step.says) {
					t.Errorf("%s: exit %d (want %d), output lacks %q:\nstdout: %s\nstderr: %s", where, r.code, step.code, step.says, r.stdout, r.stderr)
				}
			}
		}
	}
	for line := range readmeSteps {
		if !seen[line] {
			t.Errorf("readmeSteps lists %q, which README.md no longer has", line)
		}
	}
}

// TestReadmeTruths: what the README says the project needs is what it
// needs: go.mod's Go version, CPython 3.11 for the tests.
func TestReadmeTruths(t *testing.T) {
	t.Parallel()
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Go " + string(m[1]), "`go " + string(m[1]) + "`", "CPython 3.11", "TOOLPLANE_TEST_DOWNLOADS=0"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	script, err := os.ReadFile(filepath.Join(repoRoot, "scripts", "test.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"3.11"`, "TOOLPLANE_TEST_DOWNLOADS"} {
		if !strings.Contains(string(script), want) {
			t.Errorf("scripts/test.sh does not check %s", want)
		}
	}
}

// TestTestScriptPicksPython311 runs scripts/test.sh with stand-ins for
// python3, python3.11 and go: a python3 of another version is replaced
// by python3.11 from PATH (go sees 3.11), and with no 3.11 at all the
// script stops before testing, saying how to get it.
func TestTestScriptPicksPython311(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bin := filepath.Join(t.TempDir(), "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	fake := func(name, body string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A python prints its version, or its own path when asked for
	// sys.executable; go says which python3 the tests would get.
	fake("python3", `case "$2" in *executable*) echo "$0";; *) echo 3.12;; esac`)
	fake("python3.11", `case "$2" in *executable*) echo "$0";; *) echo 3.11;; esac`)
	fake("go", `echo "go $1 with python3 $(python3 -c version)"`)
	for _, tool := range []string{"mkdir", "ln", "cat", "dirname"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s: %v", tool, err)
		}
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + bin, "TOOLPLANE_TEST_DOWNLOADS=0"}
	r := w.run(t, []string{"bash", filepath.Join(w.dir, "scripts", "test.sh")}, env...)
	if r.code != 0 || !strings.Contains(r.stdout, "go vet with python3 3.11") || !strings.Contains(r.stdout, "go test with python3 3.11") ||
		!strings.Contains(r.stderr, "using "+filepath.Join(bin, "python3.11")) {
		t.Errorf("python3 3.12 and python3.11 on PATH: %+v", r)
	}
	if err := os.Remove(filepath.Join(bin, "python3.11")); err != nil {
		t.Fatal(err)
	}
	r = w.run(t, []string{"bash", filepath.Join(w.dir, "scripts", "test.sh")}, env...)
	if r.code != 1 || strings.Contains(r.stdout, "go ") || !strings.Contains(r.stderr, "python3 here is 3.12") || !strings.Contains(r.stderr, "Install CPython 3.11") {
		t.Errorf("python3 3.12 and no python3.11: %+v", r)
	}
}
