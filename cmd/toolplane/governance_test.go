package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigCheckSummarisesGovernance: config check states each token's
// rules and identity, the plugin chain and the required plugins, and the
// audit sinks; and it refuses, as serve does, a required plugin that is
// not in use and a section of a plugin that is not in use.
func TestConfigCheckSummarisesGovernance(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(doc string) string {
		path := filepath.Join(dir, "tp.toml")
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	path := write(`[audit]
enabled = true
sinks = ["file", "http"]
path = "/tmp/never-opened.jsonl"
headers = ["X-Tenant"]
[audit.http]
url = "https://collector.example/v1/logs"
format = "otlp"

[http.tokens.gateway]
token = "env://TP_NEVER_SET_GATEWAY"
allow = ["capability=read", "team"]
identity_headers = ["X-User-Id"]

[http.tokens.robot]
token = "env://TP_NEVER_SET_ROBOT"
allow = "capability=read"
identity = "ops-robot"

[plugins]
use = ["audit", "spill"]
required = ["audit"]
`)
	r := runMain("config", "check", "--config", path)
	if r.code != 0 {
		t.Fatalf("config check: %+v", r)
	}
	for _, want := range []string{
		`gateway (allow ["capability=read", "team"]) identity from X-User-Id (trusted for this token only)`,
		`robot (allow capability=read) identity fixed "ops-robot"`,
		"plugins:  chain (outer to inner): admission > audit > spill; required: audit",
		"http https://collector.example/v1/logs (otlp)",
		"asynchronous, drops counted; headers recorded: X-Tenant",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check lacks %q:\n%s", want, r.stdout)
		}
	}
	for doc, want := range map[string]string{
		"[plugins]\nuse = [\"spill\"]\nrequired = [\"audit\"]\n":        `tp.toml:3: plugins.required lists "audit", but plugins.use does not install it`,
		"[plugins]\nuse = [\"audit\"]\n[plugins.spill]\nttl = \"1m\"\n": `tp.toml:3: [plugins.spill] configures plugin spill, which plugins.use does not install`,
		"[audit]\nheaders = [\"Authorization\"]\n":                      `audit.headers lists "Authorization", a credential header`,
		"[audit]\nsinks = [\"http\"]\n":                                 `audit.http.url = "": want http(s)://HOST[:PORT]/PATH`,
		"[log]\nlogid_header = \"X Bad\"\n":                             `log.logid_header = "X Bad" is not a header name`,
	} {
		r := runMain("config", "check", "--config", write(doc))
		if r.code == 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("config check of %q: %+v\nwant an error saying %q", doc, r, want)
		}
	}
}
