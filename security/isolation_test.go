package security_test

// Crash isolation: snippets run in sandbox worker processes, so whatever a
// snippet does to the interpreter costs one run, never the server, another
// session or the credentials; and a worker subverted down to its own Go
// code can open no file, socket or program.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// isolationConfig serves with the stats test plugin and a small session
// memory cap, so a worker that exhausts its memory dies quickly.
const isolationConfig = `
[session]
max_memory_mb = 64

[plugins]
use = ["stats"]
`

// TestAttackSandboxCrashCostsOneRun: a Go stack overflow in a worker (the
// class of the one-line snippet that used to kill `toolplane serve mcp`;
// that snippet is a RecursionError now, see python's hostile corpus), and a worker that panics, exhausts its
// memory, exits, spins past its deadline or talks garbage, each cost the
// run that did it: that run gets "the sandbox process crashed: <why>; the
// session was reset", the session's next run starts fresh and says so,
// another session keeps its globals, a new client is served, the server's
// memory and goroutines return to their baseline, and no worker outlives
// the server.
func TestAttackSandboxCrashCostsOneRun(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, isolationConfig)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	pid := srv.Cmd.Process.Pid
	a := e2e.ConnectHTTP(t, srv.URL)
	b := e2e.ConnectHTTP(t, srv.URL)

	e2e.MustRun(t, a, `x = "a's globals"`)
	e2e.MustRun(t, b, `y = "b's globals"`)
	baseRSS, baseG := serverRSS(t, pid), goroutines(t, srv.URL)

	crashes := []struct {
		name, code, cause string
		timeout           float64
	}{
		{"recursion", "# sandbox-test-hook: stackoverflow", "fatal error: stack overflow", 0},
		{"panic", "# sandbox-test-hook: panic", "panic: sandbox test hook: panic", 0},
		// The host's watchdog kills it past its resident limit, or (on a
		// host too loaded to look in time) the runtime at its address space.
		{"oom", "# sandbox-test-hook: oom", "MiB resident, more than the|out of memory", 0},
		{"exit", "# sandbox-test-hook: exit", "exit status 3", 0},
		{"garbage", "# sandbox-test-hook: garbage", "it sent a bad frame", 0},
		{"hang", "# sandbox-test-hook: hang", "did not stop within", 1},
	}
	workers := map[int]bool{}
	for _, c := range crashes {
		for _, w := range workerPIDs(t, pid) {
			workers[w] = true
		}
		var extra []any
		if c.timeout > 0 {
			extra = []any{"timeout", c.timeout}
		}
		res, sc := e2e.Exec(t, b, c.code, extra...)
		text := e2e.Text(res)
		t.Logf("%s: %s", c.name, strings.TrimSpace(text))
		want := "the sandbox process crashed: "
		cause := false
		for _, alt := range strings.Split(c.cause, "|") {
			cause = cause || strings.Contains(text, alt)
		}
		if !res.IsError || !strings.Contains(text, want) || !cause || !strings.Contains(text, "the session was reset") {
			t.Errorf("%s: the run that killed its worker got:\n%s\nwant %q, %q and %q", c.name, text, want, c.cause, "the session was reset")
		}
		if sc["rolled_back"] == true {
			t.Errorf("%s: the result claims a rollback of a session whose worker died", c.name)
		}
		// The session's next run starts fresh, and says so.
		res, sc = e2e.Exec(t, b, `return "y" in globals()`)
		if res.IsError || sc["value"] != false || !strings.Contains(e2e.Text(res), "globals were lost") {
			t.Errorf("%s: the next run of the crashed session: value %v\n%s", c.name, sc["value"], e2e.Text(res))
		}
		if v := e2e.MustRun(t, a, `return x`); v != "a's globals" {
			t.Errorf("%s: the other session's x = %v", c.name, v)
		}
		e2e.MustRun(t, b, `y = "b's globals"`)
	}

	third := e2e.ConnectHTTP(t, srv.URL)
	if v := e2e.MustRun(t, third, `return sum(range(10))`); v != float64(45) {
		t.Errorf("a third client got %v", v)
	}

	// Memory and goroutines return to the baseline (give the collector and
	// the reapers a moment).
	var rss int64
	var g int
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		rss, g = serverRSS(t, pid), goroutines(t, srv.URL)
		// The third client's session adds a few goroutines of its own.
		if (rss <= baseRSS+24<<20 && g <= baseG+8) || time.Now().After(deadline) {
			break
		}
	}
	if rss > baseRSS+24<<20 {
		t.Errorf("server RSS %d MiB after the crashes, baseline %d MiB", rss>>20, baseRSS>>20)
	}
	if g > baseG+8 {
		t.Errorf("server goroutines %d after the crashes, baseline %d", g, baseG)
	}

	// No worker outlives the server.
	for _, w := range workerPIDs(t, pid) {
		workers[w] = true
	}
	if len(workers) < len(crashes) {
		t.Errorf("saw %d worker processes over %d crashes: are runs isolated?", len(workers), len(crashes))
	}
	e2e.Stop(srv.Cmd)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var left []int
		for w := range workers {
			if processExists(w) {
				left = append(left, w)
			}
		}
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker processes %v outlived the server", left)
		}
	}
}

// TestAttackSubvertedWorkerCannotReachTheSystem: a worker made to run
// raw system calls from its own Go code (as a subverted interpreter
// could) cannot open a file, create a socket, exec a program or signal
// another process: each is refused by the kernel.
func TestAttackSubvertedWorkerCannotReachTheSystem(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, isolationConfig)
	cs := e.Stdio(t)
	v, _ := e2e.MustRun(t, cs, "# sandbox-test-hook: syscalls").(map[string]any)
	t.Logf("raw system calls from a worker: %v", v)
	for _, call := range []string{"open", "socket", "socket_unix", "execve", "kill"} {
		got, _ := v[call].(string)
		errno, _, _ := strings.Cut(got, " ")
		if errno != "1" && errno != "13" { // EPERM, EACCES
			t.Errorf("%s from a worker: %q, want EPERM or EACCES", call, got)
		}
	}
	if len(v) == 0 {
		t.Fatal("the syscalls hook reported nothing: is the binary built with toolplane_e2e?")
	}
	// A snippet's own save_result shadows the runtime's for that run
	// only: the worker's next run of the session sees the runtime's again.
	if v := e2e.MustRun(t, cs, "save_result = 1\nreturn save_result"); v != int64(1) && v != float64(1) {
		t.Errorf("a worker run that binds save_result: %v (%T), want 1", v, v)
	}
	if v := e2e.MustRun(t, cs, "return callable(save_result)"); v != true {
		t.Errorf("the next run in the worker: callable(save_result) = %v, want true (the shadow must not persist)", v)
	}
}

// serverRSS is the resident memory of process pid.
func serverRSS(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	t.Fatalf("no VmRSS in /proc/%d/status", pid)
	return 0
}

// goroutines asks the stats plugin of the server at url for its
// goroutine count.
func goroutines(t *testing.T, url string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(url, "/mcp")+"/debug/stats", nil)
	req.Header.Set("Authorization", "Bearer "+e2e.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct{ Goroutines int }
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || st.Goroutines == 0 {
		t.Fatalf("stats: %v (%d)", err, resp.StatusCode)
	}
	return st.Goroutines
}

// workerPIDs lists the sandbox workers whose parent is pid.
func workerPIDs(t *testing.T, pid int) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	var out []int
	for _, en := range entries {
		n, err := strconv.Atoi(en.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", en.Name(), "cmdline"))
		stat, _ := os.ReadFile(filepath.Join("/proc", en.Name(), "stat"))
		if !strings.Contains(string(cmdline), "__sandbox-worker") {
			continue
		}
		// stat: pid (comm) state ppid ...
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 {
			f := strings.Fields(string(stat)[i+1:])
			if len(f) > 1 && f[1] == strconv.Itoa(pid) {
				out = append(out, n)
			}
		}
	}
	return out
}

// processExists reports whether a process (not a zombie) has pid.
func processExists(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i > 0 && !strings.HasPrefix(strings.TrimSpace(string(stat)[i+1:]), "Z")
}

// TestAttackSandboxStringsThatAreNotUTF8: a Python str need not be valid
// UTF-8 (the literal '\ud800' is a lone surrogate), and neither is what a
// CLI binary prints. Such a string crossing the bridge in either direction
// (a result, a dict key, an exception message, a global's name, a
// capability's argument, a binary's output) once broke the protocol: the
// worker was killed and the session reset ("the sandbox process crashed"),
// for a value as ordinary as `cat` of a binary file. Each crosses as
// UTF-8 with U+FFFD for what is not, as in-process runs already showed it,
// and the session keeps its globals.
func TestAttackSandboxStringsThatAreNotUTF8(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[toolplane]\nisolation = \"process\"\n\n[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n")
	cs := e.Stdio(t)
	e2e.MustRun(t, cs, `kept = "still here"`)
	cases := []struct{ name, code string }{
		{"result", `return "a\ud800b"`},
		{"dict key", `return {"\udfff": 1}`},
		{"exception", `raise ValueError("\ud800")`},
		{"global name", `globals()["x\ud800"] = 1`},
		{"argument", `return await up.echo(text="\ud800")`},
		{"argument key", `return await call_tool("up.echo", {"text": "t", "\ud800": 1})`},
		{"binary output", `return (await printf("\\377\\376ok")).stdout`},
		{"binary output in error", `return await printf("%s", _=["\\377"], check=True)`},
	}
	for _, c := range cases {
		res, _ := e2e.Exec(t, cs, c.code)
		text := e2e.Text(res)
		if strings.Contains(text, "sandbox process crashed") || strings.Contains(text, "globals were lost") {
			t.Errorf("%s: %s\n%s", c.name, c.code, text)
		}
		if v := e2e.MustRun(t, cs, `return kept`); v != "still here" {
			t.Fatalf("after %s: the session's globals are gone (kept = %v)", c.name, v)
		}
	}
	if v := e2e.MustRun(t, cs, `return (await printf("\\377\\376ok")).stdout`); v != "\ufffd\ufffdok" {
		t.Errorf("a binary's invalid UTF-8 output reached the snippet as %q, want %q", v, "\ufffd\ufffdok")
	}
}

// TestAttackSandboxManyGlobals: the names of a session's globals travel
// with every result from its worker, and a session holding 200 000 long
// names made every later run fail ("the result cannot be returned from
// the sandbox"), `x = 1` included, until reset_session. The run that
// binds them and the runs after it succeed.
func TestAttackSandboxManyGlobals(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[toolplane]\nisolation = \"process\"\n")
	cs := e.Stdio(t)
	code := "g = globals()\nfor i in range(200000):\n    g['v' * 80 + str(i)] = i\nreturn sum(1 for k in g if k.startswith('vvv'))"
	if v := e2e.MustRun(t, cs, code); v != float64(200000) {
		t.Errorf("binding 200 000 globals: %v", v)
	}
	if v := e2e.MustRun(t, cs, "x = 1\nreturn g['v' * 80 + '199999'] + x"); v != float64(200000) {
		t.Errorf("the next run: %v", v)
	}
}

// TestAttackSandboxIdleWorkerMemory: a session's worker kept the memory
// of its last run's garbage while idle (400 MiB resident per idle session
// after a run that churned through strings, indefinitely), so a token's
// idle sessions held gigabytes that the retained-memory caps, which count
// what globals keep, never saw. A worker gives its garbage back after a
// run: an idle worker holding nothing stays small.
func TestAttackSandboxIdleWorkerMemory(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[toolplane]\nisolation = \"process\"\n")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	churn := "x = []\nfor i in range(10):\n    x.append('a' * 10_000_000)\n    x = x[-8:]\nx = None\nreturn 1"
	for range 2 {
		cs := e2e.ConnectHTTP(t, srv.URL)
		e2e.MustRun(t, cs, churn)
	}
	var worst int64
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		worst = 0
		for _, w := range workerPIDs(t, srv.Cmd.Process.Pid) {
			worst = max(worst, serverRSS(t, w))
		}
		if worst < 64<<20 || time.Now().After(deadline) {
			break
		}
	}
	if worst >= 64<<20 {
		t.Errorf("an idle worker holds %d MiB resident after a run whose values are gone", worst>>20)
	}
}
