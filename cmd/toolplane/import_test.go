package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the importer's fixture files into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestMCPImport imports the fixture configs of all agents into a config
// with a comment and a server of the same name as one of them.
func TestMCPImport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTree(t, "../../importer/testdata/home", filepath.Join(dir, "home"))
	copyTree(t, "../../importer/testdata/project", dir)
	// ~/.claude.json's project scope is keyed by the project's path.
	claude := filepath.Join(dir, "home", ".claude.json")
	data, _ := os.ReadFile(claude)
	os.WriteFile(claude, []byte(strings.ReplaceAll(string(data), `"/work/project"`, `"`+dir+`"`)), 0o600)

	orig := `# my servers
[mcp.servers.linear] # keep this one
url = "https://mine.example/mcp"
`
	cfg := filepath.Join(dir, "toolplane.toml")
	os.WriteFile(cfg, []byte(orig), 0o600)
	trustHere(t, dir)

	r := runTP(t, dir, nil, "", "mcp", "import", "--dry-run")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "[mcp.servers.github]\ncommand = \"npx\"") || !strings.Contains(r.stderr, "would import docs from") {
		t.Fatalf("dry run: %+v", r)
	}
	if got, _ := os.ReadFile(cfg); string(got) != orig {
		t.Fatalf("dry run changed the config:\n%s", got)
	}

	// Not on a terminal and without --yes, nothing is written.
	r = runTP(t, dir, nil, "", "mcp", "import")
	if r.code != 1 || !strings.Contains(r.stderr, "nothing was written: review the servers above") {
		t.Fatalf("import without --yes: %+v", r)
	}
	if got, _ := os.ReadFile(cfg); string(got) != orig {
		t.Fatalf("import without --yes changed the config:\n%s", got)
	}

	r = runTP(t, dir, nil, "", "mcp", "import", "--yes")
	if r.code != 0 || r.stdout != "imported 6 MCP server(s) into toolplane.toml\n" {
		t.Fatalf("import: %+v", r)
	}
	for _, want := range []string{
		"skipped linear (" + claude + "): already configured in toolplane.toml",
		"skipped github (" + filepath.Join(dir, ".mcp.json") + "): not approved in Claude Code for this project",
		"skipped search (" + filepath.Join(dir, ".mcp.json") + "): not approved in Claude Code for this project",
		"skipped off (" + filepath.Join(dir, "home", ".codex", "config.toml") + "): switched off there",
		"skipped broken: server broken in",
		"imported local-db from " + claude + " (project " + dir + ")",
		`rewrote: renamed "local.db" to "local-db"`,
		"rewrote: env.GITHUB_PERSONAL_ACCESS_TOKEN: the literal credential is kept in the secret store, as keyring://mcp-github-github_personal_access_token",
		"rewrote: bearer_token_env_var = TALARIA_TOKEN: became auth = env://TOOLPLANE_MCP_TALARIA_TOKEN",
		"rewrote: tool_timeout_sec = 45: became timeout = \"45s\"",
		"    env       GITHUB_PERSONAL_ACCESS_TOKEN = keyring://mcp-github-github_personal_access_token (the value in the file, kept in the secret store when you confirm)",
		"  TOOLPLANE_MCP_TALARIA_TOKEN  for [mcp.servers.talaria] auth: set it to the token in $TALARIA_TOKEN",
		"\n  github  (from " + claude + ")\n    runs      npx -y @modelcontextprotocol/server-github\n",
		"\n    connects  https://api.talaria.example/mcp\n    header    X-Org = env://TOOLPLANE_MCP_TALARIA_X_ORG (not set now)\n    auth      token = env://TOOLPLANE_MCP_TALARIA_TOKEN (not set now)\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	got, _ := os.ReadFile(cfg)
	if !strings.HasPrefix(string(got), orig) {
		t.Errorf("the existing text (comments included) changed:\n%s", got)
	}
	for _, secret := range []string{"ghp_", "lin_api_", "abcDEF123456"} {
		if strings.Contains(string(got), secret) {
			t.Errorf("a literal secret (%s...) was written:\n%s", secret, got)
		}
	}
	// The literal credentials are in the secret store (encrypted files
	// here), under the names the config refers to.
	if r := runTP(t, dir, nil, "", "secret", "list"); r.code != 0 || !strings.Contains(r.stdout, "mcp-github-github_personal_access_token") || !strings.Contains(r.stdout, "mcp-docs-api_key") {
		t.Errorf("secret list after import: %+v", r)
	}
	if r := runTP(t, dir, nil, "", "mcp", "list"); r.code != 0 || strings.Count(r.stdout, "\n") < 7 {
		t.Errorf("mcp list after import: %+v", r)
	}

	// A second import finds everything configured.
	r = runTP(t, dir, nil, "", "mcp", "import", "--from", "codex", "--yes")
	if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "skipped docs") || !strings.Contains(r.stderr, "nothing to import from") {
		t.Fatalf("second import: %+v", r)
	}
	again, _ := os.ReadFile(cfg)
	if string(again) != string(got) {
		t.Error("a second import changed the config")
	}

	// --from a file.
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, []byte(`{"mcpServers": {"extra": {"command": "extra-mcp", "env": {"DEBUG": "1"}}}}`), 0o600)
	r = runTP(t, dir, nil, "", "mcp", "import", "--from", other, "--yes")
	if r.code != 0 || !strings.Contains(r.stderr, "imported extra from "+other) {
		t.Fatalf("import --from file: %+v", r)
	}
	if r := runTP(t, dir, nil, "", "config", "check"); r.code != 0 || !strings.Contains(r.stdout, "mcp:      8 server(s)") {
		t.Errorf("config check after imports: %+v", r)
	}
}
