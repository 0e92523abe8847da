package server_test

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestSIGTERMDuringLongRun: SIGTERM while a run waits on an upstream call
// stops accepting connections, lets the run go on for [http]
// shutdown_grace, then ends it with an error that says the server is
// shutting down; the audit log has its run_end, the upstream server and
// the process it started are gone, and serve exits 0.
func TestSIGTERMDuringLongRun(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "\n[http]\nshutdown_grace = \"1s\"\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	base := strings.TrimSuffix(srv.URL, "/mcp")
	for _, path := range []string{"/healthz", "/readyz"} {
		res, err := http.Get(base + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("GET %s before the shutdown: %v %v", path, res, err)
		}
		res.Body.Close()
	}
	grandchild := int(e2e.MustRun(t, cs, `return (await up.spawn())["pid"]`).(float64))
	upstreams := children(srv.Cmd.Process.Pid)
	if len(upstreams) == 0 {
		t.Fatal("no upstream process found")
	}

	type outcome struct {
		text string
		err  error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := e2e.TryCall(cs, "execute_code", map[string]any{"code": `return await up.slow(ms=30000)`})
		if err != nil {
			done <- outcome{err: err}
			return
		}
		done <- outcome{text: e2e.Text(res)}
	}()
	waitFor(t, 20*time.Second, "the run's start in the audit log", func() bool {
		for _, l := range e2e.AuditLines(t, e.Audit) {
			if l["event"] == "run_start" {
				return true
			}
		}
		return false
	})
	time.Sleep(200 * time.Millisecond) // the run is in its upstream call
	start := time.Now()
	if err := srv.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- srv.Cmd.Wait() }()

	var o outcome
	select {
	case o = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not end after SIGTERM")
	}
	if o.err != nil || !strings.Contains(o.text, "CancelledError: the server is shutting down: the run was stopped after the 1s grace period") {
		t.Errorf("the run ended with %q, %v; want the shutdown error", o.text, o.err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("the run was stopped after %s, before its grace period", d)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM; want 0\n%s", err, srv.Stderr())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("serve did not exit after SIGTERM\n%s", srv.Stderr())
	}
	var ends []map[string]any
	for _, l := range e2e.AuditLines(t, e.Audit) {
		if l["event"] == "run_end" {
			ends = append(ends, l)
		}
	}
	if len(ends) != 2 || ends[1]["error_type"] != "CancelledError" {
		t.Errorf("run_end events: %v; want the long run's, a CancelledError", ends)
	}
	for _, pid := range append(upstreams, grandchild) {
		waitFor(t, 5*time.Second, fmt.Sprintf("process %d to be gone", pid), func() bool { return gone(pid) })
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the listener still accepts after the shutdown")
	}
}

// children lists the processes whose parent is pid.
func children(pid int) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, ent := range ents {
		n, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + ent.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so split after ")".
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+2:])
		f := strings.Fields(rest)
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, n)
		}
	}
	return out
}

// gone reports whether process pid no longer runs (absent or a zombie).
func gone(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+2:])
	return strings.HasPrefix(rest, "Z")
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
