package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// commented is a config as a person writes it: comments everywhere, keys in
// their own order, odd spacing, a multi-line array.
const commented = `# My toolplane setup.
# Keep it small.

[toolplane]
default_backend = "embedded"   # the safe one

[cli]
# Binaries the agent may run.
mode = "allowlist"  # switched on 2025-01-01
allow = [
  "git",  # version control
  "rg",
]
timeout = "10s"

# Per-binary labels.
[cli.binaries.git]
labels = { risk = "low" }

# --- upstream servers ---

# Filesystem server, local.
[mcp.servers.fs]
command = "npx"
args = ["-y", "server-fs"]

# Its dangerous tool.
[mcp.servers.fs.tools.write_file]
disabled = true

# Linear, remote.
[mcp.servers.linear]
url = "https://mcp.linear.app/mcp"   # official endpoint
auth = "oauth"

# trailing comment
`

func TestEditSetReplacesValueInPlace(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if err := e.Set([]string{"cli"}, "allow", []string{"git", "rg", "jq"}); err != nil {
		t.Fatal(err)
	}
	if err := e.Set([]string{"cli"}, "mode", "allowlist"); err != nil {
		t.Fatal(err)
	}
	if err := e.Set([]string{"toolplane"}, "default_backend", "pyodide-deno"); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(commented, `allow = [
  "git",  # version control
  "rg",
]`, `allow = ["git", "rg", "jq"]`, 1)
	want = strings.Replace(want, `default_backend = "embedded"   # the safe one`, `default_backend = "pyodide-deno"   # the safe one`, 1)
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditSetAddsKeyAfterTableBody(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if err := e.Set([]string{"cli"}, "escalate", true); err != nil {
		t.Fatal(err)
	}
	if err := e.Set([]string{"mcp", "servers", "fs"}, "env", map[string]string{"TOKEN": "env://FS_TOKEN"}); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(commented, "timeout = \"10s\"\n", "timeout = \"10s\"\nescalate = true\n", 1)
	want = strings.Replace(want, "args = [\"-y\", \"server-fs\"]\n", "args = [\"-y\", \"server-fs\"]\nenv = { TOKEN = \"env://FS_TOKEN\" }\n", 1)
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditSetAppendsMissingTable(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if err := e.Set([]string{"audit"}, "enabled", true); err != nil {
		t.Fatal(err)
	}
	want := commented + "\n[audit]\nenabled = true\n"
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditDeleteKey(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if ok, err := e.Delete([]string{"cli"}, "allow"); !ok || err != nil {
		t.Fatalf("Delete = %v, %v", ok, err)
	}
	if ok, err := e.Delete([]string{"cli"}, "escalate"); ok || err != nil {
		t.Fatalf("Delete of a missing key = %v, %v", ok, err)
	}
	want := strings.Replace(commented, "allow = [\n  \"git\",  # version control\n  \"rg\",\n]\n", "", 1)
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditRemoveTableTakesSubtablesAndTheirComments(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if !e.RemoveTable([]string{"mcp", "servers", "fs"}) {
		t.Fatal("RemoveTable found nothing")
	}
	want := strings.Replace(commented, `# Filesystem server, local.
[mcp.servers.fs]
command = "npx"
args = ["-y", "server-fs"]

# Its dangerous tool.
[mcp.servers.fs.tools.write_file]
disabled = true

`, "", 1)
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if e.RemoveTable([]string{"mcp", "servers", "nope"}) {
		t.Error("RemoveTable of a missing table reported a removal")
	}
}

func TestEditRefusesInlineTables(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte("cli = { mode = \"disabled\" }\n"))
	if err := e.Set([]string{"cli"}, "mode", "ambient"); err == nil || !strings.Contains(err.Error(), "by hand") {
		t.Fatalf("Set inside an inline table: %v; want a by-hand error", err)
	}
}

func TestUpdateWritesAtomicallyAndValidatesFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte(commented), 0o640); err != nil {
		t.Fatal(err)
	}
	l := &Loader{}
	// An edit that would break the file is refused and the file untouched.
	_, err := l.Update(path, func(_ *Config, e *Edit) error {
		return e.Set([]string{"cli"}, "mode", "disabled") // allow would be outside allowlist
	})
	if err == nil || !strings.Contains(err.Error(), "nothing was written") || !strings.Contains(err.Error(), "cli.allow is only used") {
		t.Fatalf("invalid edit: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != commented {
		t.Fatal("a refused edit changed the file")
	}
	cfg, err := l.Update(path, func(_ *Config, e *Edit) error {
		return e.Set([]string{"cli"}, "allow", []string{"git"})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(cfg.CLI.Allow, []string{"git"}) {
		t.Errorf("returned config has allow = %q", cfg.CLI.Allow)
	}
	got, _ := os.ReadFile(path)
	for _, c := range []string{"# My toolplane setup.", "# the safe one", "# switched on 2025-01-01", "# Its dangerous tool.", "# official endpoint", "# trailing comment"} {
		if !strings.Contains(string(got), c) {
			t.Errorf("comment %q lost", c)
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want the original 0640", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestEditRemoveTableKeepsCommentsThatFollow(t *testing.T) {
	t.Parallel()
	e := NewEdit([]byte(commented))
	if !e.RemoveTable([]string{"mcp", "servers", "linear"}) {
		t.Fatal("RemoveTable found nothing")
	}
	want := strings.Replace(commented, "# Linear, remote.\n[mcp.servers.linear]\nurl = \"https://mcp.linear.app/mcp\"   # official endpoint\nauth = \"oauth\"\n\n", "", 1)
	if diff := cmp.Diff(want, string(e.Bytes())); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
