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
	if r.code != 0 || r.stdout != "imported 7 MCP server(s) into toolplane.toml\n" {
		t.Fatalf("import: %+v", r)
	}
	for _, want := range []string{
		"skipped linear (" + claude + "): already configured in toolplane.toml",
		"skipped github (" + filepath.Join(dir, ".mcp.json") + "): already imported from " + claude,
		"skipped off (" + filepath.Join(dir, "home", ".codex", "config.toml") + "): switched off there",
		"skipped broken: server broken in",
		"imported local-db from " + claude + " (project " + dir + ")",
		`note: renamed "local.db" to "local-db"`,
		"  GITHUB_PERSONAL_ACCESS_TOKEN  for [mcp.servers.github] env.GITHUB_PERSONAL_ACCESS_TOKEN: set it to the value in " + claude,
		`  TOOLPLANE_MCP_TALARIA_AUTHORIZATION  for [mcp.servers.talaria] headers.Authorization: set it to "Bearer $TALARIA_TOKEN"`,
		"\n  github  (from " + claude + ")\n    runs      npx -y @modelcontextprotocol/server-github\n",
		"\n    connects  https://api.talaria.example/mcp\n    header    Authorization = env://TOOLPLANE_MCP_TALARIA_AUTHORIZATION (not set now)\n",
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
	if r := runTP(t, dir, nil, "", "mcp", "list"); r.code != 0 || strings.Count(r.stdout, "\n") < 8 {
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
	if r := runTP(t, dir, nil, "", "config", "check"); r.code != 0 || !strings.Contains(r.stdout, "mcp:      9 server(s)") {
		t.Errorf("config check after imports: %+v", r)
	}
}
