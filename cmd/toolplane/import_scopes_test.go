package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPImportScopesApprovalsAndRewrites imports real Claude Code and
// Codex files from a temporary HOME and project: of one name the most
// project-specific entry wins (Claude Code's project scope in
// ~/.claude.json over ./.mcp.json over its user scope), the others are
// reported; .mcp.json servers switched off or never approved are skipped
// (a project's own .claude/settings.json cannot approve them); an
// mcp-remote wrapper becomes url + auth = "oauth"; literal credentials
// land in the secret store and reach the server from there; Codex's
// bearer_token becomes auth and startup_timeout_sec startup_timeout;
// --force replaces, --verbatim keeps the wrapper, --plaintext writes
// literals with a warning each.
func TestMCPImportScopesApprovalsAndRewrites(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	as := newAuthServer(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	const literal = "k-literal-7f3a91"
	write(filepath.Join(home, ".claude.json"), fmt.Sprintf(`{
  "mcpServers": {
    "shared": {"command": "user-cmd"},
    "remote": {"command": "npx", "args": ["-y", "mcp-remote@latest", %q]}
  },
  "projects": {
    %q: {
      "mcpServers": {"shared": {"command": "local-cmd"}},
      "enabledMcpjsonServers": ["approved", "off", "shared"],
      "disabledMcpjsonServers": ["off"]
    }
  }
}`, as.URL+"/mcp", dir))
	write(filepath.Join(dir, ".mcp.json"), fmt.Sprintf(`{"mcpServers": {
  "shared":   {"command": "project-cmd"},
  "approved": {"type": "http", "url": %q, "headers": {"X-Key": %q}},
  "off":      {"command": "off-cmd"},
  "pending":  {"command": "pending-cmd"}
}}`, as.URL+"/open", literal))
	// Checked in with the project: it may switch servers off, never on.
	write(filepath.Join(dir, ".claude", "settings.json"), `{"enableAllProjectMcpServers": true, "enabledMcpjsonServers": ["pending"]}`)
	write(filepath.Join(home, ".codex", "config.toml"), fmt.Sprintf(`[mcp_servers.codexed]
url = %q
bearer_token = %q
startup_timeout_sec = 20
`, as.URL+"/static", staticToken))
	cfg := filepath.Join(dir, "toolplane.toml")
	write(cfg, "")
	trustHere(t, dir)

	r := runTP(t, dir, nil, "", "mcp", "import", "--yes")
	if r.code != 0 || r.stdout != "imported 4 MCP server(s) into toolplane.toml\n" {
		t.Fatalf("import: %+v", r)
	}
	claudeJSON := filepath.Join(home, ".claude.json")
	local := claudeJSON + " (project " + dir + ")"
	mcpJSON := filepath.Join(dir, ".mcp.json")
	for _, want := range []string{
		"skipped shared (" + mcpJSON + "): overridden by the more specific entry in " + local,
		"skipped shared (" + claudeJSON + "): overridden by the more specific entry in " + local,
		"skipped off (" + mcpJSON + "): switched off in Claude Code (disabledMcpjsonServers in " + local + ")",
		"skipped pending (" + mcpJSON + "): not approved in Claude Code for this project",
		"imported shared from " + local,
		"imported approved from " + mcpJSON,
		"  rewrote: headers.X-Key: the literal credential is kept in the secret store, as keyring://mcp-approved-x-key",
		"  rewrote: the mcp-remote wrapper `npx -y mcp-remote@latest " + as.URL + "/mcp` became url = \"" + as.URL + "/mcp\", auth = \"oauth\" (log in once: toolplane mcp login remote)",
		"  rewrote: bearer_token: the literal credential is kept in the secret store, as keyring://mcp-codexed-token",
		"  rewrote: startup_timeout_sec = 20: became startup_timeout = \"20s\"",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	got, _ := os.ReadFile(cfg)
	for _, want := range []string{
		"[mcp.servers.shared]\ncommand = \"local-cmd\"\n",
		"[mcp.servers.remote]\nurl = \"" + as.URL + "/mcp\"\nauth = \"oauth\"\n",
		"headers = { X-Key = \"keyring://mcp-approved-x-key\" }",
		"auth = \"keyring://mcp-codexed-token\"\nstartup_timeout = \"20s\"\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("config lacks %q:\n%s", want, got)
		}
	}
	for _, secret := range []string{literal, staticToken, "pending", "off-cmd"} {
		if strings.Contains(string(got), secret) {
			t.Errorf("the config holds %q:\n%s", secret, got)
		}
	}
	// The stored credentials reach the servers: the header and the bearer
	// token come out of the secret store. The servers echo them, and
	// toolplane hides a server's own secrets in its answers: the marker
	// stands for exactly the stored value.
	trustHere(t, dir)
	r = runTP(t, dir, nil, `return [await approved.header(name="X-Key"), await codexed.whoami()]`, "run", "-")
	if want := "['[redacted:header.X-Key]', 'Bearer [redacted:auth]']\n"; r.code != 0 || r.stdout != want || strings.Contains(r.stdout, literal) || strings.Contains(r.stdout, staticToken) {
		t.Fatalf("run against the imported servers: %+v, want %q", r, want)
	}

	// Without --force the names are taken; --force --verbatim replaces the
	// remote server, keeping the wrapper as a command.
	r = runTP(t, dir, nil, "", "mcp", "import", "--from", "claude", "--yes")
	if r.code != 0 || !strings.Contains(r.stderr, "skipped remote ("+claudeJSON+"): already configured in toolplane.toml (--force replaces it)") {
		t.Fatalf("second import: %+v", r)
	}
	r = runTP(t, dir, nil, "", "mcp", "import", "--from", "claude", "--force", "--verbatim", "--yes")
	if r.code != 0 || !strings.Contains(r.stderr, "replaced remote from "+claudeJSON) {
		t.Fatalf("import --force --verbatim: %+v", r)
	}
	got, _ = os.ReadFile(cfg)
	if !strings.Contains(string(got), "[mcp.servers.remote]\ncommand = \"npx\"\nargs = [\"-y\", \"mcp-remote@latest\"") || strings.Count(string(got), "[mcp.servers.remote]") != 1 {
		t.Errorf("--force --verbatim did not replace remote with the wrapper:\n%s", got)
	}
	// A second import stores a second copy under a fresh name: an
	// existing stored secret is never reused or overwritten.
	if !strings.Contains(string(got), "keyring://mcp-approved-x-key-2") {
		t.Errorf("the re-imported header does not use a fresh secret name:\n%s", got)
	}

	// --plaintext: the literal is written, loudly.
	r = runTP(t, dir, nil, "", "mcp", "import", "--from", mcpJSON, "--force", "--plaintext", "--yes")
	if r.code != 0 || !strings.Contains(r.stderr, "WARNING: [mcp.servers.approved] headers.X-Key is written to toolplane.toml as a literal credential (--plaintext)") ||
		!strings.Contains(r.stderr, "WARNING   [mcp.servers.approved] headers.X-Key would be written as a literal credential (--plaintext)") {
		t.Fatalf("import --plaintext: %+v", r)
	}
	got, _ = os.ReadFile(cfg)
	if !strings.Contains(string(got), "X-Key = \""+literal+"\"") {
		t.Errorf("--plaintext did not write the literal:\n%s", got)
	}

	// No usable secret store (no key, no keyring): the literal becomes a
	// fresh variable to set, said loudly; still never a literal.
	r = runBinary(t, dir, []string{"TOOLPLANE_SECRET_STORE=file"}, "--config", cfg, "mcp", "import", "--from", mcpJSON, "--force", "--yes")
	if r.code != 0 || !strings.Contains(r.stderr, "warning: no secret store can keep imported credentials") ||
		!strings.Contains(r.stderr, "rewrote: headers.X-Key: the literal credential became env://TOOLPLANE_MCP_APPROVED_X_KEY, a variable you set to it (no secret store could keep it)") {
		t.Fatalf("import without a secret store: %+v", r)
	}
	if got, _ = os.ReadFile(cfg); strings.Contains(string(got), literal) {
		t.Errorf("without a store the literal was written:\n%s", got)
	}
}
