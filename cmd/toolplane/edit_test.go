package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const commentedConfig = `# Team config: reviewed in PR #12.

[toolplane]
default_backend = "embedded" # keep it safe

[cli]
# Binaries agents need.
mode = "allowlist"
allow = ["git"] # read-only use
timeout = "10s"

[session]
enabled = true

# ---- servers ----

# Local files.
[mcp.servers.fs]
command = "npx"
args = ["-y", "server-fs", "/srv"]

# The end.
`

// TestEditingVerbsKeepComments drives every editing verb over a config full
// of comments and checks the exact file after each step.
func TestEditingVerbsKeepComments(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	if err := os.WriteFile(path, []byte(commentedConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	want := commentedConfig
	step := func(args []string, stdout, stderr string, edit func(string) string) {
		t.Helper()
		r := runMain(append(args, "--config", path)...)
		if r.code != 0 || r.stdout != stdout || r.stderr != stderr {
			t.Fatalf("toolplane %q:\n code %d\n stdout %q\n want   %q\n stderr %q\n want   %q", args, r.code, r.stdout, stdout, r.stderr, stderr)
		}
		want = edit(want)
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Fatalf("toolplane %q: file (-want +got):\n%s", args, diff)
		}
	}
	replace := func(old, new string) func(string) string {
		return func(s string) string {
			if !strings.Contains(s, old) {
				t.Fatalf("test bug: %q not in file", old)
			}
			return strings.Replace(s, old, new, 1)
		}
	}

	step([]string{"cli", "allow", "rg", "git", "jq"},
		"cli: allowlist (git, rg, jq), timeout 10s, max output 1MiB, escalate off\n",
		"git was already allowed\n",
		replace(`allow = ["git"] # read-only use`, `allow = ["git", "rg", "jq"] # read-only use`))

	step([]string{"cli", "disallow", "rg", "nope"},
		"cli: allowlist (git, jq), timeout 10s, max output 1MiB, escalate off\n",
		"nope was not allowed\n",
		replace(`["git", "rg", "jq"]`, `["git", "jq"]`))

	step([]string{"mcp", "add", "linear", "--url", "https://mcp.linear.app/mcp", "--auth", "oauth", "--header", "X-Api-Key=env://LINEAR_KEY", "--label", "team=core"},
		"added MCP server linear to "+path+"\n  linear  http  https://mcp.linear.app/mcp  auth=oauth\n",
		"",
		func(s string) string {
			return s + "\n[mcp.servers.linear]\nurl = \"https://mcp.linear.app/mcp\"\nauth = \"oauth\"\nheaders = { X-Api-Key = \"env://LINEAR_KEY\" }\nlabels = { team = \"core\" }\n"
		})

	step([]string{"mcp", "remove", "fs"},
		"removed MCP server fs from "+path+"\n",
		"",
		replace("# Local files.\n[mcp.servers.fs]\ncommand = \"npx\"\nargs = [\"-y\", \"server-fs\", \"/srv\"]\n\n", ""))

	step([]string{"cli", "mode", "ambient"},
		"cli: ambient (any binary on PATH), timeout 10s, max output 1MiB, escalate off\n",
		"removed cli.allow = [git, jq] (only used in allowlist mode)\nwarning: ambient mode lets snippets run any binary on PATH; `serve mcp` will require --unsafe\n",
		func(s string) string {
			s = replace(`mode = "allowlist"`, `mode = "ambient"`)(s)
			return replace("allow = [\"git\", \"jq\"] # read-only use\n", "")(s)
		})

	step([]string{"cli", "allow", "git"},
		"cli: allowlist (git), timeout 10s, max output 1MiB, escalate off\n",
		"",
		func(s string) string {
			s = replace(`mode = "ambient"`, `mode = "allowlist"`)(s)
			return replace("timeout = \"10s\"\n", "timeout = \"10s\"\nallow = [\"git\"]\n")(s)
		})

	step([]string{"cli", "disallow", "git"},
		"cli: disabled\n",
		"nothing left to allow: cli.mode is now \"disabled\"\n",
		func(s string) string {
			s = replace(`mode = "allowlist"`, `mode = "disabled"`)(s)
			return replace("allow = [\"git\"]\n", "")(s)
		})

	r := runMain("mcp", "list", "--config", path)
	if r.code != 0 || r.stdout != "linear  http  https://mcp.linear.app/mcp  auth=oauth\n" {
		t.Fatalf("mcp list: %+v", r)
	}
}

func TestMCPAddRefusesDuplicateWithoutForce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	os.WriteFile(path, []byte(commentedConfig), 0o600)
	r := runMain("mcp", "add", "fs", "--command", "other", "--config", path)
	if r.code != 1 || !strings.Contains(r.stderr, "already configured") {
		t.Fatalf("duplicate add: %+v", r)
	}
	r = runMain("mcp", "add", "fs", "--command", "other", "--env", "API_TOKEN=abc", "--force", "--config", path)
	if r.code != 0 {
		t.Fatalf("add --force: %+v", r)
	}
	if !strings.Contains(r.stderr, "API_TOKEN is a literal") {
		t.Errorf("no warning for a literal token: %q", r.stderr)
	}
	got, _ := os.ReadFile(path)
	want := strings.Replace(commentedConfig, "# Local files.\n[mcp.servers.fs]\ncommand = \"npx\"\nargs = [\"-y\", \"server-fs\", \"/srv\"]\n\n", "", 1) +
		"\n[mcp.servers.fs]\ncommand = \"other\"\nenv = { API_TOKEN = \"abc\" }\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEditRefusedOnInvalidFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	bad := "[cli]\nmode = \"disabled\"\nallwo = [\"git\"]\n"
	os.WriteFile(path, []byte(bad), 0o600)
	r := runMain("cli", "allow", "rg", "--config", path)
	if r.code != 1 || !strings.Contains(r.stderr, path+`:3:1: unknown key "allwo" in [cli]; did you mean "allow"?`) || !strings.Contains(r.stderr, "nothing was changed") {
		t.Fatalf("%+v", r)
	}
	if got, _ := os.ReadFile(path); string(got) != bad {
		t.Fatal("an invalid file was rewritten")
	}
}
