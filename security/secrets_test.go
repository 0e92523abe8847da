package security_test

// Secrets: server environment, token secrets and stored secrets never reach
// snippets, upstreams or clients that were not given them.

import (
	"strings"
	"testing"
	"time"
)

// TestAttackLocalUnsafeOverHTTP: local_unsafe served over HTTP (with
// --unsafe) let a read-only token read the server's environment, token
// secrets included. It is refused at boot over HTTP even with --unsafe,
// naming the key's position; `config check` says so; stdio with --unsafe
// (one local user) still starts.
func TestAttackLocalUnsafeOverHTTP(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[toolplane]\ndefault_backend = \"local_unsafe\"\n")
	cfg := e.Config + ".http.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("reader", "reader-secret-0123456789", `allow = "access=read"`))
	srv, out := e.StartHTTP(t, cfg, "--unsafe")
	if srv != nil {
		t.Fatal("served local_unsafe over HTTP")
	}
	if !strings.Contains(out, cfg+":") || !strings.Contains(out, `default_backend = "local_unsafe" over HTTP`) {
		t.Errorf("refusal:\n%s", out)
	}
	check, _ := e.Toolplane("config", "check", "--config", cfg).CombinedOutput()
	if !strings.Contains(string(check), "refused over HTTP") {
		t.Errorf("config check does not flag local_unsafe with HTTP tokens:\n%s", check)
	}
	// Over stdio the local user may still choose it (start-up gets past
	// the refusal; the backend itself needs python3).
	out2, _ := serveExitAfter(t, e, 3*time.Second, "--unsafe")
	if strings.Contains(out2, "over HTTP") {
		t.Errorf("stdio --unsafe refused local_unsafe:\n%s", out2)
	}
}
