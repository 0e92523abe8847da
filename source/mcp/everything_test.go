//go:build unix

package mcp

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// everythingScript finds the npm package @modelcontextprotocol/server-everything
// installed by scripts/install-test-deps.sh. Without it the test skips, unless
// CI is set: CI must have installed it, so there it fails.
func everythingScript(t *testing.T) string {
	t.Helper()
	prefix := os.Getenv("TOOLPLANE_NODE_PREFIX")
	if prefix == "" {
		var err error
		if prefix, err = filepath.Abs(filepath.Join("..", "..", ".cache", "node")); err != nil {
			t.Fatal(err)
		}
	}
	script := filepath.Join(prefix, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	missing := ""
	if _, err := os.Stat(script); err != nil {
		missing = fmt.Sprintf("npm package @modelcontextprotocol/server-everything is not installed in %s", prefix)
	} else if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	}
	if missing != "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s; CI must run scripts/install-test-deps.sh first", missing)
		}
		t.Skipf("%s; run scripts/install-test-deps.sh to include this test", missing)
	}
	return script
}

func TestEverythingStdio(t *testing.T) {
	t.Parallel()
	script := everythingScript(t)
	spec := ServerSpec{
		Name:    "everything",
		Command: "node",
		Args:    []string{script, "stdio"},
		Timeout: 10 * time.Second,
		Tools:   map[string]ToolOverride{"get-env": {Disabled: true}},
	}
	m := newManager(t, ManagerOptions{}, spec)
	checkEverything(t, m)

	st := status(t, m, "everything")
	if st.State != "ok" || st.PID == 0 || !strings.Contains(st.StderrTail, "Starting default (STDIO) server") {
		t.Errorf("status = %+v", st)
	}
	pgid := st.PID
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	waitNoLiveMembers(t, pgid, 15*time.Second)
}

func TestEverythingStreamableHTTP(t *testing.T) {
	t.Parallel()
	script := everythingScript(t)
	port := freePort(t)
	cmd := exec.Command("node", script, "streamableHttp")
	cmd.Env = append(os.Environ(), "PORT="+port)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	ready := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening on port") {
				ready <- nil
				for sc.Scan() { // keep draining so the server never blocks on stderr
				}
				return
			}
		}
		ready <- fmt.Errorf("server-everything ended before listening: %v", sc.Err())
	}()
	select {
	case err := <-ready:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("server-everything did not start listening within 20s")
	}
	m := newManager(t, ManagerOptions{}, ServerSpec{
		Name:    "everything",
		URL:     "http://127.0.0.1:" + port + "/mcp",
		Timeout: 10 * time.Second,
		Tools:   map[string]ToolOverride{"get-env": {Disabled: true}},
	})
	checkEverything(t, m)
}

// checkEverything lists and calls tools of server-everything through m.
func checkEverything(t *testing.T, m *Manager) {
	t.Helper()
	caps, err := m.Capabilities(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, c := range caps {
		have[c.ID] = true
	}
	for _, id := range []string{"mcp:everything/echo", "mcp:everything/get-sum", "mcp:everything/get-structured-content", "mcp:everything/get-tiny-image"} {
		if !have[id] {
			t.Errorf("missing %s", id)
		}
	}
	if have["mcp:everything/get-env"] {
		t.Error("disabled tool get-env is listed")
	}

	res, err := call(t, m, "mcp:everything/echo", map[string]any{"message": "hi there"})
	if err != nil || text(res) != "Echo: hi there" {
		t.Errorf("echo: %+v %v", res, err)
	}
	res, err = call(t, m, "mcp:everything/get-sum", map[string]any{"a": 2, "b": 40})
	if err != nil || !strings.Contains(text(res), "is 42") {
		t.Errorf("get-sum: %+v %v", res, err)
	}
	res, err = call(t, m, "mcp:everything/get-structured-content", map[string]any{"location": "Chicago"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"temperature": int64(36), "conditions": "Light rain / drizzle", "humidity": int64(82)}
	if diff := cmp.Diff(want, res.Structured); diff != "" {
		t.Errorf("get-structured-content (-want +got):\n%s", diff)
	}
	res, err = call(t, m, "mcp:everything/get-tiny-image", nil)
	if err != nil {
		t.Fatal(err)
	}
	var images int
	for _, c := range res.Content {
		if c.Type == "image" && c.MIMEType == "image/png" && c.Data != "" {
			images++
		}
	}
	if images != 1 {
		t.Errorf("get-tiny-image content = %+v", res.Content)
	}
	// Invalid arguments come back as a tool error or a JSON-RPC error; either
	// way the server must stay usable.
	if res, err := call(t, m, "mcp:everything/get-sum", map[string]any{"a": "two"}); err == nil && !res.IsError {
		t.Errorf("get-sum with a string: %+v", res)
	}
	if res, err := call(t, m, "mcp:everything/echo", map[string]any{"message": "still"}); err != nil || text(res) != "Echo: still" {
		t.Errorf("echo after a bad call: %+v %v", res, err)
	}
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// TestEverythingThroughNpx starts server-everything the way users configure
// npm servers, through npx (node running npm, which runs the server as a
// grandchild), and checks that Close leaves no process of the group.
func TestEverythingThroughNpx(t *testing.T) {
	t.Parallel()
	script := everythingScript(t)
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("npx is not on PATH")
	}
	prefix := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(script))))) // .../node
	m := newManager(t, ManagerOptions{ShutdownGrace: 200 * time.Millisecond}, ServerSpec{
		Name:    "everything",
		Command: "npx",
		Args:    []string{"--no-install", "mcp-server-everything", "stdio"},
		Cwd:     prefix,
		Timeout: 10 * time.Second,
	})
	begin := time.Now()
	res, err := call(t, m, "mcp:everything/echo", map[string]any{"message": "via npx"})
	t.Logf("first call through npx took %s", time.Since(begin))
	if err != nil || text(res) != "Echo: via npx" {
		t.Fatalf("echo: %+v %v", res, err)
	}
	pgid := status(t, m, "everything").PID
	if live := liveGroupMembers(pgid); len(live) < 2 {
		t.Logf("group %d: %v (npx may exec the server directly)", pgid, live)
	}
	begin = time.Now()
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("Close took %s", time.Since(begin))
	waitNoLiveMembers(t, pgid, 15*time.Second)
}
