//go:build unix

package mcp

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/testmcp"
)

func TestHTTPServerRestart(t *testing.T) {
	t.Parallel()
	addr := "127.0.0.1:" + freePort(t)
	start := func() *exec.Cmd {
		cmd := exec.Command(self(t), "-http", addr)
		cmd.Env = append(os.Environ(), testmcp.EnvServe+"=1")
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cmd.StdinPipe(); err != nil { // kept open: the server lives until killed
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || !strings.HasPrefix(line, "http://") {
			t.Fatalf("test server said %q: %v", line, err)
		}
		return cmd
	}
	cmd := start()
	m := newManager(t, ManagerOptions{}, ServerSpec{Name: "r", URL: "http://" + addr + "/mcp", Timeout: 10 * time.Second})
	if _, err := call(t, m, "mcp:r/echo", map[string]any{"text": "1"}); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	s := m.servers["r"]
	_, err := s.call(context.Background(), "echo", map[string]any{"text": "2"})
	// Refused, or EOF on a pooled connection the kill cut.
	if err == nil || !strings.Contains(err.Error(), `mcp server "r": echo:`) {
		t.Errorf("call while the server is down: %v", err)
	}
	start()
	// The new server does not know the old session; the first call must
	// still succeed, on a new session.
	res, err := s.call(context.Background(), "echo", map[string]any{"text": "3"})
	if err != nil || text(res) != "3" {
		t.Fatalf("first call after the server restarted: %v %v", res, err)
	}
}
