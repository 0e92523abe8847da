package security_test

// OAuth: a hostile MCP server and its authorization server (internal/
// hostilemcp, /oauth/MODE) attack `toolplane mcp login` and the token
// refreshes of `serve mcp`: metadata pointing at a cloud metadata address,
// redirects that would carry a refresh token or the server's headers to
// another origin, a token endpoint that never answers or answers with a
// megabyte page of instructions, tokens that are always expired. Nothing
// reaches another origin, a hung refresh costs its own server's calls only
// (never another OAuth server's), errors carry no page, and no token is
// written in the clear or logged.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

const oauthStorageKey = "c2VjdXJpdHktdGVzdC1zdG9yYWdlLWtleS0zMmJ5dGU="

// oauthLogin runs `toolplane mcp login name` and acts as the user's
// browser: it follows the authorization URL the command prints, which the
// hostile authorization server sends straight back to the callback. It
// returns the command's error and output, within 60 s.
func oauthLogin(t *testing.T, e *e2e.Env, name string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := e.Toolplane("--config", e.Config, "mcp", "login", name, "--timeout", "50s")
	cmd = exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	cmd.Dir, cmd.Env = e.Dir, append([]string{"HOME=" + filepath.Join(e.Dir, "home"), "PATH=" + os.Getenv("PATH")}, e.Vars...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	followed := false
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if u := strings.TrimSpace(line); !followed && strings.HasPrefix(u, "http://") {
			followed = true
			resp, err := http.Get(u)
			if err != nil {
				t.Errorf("login %s: following the authorization URL: %v", name, err)
				continue
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	err = cmd.Wait()
	return out.String(), err
}

// TestAttackOAuthLogin: `mcp login` against a server that redirects the
// login's first request to another origin: the request (and the server's
// configured header) went along; now the redirect is refused.
func TestAttackOAuthLogin(t *testing.T) {
	t.Parallel()
	record := filepath.Join(t.TempDir(), "record")
	base := startHostileHTTP(t, record)
	const probeSecret = "probe-header-secret-7e21"
	e := bins.NewEnv(t, fmt.Sprintf(`
[mcp.servers.bounced]
url = %q
auth = "oauth"
headers = { X-Api-Key = "env://PROBE_SECRET" }
`, base+"/redirect/mcp"))
	e.Setenv("TOOLPLANE_STORAGE_KEY", oauthStorageKey)
	e.Setenv("PROBE_SECRET", probeSecret)
	out, err := oauthLogin(t, e, "bounced")
	if err == nil || !strings.Contains(out, "another origin") {
		t.Errorf("login redirected to another origin (%v):\n%s", err, out)
	}
	if data, _ := os.ReadFile(record); strings.Contains(string(data), probeSecret) || strings.Contains(string(data), `"origin":"other"`) {
		t.Errorf("the login's request reached another origin:\n%s", truncateText(string(data), 2000))
	}
}

// TestAttackOAuthRefresh: four servers log in well, then misbehave at
// their first refresh inside `serve mcp`. A refresh that never gets an
// answer once held one lock of every OAuth server, with no timeout: the
// good server's calls waited for ever. Now the good server is served, the
// hung one's calls end with their call timeout; a refresh redirected to
// another origin is not followed (Go would resend the refresh token
// there); an error page does not reach the agent; tokens that are always
// expired cost their own server's calls only; no refresh token is in the
// clear in any file, log or output.
func TestAttackOAuthRefresh(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	record := filepath.Join(t.TempDir(), "record")
	base := startHostileHTTP(t, record)
	servers := map[string]string{"good": "good", "hang": "refresh-hang", "bounce": "refresh-redirect", "errpage": "refresh-error-page", "forever": "refresh-forever"}
	var cfg strings.Builder
	cfg.WriteString("\n[mcp]\ncall_timeout = \"5s\"\n")
	for name, mode := range servers {
		fmt.Fprintf(&cfg, "\n[mcp.servers.%s]\nurl = %q\nauth = \"oauth\"\nstartup_timeout = \"4s\"\n", name, base+"/oauth/"+mode+"/mcp")
	}
	e := bins.NewEnv(t, cfg.String())
	e.Setenv("TOOLPLANE_STORAGE_KEY", oauthStorageKey)
	for name := range servers {
		if out, err := oauthLogin(t, e, name); err != nil {
			t.Fatalf("login %s: %v\n%s", name, err, out)
		}
	}
	// Logins issue tokens of 20 s, which the login still finds valid;
	// within 10 s of its expiry a token is refreshed before use, so after
	// 11 s serve's first use of each is a refresh.
	time.Sleep(11 * time.Second)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	hung := e2e.ConnectHTTP(t, srv.URL)
	cs := e2e.ConnectHTTP(t, srv.URL)

	// The hung refresh is in progress while the good server is called.
	hungDone := make(chan string, 1)
	go func() {
		start := time.Now()
		got := attack(t, hung, `call_tool("mcp:hang/echo", {"text": "x"})`)
		hungDone <- fmt.Sprintf("%s (after %v)", got, time.Since(start).Round(time.Millisecond))
	}()
	deadline := time.Now().Add(40 * time.Second)
	for !strings.Contains(readFile(t, record), `"refresh":"refresh-hang"`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	for i := range 3 {
		start := time.Now()
		if got := attack(t, cs, "good.echo(text='alive')"); got != "returned: 'alive'" {
			t.Errorf("good server's call %d while another server's refresh hangs: %s (after %v)", i, got, time.Since(start))
		}
	}
	select {
	case got := <-hungDone:
		t.Logf("hang: %s", got)
		if !strings.Contains(got, "raised: ") {
			t.Errorf("the hung server's call: %s", got)
		}
	case <-time.After(40 * time.Second):
		t.Errorf("the hung server's call did not end within 40 s of its 5 s call timeout")
	}

	// The redirected and the refused refreshes fail their servers' calls;
	// what the token endpoint wrote reaches no one.
	for _, name := range []string{"bounce", "errpage"} {
		got := attack(t, cs, fmt.Sprintf(`call_tool("mcp:%s/echo", {"text": "x"})`, name))
		if !strings.HasPrefix(got, "raised: ") || strings.Contains(got, "IGNORE PREVIOUS") || len(got) > 2000 {
			t.Errorf("%s.echo: %s", name, truncateText(got, 300))
		}
	}
	if strings.Contains(srv.Stderr(), "IGNORE PREVIOUS") {
		t.Errorf("the token endpoint's page reached serve's stderr:\n%s", truncateText(srv.Stderr(), 2000))
	}
	for range 3 {
		start := time.Now()
		got := attack(t, cs, `call_tool("mcp:forever/echo", {"text": "x"})`)
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("a call of the server whose tokens are always expired took %v: %s", d, truncateText(got, 300))
		}
	}
	if got := attack(t, cs, "good.echo(text='alive')"); got != "returned: 'alive'" {
		t.Errorf("good server after the attacks: %s", got)
	}

	data := readFile(t, record)
	if strings.Contains(data, `"origin":"other"`) {
		t.Errorf("a refresh reached another origin:\n%s", truncateText(data, 2000))
	}
	// Refresh tokens are rt-MODE-N: none is in the clear in any file of
	// the test's world (the store, the audit log, the config), nor on
	// serve's stderr.
	filepath.WalkDir(e.Dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && p != record {
			b, _ := os.ReadFile(p)
			if strings.Contains(string(b), "rt-good-") || strings.Contains(string(b), "rt-refresh-") {
				t.Errorf("%s holds a refresh token in the clear", p)
			}
		}
		return nil
	})
	if strings.Contains(srv.Stderr(), "rt-") || strings.Contains(srv.Stderr(), "Bearer at-") {
		t.Errorf("serve's stderr shows a token:\n%s", truncateText(srv.Stderr(), 2000))
	}
}

// TestAttackOAuthAuthorizeURLScheme: a server whose OAuth metadata names
// a file:// authorization endpoint (or any scheme a desktop opener hands
// to an application: smb:// mounts a share, a registered scheme starts
// its application) would have it printed as the URL to open and, with
// --open, given to xdg-open. The SDK refuses such metadata at discovery
// (it refuses only javascript:, data: and vbscript: in the URL it builds
// later); this holds it to that: the login stops naming the endpoint, and
// the opener is never run.
func TestAttackOAuthAuthorizeURLScheme(t *testing.T) {
	t.Parallel()
	base := startHostileHTTP(t, filepath.Join(t.TempDir(), "record"))
	e := bins.NewEnv(t, fmt.Sprintf("\n[mcp.servers.evil]\nurl = %q\nauth = \"oauth\"\n", base+"/oauth/authorize-file/mcp"))
	e.Setenv("TOOLPLANE_STORAGE_KEY", oauthStorageKey)
	// A recording opener first on PATH, under every name login may use.
	bin := t.TempDir()
	opened := filepath.Join(t.TempDir(), "opened")
	for _, name := range []string{"xdg-open", "open"} {
		e.WriteFile(t, filepath.Join(bin, name), "#!/bin/sh\necho \"$@\" >> "+opened+"\n")
		if err := os.Chmod(filepath.Join(bin, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := e.Toolplane("--config", e.Config, "mcp", "login", "evil", "--open", "--timeout", "20s")
	for i, kv := range cmd.Env {
		if strings.HasPrefix(kv, "PATH=") {
			cmd.Env[i] = "PATH=" + bin + ":" + strings.TrimPrefix(kv, "PATH=")
		}
	}
	stdout, stderr, code := runWithin(t, cmd, 40*time.Second)
	out := stdout + stderr
	if code == 0 || !strings.Contains(out, "authorization_endpoint") {
		t.Errorf("login with a file:// authorization endpoint: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "open this URL") {
		t.Errorf("the file:// URL was shown to open:\n%s", out)
	}
	if data, err := os.ReadFile(opened); err == nil {
		t.Errorf("the opener was run with %q", data)
	}
}
