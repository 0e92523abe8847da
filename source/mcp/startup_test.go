package mcp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestStartTimeoutPerServer: a server's own start timeout wins over the
// manager's: a 1.5 s start fails under 500 ms with an error naming
// startup_timeout, and succeeds when its spec gives it 20 s although the
// manager's default is 500 ms. While it starts, OnStarting hears of it.
func TestStartTimeoutPerServer(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var progress []string
	opts := ManagerOptions{StartTimeout: 500 * time.Millisecond, ProgressInterval: 200 * time.Millisecond,
		OnStarting: func(server string, waited, limit time.Duration, last string) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, server+" "+limit.String())
		}}
	short := testSpec("short", "-start-delay", "1500ms")
	long := testSpec("long", "-start-delay", "1500ms")
	long.StartTimeout = 20 * time.Second
	m := newManager(t, opts, short, long)

	_, err := m.ServerCapabilities(context.Background(), "short")
	if err == nil || !strings.Contains(err.Error(), "within 500ms") || !strings.Contains(err.Error(), "[mcp.servers.short] startup_timeout") {
		t.Errorf("short: %v", err)
	}
	if _, err := m.ServerCapabilities(context.Background(), "long"); err != nil {
		t.Errorf("long, with startup_timeout 20s: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	var sawLong bool
	for _, p := range progress {
		sawLong = sawLong || p == "long 20s"
	}
	if !sawLong {
		t.Errorf("no progress for the slow start: %q", progress)
	}
}

// TestStartTimeoutStopsGracefully: a start cut short by its time limit
// gets SIGTERM before SIGKILL, so a package runner half-way through a
// download can release its cache lock (npx killed outright leaves one
// that stalls every start for a minute). The stand-in holds a lock
// directory and removes it on SIGTERM, as npx does.
func TestStartTimeoutStopsGracefully(t *testing.T) {
	t.Parallel()
	lock := filepath.Join(t.TempDir(), "concurrency.lock")
	// The trap is set before the lock is taken (SIGTERM between the two
	// left the lock with no trap to remove it), and the start has 2s to
	// get that far on a loaded machine: held says it did.
	held := lock + ".held"
	spec := ServerSpec{Name: "dl", Command: "sh", Args: []string{"-c", `trap 'rmdir "$LOCK"; exit 143' TERM; mkdir "$LOCK" && : > "$HELD"; while :; do sleep 0.1; done`},
		Env: map[string]string{"LOCK": lock, "HELD": held}, StartTimeout: 2 * time.Second}
	// After SIGTERM the stand-in has half the grace (2s) to run its trap:
	// a loaded machine can take over a second to fork rmdir.
	m := newManager(t, ManagerOptions{ShutdownGrace: 4 * time.Second}, spec)
	_, err := m.ServerCapabilities(context.Background(), "dl")
	if err == nil || !strings.Contains(err.Error(), "within 2s") {
		t.Fatalf("start: %v", err)
	}
	if _, err := os.Stat(held); err != nil {
		t.Fatalf("the stand-in never took its lock in the 2s of its start: %v", err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("the lock is still there after the start was cut short: SIGKILL came without SIGTERM (%v)", err)
	}
}

// TestPackageRunners: commands that download their server first get the
// long default start timeout; others keep the manager's.
func TestPackageRunners(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		args []string
		want bool
	}{
		{"npx", []string{"-y", "mcp-remote"}, true},
		{"/usr/local/bin/npx", nil, true},
		{"uvx", []string{"fastmcp-remote"}, true},
		{"bunx", nil, true},
		{"pipx", []string{"run", "x"}, true},
		{"uv", []string{"tool", "run", "x"}, true},
		{"pnpm", []string{"dlx", "x"}, true},
		{"npm", []string{"exec", "x"}, true},
		{"npm", []string{"start"}, false},
		{"node", []string{"server.js"}, false},
		{"uv", []string{"sync"}, false},
		{"python", nil, false},
	} {
		if got := IsPackageRunner(tc.cmd, tc.args); got != tc.want {
			t.Errorf("IsPackageRunner(%s %v) = %v", tc.cmd, tc.args, got)
		}
		s := ServerSpec{Name: "x", Command: tc.cmd, Args: tc.args}
		want := 30 * time.Second
		if tc.want {
			want = PackageRunnerStartTimeout
		}
		if got := s.startTimeout(30 * time.Second); got != want {
			t.Errorf("%s %v: start timeout %s, want %s", tc.cmd, tc.args, got, want)
		}
	}
	s := ServerSpec{Name: "x", Command: "npx", StartTimeout: time.Minute}
	if got := s.startTimeout(30 * time.Second); got != time.Minute {
		t.Errorf("a configured startup_timeout lost to the default: %s", got)
	}
}
