package security_test

// Start-up: hostile configs and files (FIFOs, panicking plugins, degenerate
// selectors) fail start-up with a clear error, never hang or crash.

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// serveExit runs `toolplane serve mcp args...` with e's config and an
// open stdin, and returns its combined output and exit code; a server
// still running after limit fails the test (start-up hangs).
func serveExit(t *testing.T, e *e2e.Env, limit time.Duration, args ...string) (string, int) {
	t.Helper()
	cmd := e.Command(args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	stdin, err := cmd.StdinPipe() // a stdio server waits on an open stdin
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("serve mcp %v was still running after %s:\n%s", args, limit, out.String())
	}
	return out.String(), cmd.ProcessState.ExitCode()
}

// TestAttackAuditPathIsFIFO: an [audit] path that is a named pipe once
// hung start-up forever (and SIGTERM did not stop it). Start-up fails at
// once over stdio and HTTP, naming the config, the key and the path; so do
// a directory and a device.
func TestAttackAuditPathIsFIFO(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	fifo := filepath.Join(e.Dir, "audit.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for _, path := range []string{fifo, e.Dir, os.DevNull} {
		e.WriteFile(t, e.Config, "[audit]\nenabled = true\npath = "+e2e.Quote(path)+"\n"+e2e.TokenSection)
		for _, args := range [][]string{nil, {"--transport", "http", "--addr", "127.0.0.1:0"}} {
			out, code := serveExit(t, e, 10*time.Second, args...)
			if code == 0 {
				t.Errorf("serve mcp %v with [audit] path = %s exited 0:\n%s", args, path, out)
			}
			for _, want := range []string{e.Config, "[audit] path", path, "not a regular file"} {
				if !strings.Contains(out, want) {
					t.Errorf("serve mcp %v with [audit] path = %s: the error does not mention %q:\n%s", args, path, want, out)
				}
			}
		}
	}
}

// TestAttackSIGTERMDuringStartup: whatever start-up waits on (here an
// eager upstream server that never answers its handshake), SIGTERM ends
// the process promptly.
func TestAttackSIGTERMDuringStartup(t *testing.T) {
	t.Parallel()
	e := bins.NewBareEnv(t)
	e.WriteFile(t, e.Config, "[mcp.servers.mute]\ncommand = \"sleep\"\nargs = [\"600\"]\nstartup = \"eager\"\n")
	cmd := e.Command()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("serve mcp ignored SIGTERM during start-up for 10s:\n%s", out.String())
	}
}

// TestAttackPluginPanicOnBuild: a plugin whose OnBuild panics (it once
// crashed the process with a Go stack) fails start-up with an error
// naming the plugin and its config line, over stdio and HTTP.
func TestAttackPluginPanicOnBuild(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[plugins]\nuse = [\"crash\"]\n\n[plugins.crash]\npanic_on_build = true\n"+e2e.TokenSection)
	for _, args := range [][]string{nil, {"--transport", "http", "--addr", "127.0.0.1:0"}} {
		out, code := serveExit(t, e, 20*time.Second, args...)
		if code != 1 || !strings.Contains(out, "plugin crash failed to start: plugin crash panicked in OnBuild") || !strings.Contains(out, e.Config+":") {
			t.Errorf("serve mcp %v: exit %d:\n%s", args, code, out)
		}
		if strings.Contains(out, "goroutine ") {
			t.Errorf("serve mcp %v printed a Go stack:\n%s", args, out)
		}
	}
}

// TestAttackPluginPanicPerRequest: a plugin middleware that panics on one
// capability fails that call only (the snippet sees an error naming the
// plugin and can go on), a plugin route that panics answers 500, and the
// server keeps serving both.
func TestAttackPluginPanicPerRequest(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[plugins]\nuse = [\"crash\"]\n\n[plugins.crash]\npanic_capabilities = [\"mcp:up/echo\"]\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	v := e2e.MustRun(t, cs, `
try:
    await up.echo(text="boom")
    first = "ran"
except Exception as e:
    first = type(e).__name__ + ": " + str(e)
page = await up.list_items(page_size=2)
return [first, len(page["items"])]`)
	got, _ := v.([]any)
	if len(got) != 2 || !strings.Contains(fmt.Sprint(got[0]), "plugin crash") || got[1] != float64(2) {
		t.Errorf("value = %v", v)
	}
	base := strings.TrimSuffix(srv.URL, "/mcp")
	for path, want := range map[string]int{"/crash": 500, "/crash/ok": 200} {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+e2e.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		if body := readAll(t, resp); resp.StatusCode != want || (want == 500 && !strings.Contains(body, "plugin crash")) {
			t.Errorf("GET %s: %d %q, want %d", path, resp.StatusCode, body, want)
		}
	}
	if v := e2e.MustRun(t, cs, "return 1 + 1"); v != float64(2) {
		t.Errorf("after the panics: %v", v)
	}
	if strings.Contains(srv.Stderr(), "goroutine ") {
		t.Errorf("the server printed a Go stack:\n%s", srv.Stderr())
	}
}
