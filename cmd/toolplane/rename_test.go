package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestConfigCheckReportsRenamedServers: a server named like a module a
// snippet imports is bound renamed, and config check and mcp list say so.
func TestConfigCheckReportsRenamedServers(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	cfg := "[mcp.servers.calendar]\ncommand = \"cal-server\"\n\n[mcp.servers.linear]\ncommand = \"linear-server\"\n"
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"config", "check"}, {"mcp", "list"}} {
		r := runMain(append(args, "--config", path)...)
		if r.code != 0 {
			t.Fatalf("toolplane %q: code %d, stderr %q", args, r.code, r.stderr)
		}
		var calendar, linear string
		for _, line := range strings.Split(r.stdout, "\n") {
			switch f := strings.Fields(line); {
			case len(f) > 0 && f[0] == "calendar":
				calendar = line
			case len(f) > 0 && f[0] == "linear":
				linear = line
			}
		}
		if !strings.HasSuffix(calendar, "cal-server  snippets call calendar_.TOOL (calendar is a stdlib module)") {
			t.Errorf("toolplane %q: calendar line %q does not report the rename\n%s", args, calendar, r.stdout)
		}
		if linear == "" || strings.Contains(linear, "snippets") {
			t.Errorf("toolplane %q: linear line %q", args, linear)
		}
	}
}

// TestBinaryNamedLikeABuiltin: allowing a binary named like a Python
// builtin (id) or a module a snippet imports (time) made `run` and
// `serve mcp` refuse to start ("flat alias ... would shadow") while
// config check said all was well. The binary is bound as id_ (id() stays
// the builtin, cli.id works too), config check says so, and run and
// serve work.
func TestBinaryNamedLikeABuiltin(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	allow := []string{"id", "printf"}
	snippet := "import json\nreturn [(await id_('-u')).text() == (await cli.id('-u')).text(), id(json) > 0, (await printf('%s', 'ok')).stdout]"
	want := "[True, True, 'ok']\n"
	if _, err := exec.LookPath("time"); err == nil {
		allow = append(allow, "time")
		snippet = "import time\nimport json\nreturn [(await id_('-u')).text() == (await cli.id('-u')).text(), id(json) > 0, (await printf('%s', 'ok')).stdout, time.time() > 0, (await time_(check=False)).argv]"
		want = "[True, True, 'ok', True, ['time']]\n"
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte("[cli]\nmode = \"allowlist\"\nallow = [\""+strings.Join(allow, `", "`)+"\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runMain("cli", "allow", "id", "--config", cfg); r.code != 0 || !strings.Contains(r.stdout, "id: snippets call it id_(...) or cli.id(...) (id is a Python builtin)") {
		t.Errorf("cli allow id does not say how snippets call it: %+v", r)
	}
	r := runMain("config", "check", "--config", cfg)
	if r.code != 0 || !strings.Contains(r.stdout, "id      snippets call it id_(...) or cli.id(...) (id is a Python builtin);") {
		t.Errorf("config check does not report the rename: %+v", r)
	}
	if len(allow) == 3 && !strings.Contains(r.stdout, "time    snippets call it time_(...) or cli.time(...) (time is a stdlib module);") {
		t.Errorf("config check does not report the rename of time:\n%s", r.stdout)
	}
	if r := runBinaryStdin(t, dir, snippet, "run", "--config", cfg, "-"); r.code != 0 || r.stdout != want {
		t.Errorf("run: %+v, want %q", r, want)
	}
	cs, stderr := serveStdio(t, dir, cfg, nil, nil)
	v := e2e.MustRun(t, cs, snippet)
	if got := fmt.Sprint(v); !strings.HasPrefix(got, "[true true ok") {
		t.Errorf("serve mcp: %v\n%s", v, stderr)
	}
	res, sc := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": "id"})
	if text := e2e.Text(res); !strings.Contains(text, "binary `id` is bound as `id_`") {
		t.Errorf("search does not explain the rename: %s %v", text, sc)
	}
}
