package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/testmcp"
)

// TestMaxHostCallsKey: a run that makes more capability calls than a run
// may (1000 by default) fails naming [session] max_host_calls in the
// config file and the fix; with the key raised the same run passes. In
// process and in a sandbox worker, through the real binary and a real
// upstream MCP server (this test binary, as testmcp).
func TestMaxHostCallsKey(t *testing.T) {
	t.Parallel()
	command, env, err := testmcp.SelfCommand()
	if err != nil {
		t.Fatal(err)
	}
	var envText []string
	for k, v := range env {
		envText = append(envText, fmt.Sprintf("%s = %q", k, v))
	}
	// 1001 calls: one over the default.
	snippet := `n = 0
for i in range(1001):
    await up.echo(text="x")
    n += 1
return n
`
	for _, isolation := range []string{"none", "process"} {
		t.Run(isolation, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "calls.py"), []byte(snippet), 0o600); err != nil {
				t.Fatal(err)
			}
			write := func(extra string) string {
				text := fmt.Sprintf("[toolplane]\nisolation = %q\n\n%s[mcp.servers.up]\ncommand = %q\nenv = { %s }\n",
					isolation, extra, command, strings.Join(envText, ", "))
				path := filepath.Join(dir, "toolplane.toml")
				if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
				return path
			}
			type out struct {
				Value any `json:"value"`
				Error *struct {
					Type    string `json:"type"`
					Message string `json:"message"`
				} `json:"error"`
			}
			run := func() (out, result) {
				r := runBinary(t, dir, nil, "run", "--json", "--config", "toolplane.toml", "calls.py")
				var o out
				if err := json.Unmarshal([]byte(r.stdout), &o); err != nil {
					t.Fatalf("run --json: %v\nstdout: %s\nstderr: %s", err, r.stdout, r.stderr)
				}
				return o, r
			}

			write("")
			o, r := run()
			if o.Error == nil || o.Error.Type != "RuntimeError" || !strings.Contains(o.Error.Message, "host call limit") {
				t.Fatalf("with the default limit: want the host call limit's error, got %+v (stderr %s)", o, r.stderr)
			}
			for _, want := range []string{"[session] max_host_calls in toolplane.toml", fmt.Sprint(config.DefaultMaxHostCalls), "raise"} {
				if !strings.Contains(o.Error.Message, want) {
					t.Errorf("the limit error %q does not name %q", o.Error.Message, want)
				}
			}

			write("[session]\nmax_host_calls = 1500\n\n")
			o, r = run()
			if o.Error != nil || o.Value != float64(1001) {
				t.Fatalf("with max_host_calls = 1500: want 1001, got %+v (stderr %s)", o, r.stderr)
			}
		})
	}
}

// TestMaxHostCallsChecked: config check refuses a max_host_calls of zero,
// below or above config.MaxHostCallsCap, naming the file, the key and the
// bounds, and prints the value it takes.
func TestMaxHostCallsChecked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, bad := range []int{0, -1, config.MaxHostCallsCap + 1} {
		path := filepath.Join(dir, "toolplane.toml")
		if err := os.WriteFile(path, []byte(fmt.Sprintf("[session]\nmax_host_calls = %d\n", bad)), 0o600); err != nil {
			t.Fatal(err)
		}
		r := runBinary(t, dir, nil, "config", "check", "--config", "toolplane.toml")
		if r.code == 0 || !strings.Contains(r.stderr, "toolplane.toml") || !strings.Contains(r.stderr, "max_host_calls") ||
			!strings.Contains(r.stderr, fmt.Sprintf("between 1 and %d", config.MaxHostCallsCap)) {
			t.Errorf("max_host_calls = %d: want a refusal naming the file, the key and the bounds, got %+v", bad, r)
		}
	}
	path := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(path, []byte("[session]\nmax_host_calls = 2500\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runBinary(t, dir, nil, "config", "check", "--config", "toolplane.toml")
	if r.code != 0 || !strings.Contains(r.stdout, "a run makes at most 2500 capability calls (max_host_calls)") {
		t.Errorf("config check with max_host_calls = 2500: %+v", r)
	}
	r = runBinary(t, dir, nil, "config", "check", "--config", "toolplane.toml", "--json")
	var doc struct {
		Session struct {
			MaxHostCalls int `json:"max_host_calls"`
		} `json:"session"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc.Session.MaxHostCalls != 2500 {
		t.Errorf("config check --json: max_host_calls %d, err %v\n%s", doc.Session.MaxHostCalls, err, r.stdout)
	}
}
