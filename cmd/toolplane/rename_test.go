package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
