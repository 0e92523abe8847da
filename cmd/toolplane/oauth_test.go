package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestServeOAuthTokenExpiresMidSession: in one long-running `serve mcp`,
// access tokens that live 2 s never fail a call, whether the
// authorization server says so (expires_in = 2: toolplane refreshes before
// expiry) or not (expires_in = 3600 but revoked after 2 s: the server's
// 401 is answered by a refresh and the request sent again, once).
func TestServeOAuthTokenExpiresMidSession(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	for _, tc := range []struct {
		name     string
		announce int
	}{{"announced", 2}, {"revoked-early", 3600}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			as := newAuthServer(t)
			as.mu.Lock()
			as.life, as.announce = 2*time.Second, tc.announce
			as.mu.Unlock()
			dir := t.TempDir()
			cfg := filepath.Join(dir, "toolplane.toml")
			if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[mcp.servers.linear]\nurl = %q\nauth = \"oauth\"\n", as.URL+"/mcp")), 0o600); err != nil {
				t.Fatal(err)
			}
			trustHere(t, dir)
			if r := loginWithBrowser(t, dir, "mcp", "login", "linear"); r.code != 0 {
				t.Fatalf("login: %+v", r)
			}
			cs, stderr := serveStdio(t, dir, cfg, nil, nil)
			seen := map[string]bool{}
			deadline := time.Now().Add(7 * time.Second)
			for i := 0; time.Now().Before(deadline); i++ {
				res, out := e2e.Call(t, cs, "execute_code", map[string]any{"code": "return await linear.whoami()"})
				v, _ := out["value"].(string)
				if !strings.HasPrefix(v, "Bearer at-") {
					t.Fatalf("call %d failed: %s\n%s", i, e2e.Text(res), stderr.String())
				}
				seen[v] = true
				time.Sleep(600 * time.Millisecond)
			}
			as.mu.Lock()
			refused := as.refused
			as.mu.Unlock()
			if len(seen) < 3 {
				t.Errorf("%d tokens used in 7 s of 2 s tokens: %v", len(seen), seen)
			}
			if tc.announce == 3600 && refused == 0 {
				t.Errorf("the server never refused an expired token: the 401 retry was not exercised")
			}
		})
	}
}

// TestServeStaticBearerAuth: auth = "env://VAR" or "keyring://NAME" sends
// the secret as Authorization: Bearer; a literal token and a second
// Authorization header are refused by config check.
func TestServeStaticBearerAuth(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	as := newAuthServer(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[mcp.servers.viaenv]\nurl = %q\nauth = \"env://STATIC_MCP_TOKEN\"\n\n[mcp.servers.viakeyring]\nurl = %[1]q\nauth = \"keyring://static-mcp\"\n", as.URL+"/static")), 0o600); err != nil {
		t.Fatal(err)
	}
	trustHere(t, dir)
	if r := runTP(t, dir, nil, staticToken+"\n", "secret", "set", "static-mcp"); r.code != 0 {
		t.Fatalf("secret set: %+v", r)
	}
	r := runTP(t, dir, []string{"STATIC_MCP_TOKEN=Bearer " + staticToken}, `return [await viaenv.whoami(), await viakeyring.whoami()]`, "run", "-")
	// whoami echoes the token; toolplane hides a server's own token in
	// its answers, and the marker stands for exactly that token.
	want := "['Bearer [redacted:auth]', 'Bearer [redacted:auth]']\n"
	if r.code != 0 || r.stdout != want {
		t.Fatalf("run: %+v, want %q", r, want)
	}
	if strings.Contains(r.stderr, staticToken) {
		t.Errorf("the token appears on stderr: %s", r.stderr)
	}
	// Without the variable: the error names the key and the variable.
	r = runTP(t, dir, nil, `return await viaenv.whoami()`, "run", "-")
	if r.code == 0 || !strings.Contains(r.stderr, "STATIC_MCP_TOKEN") {
		t.Errorf("run without the variable: %+v", r)
	}

	for _, bad := range []struct{ toml, want string }{
		{`auth = "static-tok-literal"`, "a reference to a static bearer token"},
		{"auth = \"env://T\"\nheaders = { Authorization = \"env://U\" }", "both set the Authorization header"},
	} {
		if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[mcp.servers.s]\nurl = %q\n%s\n", as.URL+"/static", bad.toml)), 0o600); err != nil {
			t.Fatal(err)
		}
		r := runTP(t, dir, nil, "", "--config", cfg, "config", "check")
		if r.code == 0 || !strings.Contains(r.stderr, bad.want) || strings.Contains(r.stderr, "static-tok-literal") {
			t.Errorf("config check with %s: %+v", bad.toml, r)
		}
	}
}
