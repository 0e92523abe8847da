package python_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/internal/difftest"
)

// The hostile corpus runs under these limits. Cases marked "# limit: time"
// get a short deadline and no step budget, so only the clock can stop
// them; every other case gets a long deadline that is only a backstop.
const (
	hostileSteps        = 5_000_000
	hostileMemory       = 64 << 20
	hostileDepth        = 500
	hostileOutput       = 1 << 20
	hostileHostCalls    = 50
	hostileDeadline     = 5 * time.Second
	hostileTimeLimit    = 300 * time.Millisecond
	hostileHangGrace    = 10 * time.Second
	hostileHeapGrowth   = 32 << 20
	hostileUnboundSteps = 1 << 62
)

const hostileXFailHeader = `Hostile cases (python/testdata/hostile) that currently do not end as their
marker says, with the first line of the difference. TestHostile requires each
listed case to still fail and every other case to pass.
Regenerate: go test ./python -run Hostile -update-xfail`

// TestHostile runs every case of python/testdata/hostile in snippet mode in
// this process, with tight limits and the host stubs, and requires:
//   - the marked ending: "# limit: a|b" ends by one of those limits (a depth
//     limit may surface as RecursionError and a memory limit as MemoryError);
//     "# raises: Type[: msg]" ends with that exception (any message if none
//     is stated) and not by a limit;
//   - that Run returns (no hang past the deadline plus a grace period);
//   - that print output and host calls never exceed their limits;
//   - that the heap returns near its baseline once the run is over.
func TestHostile(t *testing.T) {
	cases, err := difftest.Load(filepath.Join("testdata", "hostile"), "hostile")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 60 {
		t.Fatalf("hostile corpus has %d cases, want at least 60", len(cases))
	}
	for _, c := range cases {
		if !c.Marker.Raises && len(c.Marker.Limits) == 0 {
			t.Errorf("%s:%d: hostile case %s has no '# limit:' or '# raises:' marker", c.File, c.Line, c.Name)
		}
	}
	xfailPath := filepath.Join("testdata", "hostile", "xfail.txt")
	xfail, err := difftest.ReadXFail(xfailPath)
	if err != nil {
		t.Fatal(err)
	}
	baseline := heapInUse()
	runChecked(t, "hostile", cases, xfail, xfailPath, hostileXFailHeader, func(t *testing.T, c difftest.Case) (string, bool) {
		problem := runHostile(c)
		if after := heapInUse(); after > baseline+hostileHeapGrowth {
			problem = joinProblems(problem, fmt.Sprintf("heap in use %d MiB after the run, baseline %d MiB: the run's memory was not released",
				after>>20, baseline>>20))
		}
		return problem, true
	})
}

// runHostile runs one hostile case and describes how its ending differs
// from its marker ("" if it does not).
func runHostile(c difftest.Case) string {
	limits := python.Limits{
		Steps:          hostileSteps,
		MaxMemoryBytes: hostileMemory,
		MaxDepth:       hostileDepth,
		MaxOutputBytes: hostileOutput,
		MaxHostCalls:   hostileHostCalls,
	}
	deadline := hostileDeadline
	if slices.Contains(c.Marker.Limits, "time") {
		deadline = hostileTimeLimit
		limits.Steps = hostileUnboundSteps
	}
	out := &countingWriter{}
	var hostCalls atomic.Int64
	host := map[string]python.HostFunc{}
	for name, fn := range hostStubs() {
		host[name] = func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			hostCalls.Add(1)
			return fn(ctx, args, kw)
		}
	}

	type ending struct {
		err   error
		panic string
	}
	done := make(chan ending, 1)
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- ending{panic: fmt.Sprintf("%v\n%s", r, debug.Stack())}
			}
		}()
		prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{Snippet: true})
		if err == nil {
			_, err = prog.Run(ctx, python.RunOptions{Stdout: out, Host: host, Limits: limits})
		}
		done <- ending{err: err}
	}()
	var end ending
	select {
	case end = <-done:
	case <-time.After(deadline + hostileHangGrace):
		return fmt.Sprintf("hang: Run did not return %v after its deadline", hostileHangGrace)
	}
	if end.panic != "" {
		return "Go panic escaped the interpreter: " + end.panic
	}
	var problems string
	if n := out.n.Load(); n > hostileOutput {
		problems = joinProblems(problems, fmt.Sprintf("printed %d bytes, limit %d", n, hostileOutput))
	}
	if n := hostCalls.Load(); n > hostileHostCalls {
		problems = joinProblems(problems, fmt.Sprintf("made %d host calls, limit %d", n, hostileHostCalls))
	}
	return joinProblems(problems, checkHostileEnding(c.Marker, end.err))
}

// checkHostileEnding compares a run's error with a hostile marker.
func checkHostileEnding(m difftest.Marker, err error) string {
	var exc *python.Exception
	if err == nil {
		return fmt.Sprintf("want %s, but the run completed", m)
	}
	if !errors.As(err, &exc) {
		return fmt.Sprintf("want %s, got a non-*python.Exception error: %v", m, err)
	}
	if m.Raises {
		switch {
		case exc.Limit != "":
			return fmt.Sprintf("want %s, got limit %q (%s)", m, exc.Limit, exc.Error())
		case exc.Type != m.Type || (m.HasMessage && exc.Message != m.Message):
			return fmt.Sprintf("want %s, got %s", m, exc.Error())
		}
		return ""
	}
	for _, l := range m.Limits {
		if exc.Limit == l || (l == "depth" && exc.Type == "RecursionError") || (l == "memory" && exc.Type == "MemoryError") {
			return ""
		}
	}
	return fmt.Sprintf("want %s, got %s (limit %q)", m, exc.Error(), exc.Limit)
}

func joinProblems(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// heapInUse returns the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// countingWriter discards output but counts it, to check the output limit.
type countingWriter struct{ n atomic.Int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n.Add(int64(len(p)))
	return len(p), nil
}
