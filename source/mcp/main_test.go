//go:build unix

package mcp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/internal/hostilemcp"
	"github.com/toolplane/toolplane/internal/testmcp"
)

// envHost makes the test binary act as a toolplane host that starts a
// wrapped server, prints its process group and waits to be killed (see
// TestNoOrphansWhenHostDies).
const envHost = "TOOLPLANE_MCP_TEST_HOST"

func TestMain(m *testing.M) {
	if code, ok := testmcp.MaybeServe(); ok {
		os.Exit(code)
	}
	if code, ok := hostilemcp.MaybeServe(); ok {
		os.Exit(code)
	}
	if _, ok := os.LookupEnv(envHost); ok {
		os.Exit(runHost())
	}
	os.Exit(m.Run())
}

// runHost starts one wrapped stdio server, makes it spawn a grandchild,
// prints "pgid sleeper-pid" and blocks until killed.
func runHost() int {
	m, err := NewManager([]ServerSpec{wrappedSpec("host")}, ManagerOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx := context.Background()
	pgid, sleeper, err := spawnSleeper(ctx, m, "host")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%d %d\n", pgid, sleeper)
	select {}
}

// self is the test binary, which serves testmcp when EnvServe is set.
func self(t testing.TB) string {
	if t != nil {
		t.Helper()
	}
	exe, _, err := testmcp.SelfCommand()
	if err != nil {
		panic(err)
	}
	return exe
}

// testSpec runs the test server over stdio with extra server flags.
func testSpec(name string, flags ...string) ServerSpec {
	return ServerSpec{
		Name:    name,
		Command: self(nil),
		Args:    flags,
		Env:     map[string]string{testmcp.EnvServe: "1"},
	}
}

// hostileSpec runs the hostile server (internal/hostilemcp) over stdio with
// its flags.
func hostileSpec(name string, flags ...string) ServerSpec {
	return ServerSpec{
		Name:    name,
		Command: self(nil),
		Args:    flags,
		Env:     map[string]string{hostilemcp.EnvServe: "1"},
	}
}

// wrappedSpec runs the test server as the child of a shell that stays
// around, the way npx keeps node between toolplane and the real server.
func wrappedSpec(name string) ServerSpec {
	return ServerSpec{
		Name:    name,
		Command: "/bin/sh",
		// dash gives background jobs /dev/null as stdin even with <&0, so
		// pass stdin through fd 3 the way a wrapper passes its pipes on.
		Args: []string{"-c", `exec 3<&0; "$0" "$@" <&3 3<&- & wait`, self(nil)},
		Env:  map[string]string{testmcp.EnvServe: "1"},
	}
}

func newManager(t *testing.T, opts ManagerOptions, specs ...ServerSpec) *Manager {
	t.Helper()
	m, err := NewManager(specs, opts)
	if err != nil {
		t.Fatalf("NewManager: %v", err)
	}
	t.Cleanup(func() { _ = m.Close() })
	return m
}

// capByID lists the manager's capabilities and returns the one with id.
func capByID(t *testing.T, m *Manager, id string) capability.Capability {
	t.Helper()
	caps, err := m.Capabilities(context.Background())
	if err != nil {
		t.Fatalf("Capabilities: %v", err)
	}
	for _, c := range caps {
		if c.ID == id {
			return c
		}
	}
	var ids []string
	for _, c := range caps {
		ids = append(ids, c.ID)
	}
	t.Fatalf("no capability %q among %v", id, ids)
	return capability.Capability{}
}

// call runs capability id with args.
func call(t *testing.T, m *Manager, id string, args map[string]any) (*capability.Result, error) {
	t.Helper()
	return capByID(t, m, id).Handler(context.Background(), args)
}

func text(r *capability.Result) string {
	var b strings.Builder
	for _, c := range r.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// spawnSleeper makes the server start a grandchild and returns the server's
// process group and the grandchild's pid.
func spawnSleeper(ctx context.Context, m *Manager, name string) (pgid, sleeper int, err error) {
	caps, err := m.ServerCapabilities(ctx, name)
	if err != nil {
		return 0, 0, err
	}
	for _, c := range caps {
		if c.Name != "spawn" {
			continue
		}
		res, err := c.Handler(ctx, nil)
		if err != nil {
			return 0, 0, err
		}
		n, ok := res.Structured.(map[string]any)["pid"].(int64)
		if !ok {
			return 0, 0, fmt.Errorf("spawn returned %#v", res.Structured)
		}
		st, err := m.Status(ctx, name)
		if err != nil {
			return 0, 0, err
		}
		return st.PID, int(n), nil
	}
	return 0, 0, errors.New("no spawn tool")
}

// liveGroupMembers lists the processes of group pgid that are not zombies.
// Zombies are dead already; they linger only where pid 1 does not reap
// orphans (as in some containers), so they do not count as left behind.
func liveGroupMembers(pgid int) []string {
	if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
		return nil
	}
	entries, _ := os.ReadDir("/proc")
	var live []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command is parenthesised and may contain spaces: fields
		// after the last ')' are state, ppid, pgrp.
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 3 {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g == pgid && f[0] != "Z" {
			live = append(live, fmt.Sprintf("%d(%s)", pid, s[strings.IndexByte(s, '(')+1:strings.LastIndexByte(s, ')')]))
		}
	}
	return live
}

// pidLive reports whether pid is a process that is not a zombie.
func pidLive(pid int) bool {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && f[0] != "Z"
}

// waitNoLiveMembers polls until group pgid has no live process.
func waitNoLiveMembers(t *testing.T, pgid int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		live := liveGroupMembers(pgid)
		if len(live) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("process group %d still has live members after %s: %v", pgid, within, live)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startHTTPServer runs the test server in HTTP mode and returns its base URL.
func startHTTPServer(t *testing.T, flags ...string) string {
	t.Helper()
	cmd := exec.Command(self(t), append([]string{"-http", "127.0.0.1:0"}, flags...)...)
	cmd.Env = append(os.Environ(), testmcp.EnvServe+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = stdin.Close() // the server exits when stdin closes
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the test server's address: %v", err)
	}
	return strings.TrimSpace(line)
}

// hostProcess is a test binary acting as toolplane with one wrapped server.
type hostProcess struct {
	cmd           *exec.Cmd
	pgid, sleeper int
}

func newHostProcess(t *testing.T) *hostProcess {
	t.Helper()
	cmd := exec.Command(self(t))
	cmd.Env = append(os.Environ(), envHost+"=1")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &hostProcess{cmd: cmd}
	t.Cleanup(h.kill)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the host's report: %v", err)
	}
	if _, err := fmt.Sscan(line, &h.pgid, &h.sleeper); err != nil {
		t.Fatalf("host said %q: %v", line, err)
	}
	return h
}

func (h *hostProcess) kill() {
	if h.cmd.ProcessState != nil {
		return
	}
	_ = h.cmd.Process.Kill()
	_ = h.cmd.Wait()
}
