//go:build linux

package toolplane

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/sandbox"
)

// TestProcessIsolationKeepsSessionsAndSurvivesCrashes drives the Go API in
// process isolation (this test binary is the worker: TestMain calls
// SandboxWorkerMain): globals persist in the session's worker, a rollback
// and a reset reach it, a RecursionError stays a Python exception, and a
// worker that dies costs the run and the session's globals only, and the
// next run says so.
func TestProcessIsolationKeepsSessionsAndSurvivesCrashes(t *testing.T) {
	t.Parallel()
	// No spare workers: killWorkers kills every worker of this process,
	// and a spare it killed idle could take the run after the crash (its
	// request written into the pipe of a worker not yet reaped), failing
	// the run the test expects to start afresh.
	rt, err := New(WithProcessIsolation(sandbox.Options{Prestart: -1}))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if !rt.Isolated() {
		t.Fatal("Isolated() = false")
	}
	s := rt.NewSession()
	defer s.Close()
	// started tells the test that a run is under way in its worker.
	started := make(chan struct{}, 1)
	bindings := map[string]backend.HostFunc{"started": func(context.Context, []any, map[string]any) (any, error) {
		started <- struct{}{}
		return nil, nil
	}}
	run := func(code string, end backend.EndMode) (notice string, res *ExecutionResult) {
		t.Helper()
		notice = s.Begin()
		defer s.End(end)
		res, err := rt.Execute(context.Background(), code, ExecuteOptions{Session: s, Bindings: bindings})
		if err != nil {
			t.Fatalf("%q: %v", code, err)
		}
		return notice, res
	}
	if _, res := run("x = 41\nprint('hi')", backend.EndKeep); res.Error != nil || res.Stdout != "hi\n" {
		t.Fatalf("first run: %+v", res)
	}
	if _, res := run("x = 0", backend.EndRollback); res.Error != nil {
		t.Fatalf("rolled-back run: %+v", res.Error)
	}
	if _, res := run("return x + 1", backend.EndKeep); res.Error != nil || res.Value != int64(42) {
		t.Fatalf("x after a rollback: %v %+v", res.Value, res.Error)
	}
	if got := s.Names(); len(got) != 1 || got[0] != "x" {
		t.Errorf("Names() = %v, want [x]", got)
	}
	// The snippet that once overflowed Go's stack is an ordinary
	// RecursionError in the worker: the session keeps its globals.
	if _, res := run("class A: pass\nA.__init__ = A\nA()", backend.EndKeep); res.Error == nil || res.Error.Type != "RecursionError" {
		t.Fatalf("the recursion: %+v", res.Error)
	}
	// A worker that dies under a run (killed from outside here; the
	// end-to-end attack tests crash it from inside) costs that run and the
	// session's globals, and the next run says so.
	done := make(chan *ExecutionResult, 1)
	go func() {
		_, res := run("import asyncio\nawait started()\nawait asyncio.sleep(30)", backend.EndKeep)
		done <- res
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the run never started")
	}
	killWorkers(t)
	res := <-done
	if res.Error == nil || !strings.Contains(res.Error.Message, "the sandbox process crashed") || !strings.Contains(res.Error.Message, "the session was reset") {
		t.Fatalf("the killed worker: %+v", res.Error)
	}
	notice, res := run("return 'x' in globals()", backend.EndKeep)
	if res.Value != false || !strings.Contains(notice, "crashed") {
		t.Errorf("after the crash: value %v, error %+v, notice %q", res.Value, res.Error, notice)
	}
	if _, res := run("y = 1", backend.EndReset); res.Error != nil {
		t.Fatal(res.Error)
	}
	if _, res := run("return 'y' in globals()", backend.EndKeep); res.Value != false {
		t.Errorf("a reset session still has y")
	}
	// A one-off run (no session) works too.
	if res, err := rt.Execute(context.Background(), "return 6 * 7", ExecuteOptions{}); err != nil || res.Value != int64(42) {
		t.Errorf("one-off run: %v %v", res, err)
	}
}

// killWorkers kills every sandbox worker child of this process with
// SIGKILL.
func killWorkers(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		killed := 0
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
			if err != nil {
				continue
			}
			// The fields after the command name, which ends at the last ')'.
			i := bytes.LastIndexByte(stat, ')')
			f := strings.Fields(string(stat[i+1:]))
			if len(f) < 2 || f[1] != strconv.Itoa(os.Getpid()) {
				continue
			}
			cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
			if !bytes.Contains(cmdline, []byte(sandbox.WorkerArg)) {
				continue
			}
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
		if killed > 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no sandbox worker to kill")
}
