//go:build linux

package mcp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestServerIsolationNone: a stdio server starts in a Landlock domain of
// its own, which sets no_new_privs on it; one configured with isolation =
// "none" (Unisolated) starts as any process of the user, so a setuid
// helper it runs still works. Both are seen in /proc/PID/status.
func TestServerIsolationNone(t *testing.T) {
	t.Parallel()
	shared := testSpec("shared")
	shared.Unisolated = true
	m := newTestManager(t, ManagerOptions{}, testSpec("apart"), shared)
	if _, err := m.Capabilities(context.Background()); err != nil {
		t.Fatal(err)
	}
	nnp := func(name string) string {
		pid := status(t, m, name).PID
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "NoNewPrivs:"); ok {
				return strings.TrimSpace(v)
			}
		}
		t.Fatalf("no NoNewPrivs in /proc/%d/status", pid)
		return ""
	}
	if got := nnp("shared"); got != "0" {
		t.Errorf("the server with isolation none has NoNewPrivs %s, want 0", got)
	}
	if _, _, e := landlockVersion(); e != 0 {
		t.Skipf("no Landlock here: %v", e)
	}
	if got := nnp("apart"); got != "1" {
		t.Errorf("the isolated server has NoNewPrivs %s, want 1 (its Landlock domain)", got)
	}
}

// landlockVersion asks the kernel for its Landlock ABI.
func landlockVersion() (uintptr, uintptr, syscall.Errno) {
	return syscall.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
}
