package toolplane

import (
	"context"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/sandbox"
)

// TestProcessIsolationKeepsSessionsAndSurvivesCrashes drives the Go API in
// process isolation (this test binary is the worker: TestMain calls
// SandboxWorkerMain): globals persist in the session's worker, a rollback
// and a reset reach it, a stack overflow in the interpreter costs the run
// and the session's globals only, and the next run says so.
func TestProcessIsolationKeepsSessionsAndSurvivesCrashes(t *testing.T) {
	t.Parallel()
	rt, err := New(WithProcessIsolation(sandbox.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if !rt.Isolated() {
		t.Fatal("Isolated() = false")
	}
	s := rt.NewSession()
	defer s.Close()
	run := func(code string, end backend.EndMode) (notice string, res *ExecutionResult) {
		t.Helper()
		notice = s.Begin()
		defer s.End(end)
		res, err := rt.Execute(context.Background(), code, ExecuteOptions{Session: s})
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
	_, res := run("class A: pass\nA.__init__ = A\nA()", backend.EndKeep)
	if res.Error == nil || !strings.Contains(res.Error.Message, "the sandbox process crashed: fatal error: stack overflow; the session was reset") {
		t.Fatalf("the stack overflow: %+v", res.Error)
	}
	notice, res := run("return 'x' in globals()", backend.EndKeep)
	if res.Value != false || !strings.Contains(notice, "crashed (fatal error: stack overflow)") {
		t.Errorf("after the crash: value %v, notice %q", res.Value, notice)
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
