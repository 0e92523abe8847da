package localpython

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// testBridge is a Bridge over Go functions keyed by canonical id: the
// contract every runtime bridge meets, without a registry.
type testBridge struct {
	ns    capability.Namespace
	funcs map[string]func(ctx context.Context, args []any, kwargs map[string]any) (any, error)

	mu    sync.Mutex
	calls []string

	inflight, maxInflight atomic.Int64
}

func (b *testBridge) Namespace() capability.Namespace { return b.ns }

func (b *testBridge) Call(ctx context.Context, idOrAlias string, args []any, kwargs map[string]any) (any, error) {
	id := idOrAlias
	if canon, ok := b.ns[idOrAlias]; ok {
		id = canon
	}
	f, ok := b.funcs[id]
	if !ok {
		return nil, &backend.CallError{Type: "LookupError", Detail: idOrAlias + ": no such capability"}
	}
	b.mu.Lock()
	b.calls = append(b.calls, id)
	b.mu.Unlock()
	return f(ctx, args, kwargs)
}

func newTestBridge() *testBridge {
	b := &testBridge{}
	*b = testBridge{
		ns: capability.Namespace{
			"greeter_greet": "go:greeter/greet",
			"greeter.greet": "go:greeter/greet",
			"slow":          "go:test/slow",
			"fail":          "go:test/fail",
			"deny":          "go:test/deny",
			"echo":          "go:test/echo",
		},
		funcs: map[string]func(context.Context, []any, map[string]any) (any, error){
			"go:greeter/greet": func(_ context.Context, args []any, kwargs map[string]any) (any, error) {
				name, _ := kwargs["name"].(string)
				if len(args) == 1 {
					if obj, ok := args[0].(map[string]any); ok {
						name, _ = obj["name"].(string)
					}
				}
				return map[string]any{"greeting": "hello, " + name}, nil
			},
			"go:test/slow": func(ctx context.Context, _ []any, _ map[string]any) (any, error) {
				n := b.inflight.Add(1)
				defer b.inflight.Add(-1)
				for m := b.maxInflight.Load(); n > m && !b.maxInflight.CompareAndSwap(m, n); m = b.maxInflight.Load() {
				}
				select {
				case <-time.After(100 * time.Millisecond):
					return "ok", nil
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			},
			"go:test/fail": func(context.Context, []any, map[string]any) (any, error) {
				return nil, &backend.CallError{Type: "ToolError", CapabilityID: "go:test/fail", Detail: "rate limited"}
			},
			"go:test/deny": func(context.Context, []any, map[string]any) (any, error) {
				return nil, &backend.CallError{Type: "PermissionError", CapabilityID: "go:test/deny", Detail: "token may not call this"}
			},
			"go:test/echo": func(_ context.Context, args []any, kwargs map[string]any) (any, error) {
				return map[string]any{"args": args, "kwargs": kwargs}, nil
			},
		},
	}
	return b
}

func requirePython(t *testing.T) *Backend {
	t.Helper()
	b := New()
	if err := b.Available(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is needed by these tests: %v", err)
		}
		t.Skipf("no usable python3: %v", err)
	}
	return b
}

func runSnippet(t *testing.T, b *Backend, code string, opts backend.RunOptions) (*backend.Result, string, error) {
	t.Helper()
	var out bytes.Buffer
	if opts.Stdout == nil {
		opts.Stdout = &out
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := b.Run(ctx, code, newTestBridge(), opts)
	return res, out.String(), err
}

func TestResultValues(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	cases := []struct {
		code  string
		value any
		repr  string
	}{
		{"1 + 2", int64(3), "3"},
		{"x = 5\nreturn {'x': x, 'l': [1, 2.5, None, True]}", jsonlike.Object{{Key: "x", Value: int64(5)}, {Key: "l", Value: []any{int64(1), 2.5, nil, true}}}, "{'x': 5, 'l': [1, 2.5, None, True]}"},
		// Order, float-ness and non-finite floats survive, as on the
		// embedded backend (package jsonlike).
		{"{'b': 5.0, 'a': 1e20, 1: float('inf')}", jsonlike.Object{{Key: "b", Value: 5.0}, {Key: "a", Value: 1e20}, {Key: "1", Value: math.Inf(1)}}, "{'b': 5.0, 'a': 1e+20, 1: inf}"},
		{"x = 1", nil, "None"},
		{"", nil, "None"},
		{"return (1, 'a')", []any{int64(1), "a"}, "(1, 'a')"},
		{"return {1, 2} - {2}", "{1}", "{1}"},
		{"if True:\n    return 'early'\nreturn 'late'", "early", "'early'"},
		{"import math\nmath.pi", 3.141592653589793, "3.141592653589793"},
		{"return 2**70", new(big.Int).Lsh(big.NewInt(1), 70), "1180591620717411303424"},
		// Top-level names are globals: functions see and rebind them.
		{"count = 0\ndef inc():\n    global count\n    count += 1\ninc(); inc()\ncount", int64(2), "2"},
		{"n: int = 4\nclass C:\n    v = n * 2\nC.v", int64(8), "8"},
		{"from __future__ import annotations\ndef f(x: Undefined) -> int: return 1\nf(0)", int64(1), "1"},
		{"from math import *\nfloor(2.5)", int64(2), "2"},
		{"'doc'\nfrom __future__ import annotations\nx: Undefined = 2\nx", int64(2), "2"},
		{"import sys\nsys.argv[0] + __name__", "<snippet>__main__", "'<snippet>__main__'"},
		{"[y := 3 for _ in range(2)]\ny", int64(3), "3"},
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			res, _, err := runSnippet(t, b, c.code, backend.RunOptions{})
			if err != nil {
				t.Fatalf("%q: %v", c.code, err)
			}
			if diff := cmp.Diff(c.value, res.Value, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" || res.Repr != c.repr {
				t.Errorf("%q: value diff (-want +got):\n%s repr %q, want %q", c.code, diff, res.Repr, c.repr)
			}
		})
	}
}

func TestPrintsAndStderr(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	var out, errOut bytes.Buffer
	res, _, err := runSnippet(t, b, "import sys\nprint('hello', 42)\nprint('oops', file=sys.stderr)\nprint('é')\n'r'",
		backend.RunOptions{Stdout: &out, Stderr: &errOut})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != "hello 42\né\n" || errOut.String() != "oops\n" || res.Value != "r" {
		t.Errorf("stdout %q stderr %q value %v", out.String(), errOut.String(), res.Value)
	}
}

func TestExceptionTraceback(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	code := "x = 1\n\ndef f(n):\n    return 10 // n\n\nf(x - 1)\n"
	_, _, err := runSnippet(t, b, code, backend.RunOptions{Filename: "job.py"})
	var be *backend.Error
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want *backend.Error", err)
	}
	want := "Traceback (most recent call last):\n" +
		"  File \"job.py\", line 6, in <module>\n    f(x - 1)\n" +
		"  File \"job.py\", line 4, in f\n    return 10 // n\n           ~~~^^~~\n" +
		"ZeroDivisionError: integer division or modulo by zero\n"
	if be.Type != "ZeroDivisionError" || be.Message != "integer division or modulo by zero" || be.Limit != "" {
		t.Errorf("error = %+v", be)
	}
	if diff := cmp.Diff(oracleTraceback(t, "job.py", code), be.Traceback); diff != "" {
		t.Errorf("traceback differs from CPython running the file (-cpython +ours):\n%s", diff)
	}
	if !strings.HasPrefix(be.Traceback, want[:60]) {
		t.Errorf("traceback = %q", be.Traceback)
	}
}

// oracleTraceback is CPython's own traceback for code run as a file
// named name, in a scratch directory.
func oracleTraceback(t *testing.T, name, code string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/"+name, []byte(code), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", name)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run()
	// CPython names a script by its absolute path.
	return strings.ReplaceAll(stderr.String(), dir+"/", "")
}

func TestSyntaxErrors(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	cases := []struct{ code, typ, inTB string }{
		{"x = = 1", "SyntaxError", "line 1"},
		{"x = 1\nyield x", "SyntaxError", "'yield' outside function"},
		{"def f():\n    await g()", "SyntaxError", "line 2"},
	}
	for _, c := range cases {
		_, _, err := runSnippet(t, b, c.code, backend.RunOptions{})
		var be *backend.Error
		if !errors.As(err, &be) || be.Type != c.typ || !strings.Contains(be.Traceback+be.Message, c.inTB) {
			t.Errorf("%q: err = %#v, want %s mentioning %q", c.code, err, c.typ, c.inTB)
		}
	}
}

// TestRuntimeNamesShadowed: as on the embedded backend, a snippet may bind
// a runtime name (call_tool, a capability alias or namespace) itself; its
// own binding is what it then calls, nothing refuses it up front, and the
// CLI bindings keep the runtime's call_tool.
func TestRuntimeNamesShadowed(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	code := `
real = call_tool
async def call_tool(name, args=None):
    return "mine: " + name
for save_result in []: pass
greeter_greet = lambda **kw: "shadowed"
a = await call_tool("x")
b = greeter_greet(name="ada")
c = await real("greeter.greet", {"name": "cy"})
return [a, b, c["greeting"]]
`
	res, _, err := runSnippet(t, b, code, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{"mine: x", "shadowed", "hello, cy"}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestHostCalls(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	code := `
a = await greeter_greet(name="ada")
b = await greeter.greet(name="bob")
c = await call_tool("go:greeter/greet", {"name": "cy"})
d = await call_tool("greeter.greet", name="di")
e = await echo(1, "two", [3.5], k={"n": None})
return [a["greeting"], b["greeting"], c["greeting"], d["greeting"], e, repr(greeter), greeter.greet.__name__]
`
	res, _, err := runSnippet(t, b, code, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{"hello, ada", "hello, bob", "hello, cy", "hello, di",
		jsonlike.FromMap(map[string]any{"args": []any{int64(1), "two", []any{3.5}}, "kwargs": jsonlike.FromMap(map[string]any{"k": jsonlike.Object{{Key: "n"}}})}),
		"<capability namespace greeter>", "greet"}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestBindings(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	var saved atomic.Value
	bindings := map[string]backend.HostFunc{
		"save_result": func(_ context.Context, args []any, kwargs map[string]any) (any, error) {
			saved.Store(args[0])
			return "res_1", nil
		},
	}
	res, _, err := runSnippet(t, b, `h = await save_result({"rows": [1, 2]}, label="x")
return h`, backend.RunOptions{Bindings: bindings})
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != "res_1" || !cmp.Equal(saved.Load(), jsonlike.Object{{Key: "rows", Value: []any{int64(1), int64(2)}}}) {
		t.Errorf("value %v, saved %v", res.Value, saved.Load())
	}
}

func TestHostErrorTypes(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	code := `
out = []
for f in (fail, deny):
    try:
        await f()
    except Exception as e:
        out.append([type(e).__name__, str(e), isinstance(e, ToolError)])
try:
    await call_tool("nope", {})
except LookupError as e:
    out.append(["LookupError", str(e)])
try:
    await call_tool(1)
except TypeError as e:
    out.append(["TypeError", str(e)])
try:
    await echo(object())
except TypeError as e:
    out.append(["TypeError", str(e)[:40]])
out
`
	res, _, err := runSnippet(t, b, code, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{
		[]any{"ToolError", "go:test/fail: rate limited", true},
		[]any{"PermissionError", "go:test/deny: token may not call this", false},
		[]any{"LookupError", "nope: no such capability"},
		[]any{"TypeError", "call_tool() first argument must be a str id or alias, not int"},
		[]any{"TypeError", "echo(): arguments must be JSON values (d"},
	}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Uncaught, the host's error is the run's error, traceback at the
	// snippet's line and free of runner frames.
	_, _, err = runSnippet(t, b, "x = 1\nawait deny()", backend.RunOptions{})
	var be *backend.Error
	if !errors.As(err, &be) || be.Type != "PermissionError" || !strings.Contains(be.Traceback, "line 2, in <module>") ||
		strings.Contains(be.Traceback, "toolplane-runner") {
		t.Errorf("err = %#v", err)
	}
}

func TestGatherRunsHostCallsConcurrently(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	code := `import asyncio, time
t0 = time.monotonic()
r = await asyncio.gather(*[slow() for _ in range(10)])
[len(r), time.monotonic() - t0]`
	bridge := newTestBridge()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := b.Run(ctx, code, bridge, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := res.Value.([]any)
	if !ok || len(got) != 2 || got[0] != int64(10) {
		t.Fatalf("value = %v", res.Value)
	}
	// Ten 100 ms calls one after another take at least 1 s.
	if elapsed := got[1].(float64); elapsed >= 1.0 || bridge.maxInflight.Load() < 2 {
		t.Errorf("10 concurrent 100 ms host calls took %.3f s, at most %d in flight at once", elapsed, bridge.maxInflight.Load())
	}
}

func TestTimeoutKillsProcessGroup(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	dir := t.TempDir()
	pidFile := dir + "/pids"
	code := fmt.Sprintf(`import os, subprocess, time
child = subprocess.Popen(["sleep", "60"])
open(%q, "w").write(f"{os.getpid()} {child.pid}")
time.sleep(60)
`, pidFile)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	start := time.Now()
	_, err := b.Run(ctx, code, newTestBridge(), backend.RunOptions{})
	// Not killed, the script would sleep 60 s; a loaded machine needs
	// seconds to stop a process group, not tens.
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("Run returned %s after a 4 s deadline", elapsed)
	}
	var be *backend.Error
	if !errors.As(err, &be) || be.Limit != "time" || be.Type != "TimeoutError" {
		t.Fatalf("err = %#v, want a time limit error", err)
	}
	data, rerr := os.ReadFile(pidFile)
	if rerr != nil {
		t.Fatalf("the snippet did not start: %v", rerr)
	}
	for _, f := range strings.Fields(string(data)) {
		pid, _ := strconv.Atoi(f)
		if alive(pid) {
			t.Errorf("process %d of the run is still alive", pid)
		}
	}
}

// alive reports whether pid is a live process (not a zombie).
func alive(pid int) bool {
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if err := syscall.Kill(pid, 0); err != nil {
			return false
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return false
		}
		if f := strings.Fields(string(stat)); len(f) > 2 && f[2] == "Z" {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func TestLimits(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	_, out, err := runSnippet(t, b, "while True:\n    print('x' * 99)", backend.RunOptions{Limits: limits(func(l *limitsT) { l.MaxOutputBytes = 1000 })})
	var be *backend.Error
	if !errors.As(err, &be) || be.Limit != "output" || len(out) != 1000 {
		t.Errorf("output: err = %#v, %d bytes written", err, len(out))
	}
	_, _, err = runSnippet(t, b, "for i in range(5):\n    await echo(i)", backend.RunOptions{Limits: limits(func(l *limitsT) { l.MaxHostCalls = 3 })})
	if !errors.As(err, &be) || be.Limit != "host_calls" {
		t.Errorf("host calls: err = %#v", err)
	}
	_, _, err = runSnippet(t, b, "def f(n):\n    return f(n + 1)\nf(0)", backend.RunOptions{Limits: limits(func(l *limitsT) { l.MaxDepth = 200 })})
	if !errors.As(err, &be) || be.Type != "RecursionError" || be.Limit != "depth" {
		t.Errorf("depth: err = %#v", err)
	}
	_, _, err = runSnippet(t, b, "x = bytearray(400 << 20)", backend.RunOptions{Limits: limits(func(l *limitsT) { l.MaxMemoryBytes = 64 << 20 })})
	if !errors.As(err, &be) || be.Type != "MemoryError" || be.Limit != "memory" {
		t.Errorf("memory: err = %#v", err)
	}
	if _, _, err = runSnippet(t, b, "1", backend.RunOptions{Limits: limits(func(l *limitsT) { l.Steps = 10 })}); err == nil || errors.As(err, &be) {
		t.Errorf("steps: err = %v, want a refusal", err)
	}
}

func TestRejectsSessions(t *testing.T) {
	t.Parallel()
	b := New()
	_, err := b.Run(context.Background(), "1", newTestBridge(), backend.RunOptions{Session: backend.NewLocalSession()})
	if err == nil || !strings.Contains(err.Error(), "embedded") {
		t.Errorf("err = %v", err)
	}
}

func TestMissingInterpreter(t *testing.T) {
	t.Parallel()
	b := New(WithPython("/nonexistent/python3"))
	if err := b.Available(); err == nil || !strings.Contains(err.Error(), "/nonexistent/python3") {
		t.Errorf("Available() = %v", err)
	}
	if _, err := b.Run(context.Background(), "1", newTestBridge(), backend.RunOptions{}); err == nil {
		t.Error("Run with a missing interpreter succeeded")
	}
}

func TestProcessDiesEarly(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	_, _, err := runSnippet(t, b, "import os\nos._exit(3)", backend.RunOptions{})
	var be *backend.Error
	if !errors.As(err, &be) || !strings.Contains(be.Message, "exit status 3") {
		t.Errorf("err = %#v", err)
	}
	_, _, err = runSnippet(t, b, "import sys\nsys.exit(4)", backend.RunOptions{})
	if !errors.As(err, &be) || be.Type != "SystemExit" || be.Message != "4" || !be.Exit || be.ExitStatus != 4 {
		t.Errorf("err = %#v", err)
	}
	_, _, err = runSnippet(t, b, "import sys\nsys.exit('0')", backend.RunOptions{})
	if !errors.As(err, &be) || !be.Exit || be.ExitStatus != 1 || be.ExitText != "0" {
		t.Errorf("sys.exit('0'): err = %#v, want exit status 1 printing 0", err)
	}
}

type limitsT = python.Limits

func limits(set func(*limitsT)) python.Limits {
	var l python.Limits
	set(&l)
	return l
}

// TestCancelledCallCancelsHostContext checks that a host call the snippet
// abandons (asyncio.wait_for) has its context cancelled at once, not when
// the run ends.
func TestCancelledCallCancelsHostContext(t *testing.T) {
	t.Parallel()
	b := requirePython(t)
	bridge := newTestBridge()
	var cancelledAt atomic.Int64
	bridge.ns["block"] = "go:test/block"
	bridge.funcs["go:test/block"] = func(ctx context.Context, _ []any, _ map[string]any) (any, error) {
		select {
		case <-ctx.Done():
			cancelledAt.Store(time.Now().UnixNano())
			return nil, ctx.Err()
		case <-time.After(10 * time.Second):
			return "never cancelled", nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := b.Run(ctx, `import asyncio
try:
    await asyncio.wait_for(block(), 0.2)
except TimeoutError:
    out = "timed out"
await asyncio.sleep(1)
out`, bridge, backend.RunOptions{})
	end := time.Now()
	if err != nil || res.Value != "timed out" {
		t.Fatalf("res %v err %v", res, err)
	}
	at := cancelledAt.Load()
	if at == 0 || end.Sub(time.Unix(0, at)) < 500*time.Millisecond {
		t.Errorf("the host call's context was cancelled %v before the run ended, want it cancelled by wait_for", end.Sub(time.Unix(0, at)))
	}
}

// BenchmarkRun measures one run end to end: process start, a host call,
// the result.
func BenchmarkRun(b *testing.B) {
	lp := New()
	if err := lp.Available(); err != nil {
		b.Skip(err)
	}
	bridge := newTestBridge()
	for b.Loop() {
		if _, err := lp.Run(context.Background(), "await echo(1)", bridge, backend.RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
