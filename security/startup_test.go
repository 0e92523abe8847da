package security_test

// Start-up: hostile configs and files (FIFOs, panicking plugins, degenerate
// selectors) fail start-up with a clear error, never hang or crash.

import (
	"bytes"
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
