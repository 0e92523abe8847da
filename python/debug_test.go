package python

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// TestDebugFile runs the file named by $PYDEBUG, printing its output; it is
// skipped otherwise. It is a development aid for reproducing failures.
func TestDebugFile(t *testing.T) {
	path := os.Getenv("PYDEBUG")
	if path == "" {
		t.Skip("set PYDEBUG to a file to run it")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Compile("<snippet>", string(src), CompileOptions{Snippet: true})
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, err.(*Exception).Traceback)
	}
	res, err := prog.Run(context.Background(), RunOptions{Stdout: os.Stdout})
	if err != nil {
		t.Fatalf("run: %v\n%s", err, err.(*Exception).Traceback)
	}
	t.Logf("result: %s", res.Repr)
}

// TestDebugDir runs every .py file of $PYDEBUGDIR under tight limits with a
// deadline, logging how each ended; it is skipped otherwise.
func TestDebugDir(t *testing.T) {
	dir := os.Getenv("PYDEBUGDIR")
	if dir == "" {
		t.Skip("set PYDEBUGDIR to a directory to run it")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	host := map[string]HostFunc{}
	for _, n := range []string{"fetch", "echo", "add", "slow", "fail", "search", "call_tool"} {
		host[n] = func(ctx context.Context, args []any, kw map[string]any) (any, error) { return args, nil }
	}
	for _, e := range entries {
		src, _ := os.ReadFile(dir + "/" + e.Name())
		prog, err := Compile("<snippet>", string(src), CompileOptions{Snippet: true})
		if err != nil {
			t.Logf("%s: compile: %v", e.Name(), err)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		start := time.Now()
		_, err = prog.Run(ctx, RunOptions{Host: host, Limits: Limits{Steps: 5_000_000, MaxMemoryBytes: 64 << 20, MaxDepth: 500, MaxHostCalls: 50}})
		cancel()
		var ex *Exception
		if errors.As(err, &ex) {
			t.Logf("%s: %v limit=%q (%v)", e.Name(), err, ex.Limit, time.Since(start).Round(time.Millisecond))
		} else {
			t.Logf("%s: %v (%v)", e.Name(), err, time.Since(start).Round(time.Millisecond))
		}
	}
}
