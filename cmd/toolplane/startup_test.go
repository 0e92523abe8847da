package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMCPStartupTimeout: [mcp.servers.NAME] startup_timeout bounds a
// server's start (the error names the key), `mcp status --timeout`
// replaces it, and a start that takes a while is reported as it goes.
func TestMCPStartupTimeout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "empty.toml"), nil, 0o600)
	os.WriteFile(filepath.Join(dir, "toolplane.toml"), []byte(`[mcp.servers.slow]
command = "sh"
args = ["-c", "echo 'fetching the package...' >&2; sleep 8; exec \"$0\" serve mcp --config empty.toml", "`+binary+`"]
cwd = "`+dir+`"
startup_timeout = "2s"
`), 0o600)
	trustHere(t, dir)
	r := runTP(t, dir, nil, "", "mcp", "status", "slow")
	if r.code != 1 || !strings.Contains(r.stdout, "within 2s; set [mcp.servers.slow] startup_timeout to give it longer") {
		t.Fatalf("status with startup_timeout 2s: %+v", r)
	}
	r = runTP(t, dir, nil, "", "mcp", "status", "slow", "--timeout", "30s")
	if r.code != 0 || !strings.Contains(r.stdout, "slow: ok") {
		t.Fatalf("status --timeout 30s: %+v", r)
	}
	// The report comes every 5s of the start; a loaded machine may fire
	// it late, so the seconds shown are not checked.
	if !regexp.MustCompile(`toolplane: mcp server slow is still starting \([0-9]+s of at most 30s\); its last stderr line: "fetching the package..."`).MatchString(r.stderr) {
		t.Errorf("no progress while it started: %q", r.stderr)
	}
	r = runTP(t, dir, nil, "", "mcp", "add", "other", "--command", "npx", "--arg", "-y", "--arg", "some-server", "--startup-timeout", "10m")
	if r.code != 0 {
		t.Fatalf("mcp add --startup-timeout: %+v", r)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "toolplane.toml")); !strings.Contains(string(data), `startup_timeout = "10m"`) {
		t.Errorf("mcp add did not write startup_timeout:\n%s", data)
	}
}
