package config

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAttackLiteralSecretOthersRead: a literal API key in a config file
// that other users of the machine can read (0644, the default of most
// editors) is theirs to take. Each such key is named with its line and the
// chmod or reference that fixes it; a file only its owner reads, a
// reference, and a literal under a key that names no credential are not.
func TestAttackLiteralSecretOthersRead(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("Unix permissions")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "toolplane.toml")
	const body = `[cli]
env = { NPM_TOKEN = "npm_literal", LOG = "debug" }

[mcp.servers.gh]
command = "gh-server"
env = { GITHUB_TOKEN = "ghp_literal", REF_KEY = "env://GH_KEY", DEBUG = "1" }

[mcp.servers.web]
url = "https://mcp.example.test/mcp"
headers = { "X-Api-Key" = "literal-key" }
`
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range cfg.ExposedSecrets() {
		got = append(got, e.Error())
	}
	fix := "a literal secret in a file other users can read (-rw-r--r--); run `chmod 600 " + path + "`, or keep the secret elsewhere and write env://VAR or keyring://NAME"
	want := []string{
		path + ":6:24: mcp.servers.gh.env.GITHUB_TOKEN is " + fix,
		path + ":10:27: mcp.servers.web.headers.X-Api-Key is " + fix,
		path + ":2:21: cli.env.NPM_TOKEN is " + fix,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ExposedSecrets (-want +got):\n%s", diff)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := cfg.ExposedSecrets(); len(got) != 0 {
		t.Errorf("a file only its owner reads: %v", got)
	}
}
