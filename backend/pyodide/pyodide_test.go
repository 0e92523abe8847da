package pyodide

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
)

// testBridge serves a few capabilities from Go functions: the Bridge
// contract, without a registry.
type testBridge struct {
	inflight, maxInflight atomic.Int64
}

func (*testBridge) Namespace() capability.Namespace {
	return capability.Namespace{"greeter.greet": "go:greeter/greet", "greeter_greet": "go:greeter/greet", "slow": "go:test/slow", "deny": "go:test/deny", "git": "cli:git"}
}

func (b *testBridge) Call(ctx context.Context, idOrAlias string, args []any, kwargs map[string]any) (any, error) {
	if id, ok := b.Namespace()[idOrAlias]; ok {
		idOrAlias = id
	}
	switch idOrAlias {
	case "cli:git":
		// What the CLI source answers: the finished process.
		inv, _ := args[0].(map[string]any)
		argv := append([]any{"git"}, inv["args"].([]any)...)
		return map[string]any{"stdout": "On branch main\n", "stderr": "", "exit_code": int64(0), "argv": argv, "duration_ms": int64(3)}, nil
	case "go:greeter/greet":
		name, _ := kwargs["name"].(string)
		if len(args) == 1 {
			if obj, ok := args[0].(map[string]any); ok {
				name, _ = obj["name"].(string)
			}
		}
		return map[string]any{"greeting": "hello, " + name}, nil
	case "go:test/slow":
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
	case "go:test/deny":
		return nil, &backend.CallError{Type: "PermissionError", CapabilityID: "go:test/deny", Detail: "token may not call this"}
	}
	return nil, &backend.CallError{Type: "LookupError", Detail: idOrAlias + ": no such capability"}
}

// installDir is where the tests look for Deno and Pyodide: where the
// backend looks, $TOOLPLANE_PYODIDE_DIR (scripts/test.sh sets it), else
// where scripts/install-pyodide.sh installs by default.
func installDir() string { return DefaultInstallDir() }

// requirePyodide skips without an install, except under CI=true when
// scripts/test.sh runs scripts/install-pyodide.sh: there a missing install
// means the install failed or went elsewhere.
func requirePyodide(t *testing.T) *Backend {
	t.Helper()
	b := New(WithInstallDir(installDir()))
	if err := b.Available(); err != nil {
		testSh, _ := os.ReadFile(filepath.Join("..", "..", "scripts", "test.sh"))
		if os.Getenv("CI") == "true" && strings.Contains(string(testSh), "install-pyodide.sh") {
			t.Fatalf("pyodide-deno is not installed although scripts/test.sh runs scripts/install-pyodide.sh: %v", err)
		}
		t.Skipf("pyodide-deno is not installed; run scripts/install-pyodide.sh: %v", err)
	}
	if !b.Snapshotted() {
		t.Logf("no start-up snapshot in %s: each run boots Pyodide from scratch", b.InstallDir())
	}
	return b
}

func run(t *testing.T, b *Backend, code string, opts backend.RunOptions) (*backend.Result, *testBridge, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bridge := &testBridge{}
	res, err := b.Run(ctx, code, bridge, opts)
	return res, bridge, err
}

// TestSnippet covers the snippet contract in one run, since each run boots
// a Pyodide: result, prints on both streams, host calls flat, scoped and
// through call_tool, concurrency, a host error's type, module semantics of
// top-level names, and that the host's files and network are out of reach.
func TestSnippet(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	code := `import asyncio, sys, time
print("hello", sys.platform)
print("warn", file=sys.stderr)
a = await greeter.greet(name="ada")
c = await call_tool("greeter_greet", {"name": "cy"})
t0 = time.monotonic()
r = await asyncio.gather(*[slow() for _ in range(10)])
elapsed = time.monotonic() - t0
try:
    await deny()
except PermissionError as e:
    denied = str(e)
n = 0
def bump():
    global n
    n += 1
bump()
import js
try:
    js.Deno.readTextFileSync("/etc/hostname")
    host_file = "readable"
except Exception as e:
    host_file = str(e)
try:
    await js.fetch("http://127.0.0.1:18080/")
    net = "reachable"
except Exception as e:
    net = str(e)
try:
    js.Deno.env.get("HOME")
    env = "readable"
except Exception as e:
    env = str(e)
[a["greeting"], c["greeting"], len(r), elapsed, denied, n, host_file, net, env]`
	var out, errOut bytes.Buffer
	res, bridge, err := run(t, b, code, backend.RunOptions{Stdout: &out, Stderr: &errOut})
	if err != nil {
		var be *backend.Error
		if errors.As(err, &be) {
			t.Fatalf("%v\n%s", err, be.Traceback)
		}
		t.Fatal(err)
	}
	got, ok := res.Value.([]any)
	if !ok || len(got) != 9 {
		t.Fatalf("value = %#v", res.Value)
	}
	want := []any{"hello, ada", "hello, cy", int64(10), "go:test/deny: token may not call this", int64(1)}
	if diff := cmp.Diff(want, append(got[:3:3], got[4:6]...)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Ten 100 ms calls one after another take at least 1 s.
	if elapsed, _ := got[3].(float64); elapsed >= 1.0 || bridge.maxInflight.Load() < 2 {
		t.Errorf("gather of 10 host calls: %.3f s, at most %d in flight at once", elapsed, bridge.maxInflight.Load())
	}
	// Deno refuses what was not granted: host files, network, environment.
	for i, what := range map[int]string{6: "read access", 7: "net access", 8: "env access"} {
		if s, _ := got[i].(string); !strings.Contains(s, what) {
			t.Errorf("%s: the snippet got %q, want a refusal", what, s)
		}
	}
	if out.String() != "hello emscripten\n" || errOut.String() != "warn\n" {
		t.Errorf("stdout %q stderr %q", out.String(), errOut.String())
	}
}

func TestException(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	_, _, err := run(t, b, "x = 1\n\ndef f(n):\n    return 10 // n\n\nf(x - 1)\n", backend.RunOptions{Filename: "job.py"})
	var be *backend.Error
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want *backend.Error", err)
	}
	want := "Traceback (most recent call last):\n" +
		"  File \"job.py\", line 6, in <module>\n    f(x - 1)\n    ~^^^^^^^\n" +
		"  File \"job.py\", line 4, in f\n    return 10 // n\n           ~~~^^~~\n" +
		"ZeroDivisionError: " + be.Message + "\n"
	// Pyodide's Python (3.14) words the message differently from 3.11's.
	if be.Type != "ZeroDivisionError" || be.Limit != "" || !strings.Contains(be.Message, "by zero") {
		t.Errorf("error = %+v", be)
	}
	if diff := cmp.Diff(want, be.Traceback); diff != "" {
		t.Errorf("traceback (-want +got):\n%s", diff)
	}
}

func TestTimeoutKillsDeno(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	_, err := b.Run(ctx, "while True:\n    pass", &testBridge{}, backend.RunOptions{})
	var be *backend.Error
	if !errors.As(err, &be) || be.Limit != "time" {
		t.Fatalf("err = %#v, want a time limit", err)
	}
	// Not killed, the loop never ends: the bound only catches that.
	if d := time.Since(start); d > 40*time.Second {
		t.Errorf("Run returned %s after a 10 s deadline", d)
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	b := New(WithInstallDir(t.TempDir()))
	err := b.Available()
	if err == nil || !strings.Contains(err.Error(), "install-pyodide.sh") {
		t.Errorf("Available() in an empty dir = %v", err)
	}
	if _, err := b.Run(context.Background(), "1", &testBridge{}, backend.RunOptions{}); err == nil {
		t.Error("Run without an install succeeded")
	}
	for _, opts := range []backend.RunOptions{
		{Session: backend.NewLocalSession()},
		{Limits: python.Limits{Steps: 5}},
	} {
		if _, err := b.Run(context.Background(), "1", &testBridge{}, opts); err == nil || strings.Contains(err.Error(), "install") {
			t.Errorf("Run(%+v) = %v, want a refusal of the option", opts, err)
		}
	}
}

// TestPrepare makes a start-up snapshot in a scratch install that shares
// the real one's packages. Booting Pyodide to snapshot it costs several
// seconds of CPU, so it runs only with TOOLPLANE_TEST_PREPARE=1.
func TestPrepare(t *testing.T) {
	t.Parallel()
	real := requirePyodide(t)
	if os.Getenv("TOOLPLANE_TEST_PREPARE") != "1" {
		t.Skip("set TOOLPLANE_TEST_PREPARE=1 to boot Pyodide for a snapshot")
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real.InstallDir(), "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	b := New(WithInstallDir(dir))
	if b.Snapshotted() {
		t.Fatal("a fresh install dir has a snapshot")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := b.Prepare(ctx); err != nil {
		t.Fatal(err)
	}
	if !b.Snapshotted() {
		t.Fatal("Prepare made no snapshot")
	}
	res, err := b.Run(ctx, "sum(range(10))", &testBridge{}, backend.RunOptions{})
	if err != nil || res.Value != int64(45) {
		t.Fatalf("run from the new snapshot: %v, %v", res, err)
	}
}

// BenchmarkRun measures one run end to end: Deno start, Pyodide restored
// from the snapshot (or booted without one), a host call, the result.
func BenchmarkRun(b *testing.B) {
	p := New(WithInstallDir(installDir()))
	if err := p.Available(); err != nil {
		b.Skip(err)
	}
	for b.Loop() {
		if _, err := p.Run(context.Background(), "await greeter.greet(name='x')", &testBridge{}, backend.RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	var out bytes.Buffer
	_, _, err := run(t, b, "while True:\n    print('x' * 99)", backend.RunOptions{Stdout: &out, Limits: python.Limits{MaxOutputBytes: 1000}})
	var be *backend.Error
	if !errors.As(err, &be) || be.Limit != "output" || out.Len() != 1000 {
		t.Errorf("output: err = %#v, %d bytes written", err, out.Len())
	}
	_, _, err = run(t, b, "def f(n):\n    return f(n + 1)\nf(0)", backend.RunOptions{Limits: python.Limits{MaxDepth: 100}})
	if !errors.As(err, &be) || be.Type != "RecursionError" || be.Limit != "depth" {
		t.Errorf("depth: err = %#v", err)
	}
}

// TestAttackMemoryLimit: with a memory limit (serve passes the session
// cap), a snippet that allocates past it gets a catchable MemoryError
// from the WebAssembly memory's maximum, and one that keeps allocating
// ends as a memory limit, not with the host's memory; a snippet within
// the limit runs.
func TestAttackMemoryLimit(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	limits := python.Limits{MaxMemoryBytes: 256 << 20}
	res, _, err := run(t, b, `
try:
    big = bytearray(400 * 1024 * 1024)
    return "allocated"
except MemoryError:
    pass
small = bytearray(32 * 1024 * 1024)
return len(small)`, backend.RunOptions{Limits: limits})
	if err != nil || res.Value != int64(32<<20) {
		t.Fatalf("allocating past the limit: %v %v", res, err)
	}
	_, _, err = run(t, b, `
keep = []
while True:
    keep.append(bytearray(16 * 1024 * 1024))`, backend.RunOptions{Limits: limits})
	var be *backend.Error
	if !errors.As(err, &be) || be.Type != "MemoryError" || be.Limit != "memory" {
		t.Fatalf("allocating without end: %#v, want a MemoryError memory limit", err)
	}
}

// TestAttackJSHeap: Pyodide's js module reaches the JavaScript heap,
// outside the WebAssembly memory; V8's heap bound ends a snippet that
// fills it, as a memory limit, before it holds more than the limit.
func TestAttackJSHeap(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	_, _, err := run(t, b, `
import js
a = js.Array.new()
s = "x" * 1000000
i = 0
while True:
    a.push(js.String.new(s + str(i)))
    i += 1`, backend.RunOptions{Limits: python.Limits{MaxMemoryBytes: 128 << 20}})
	var be *backend.Error
	if !errors.As(err, &be) || be.Type != "MemoryError" || be.Limit != "memory" || !strings.Contains(be.Message, "128 MiB") {
		t.Fatalf("filling the JavaScript heap: %#v, want a MemoryError memory limit", err)
	}
}

// TestCLIAliasResult: a CLI capability bound by name (git) returns the
// CLI result object, as on the embedded and local_unsafe backends, not
// the raw dict; cli() and cli_run() too.
func TestCLIAliasResult(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	res, _, err := run(t, b, `
r = await git("status")
s = await cli("git")("log")
u = await cli_run("git", "diff")
return [type(r).__name__, r.exit_code, r.text(), r["stdout"], r.argv, type(s).__name__, s.argv, u.argv]`, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{"CLIResult", int64(0), "On branch main", "On branch main\n", []any{"git", "status"}, "CLIResult", []any{"git", "log"}, []any{"git", "diff"}}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSession: a session's runs share globals (a function defined in one
// is called in the next, and still reaches the host); the memory limit is
// cumulative over the session (MemoryError, catchable, state kept); a
// reset clears it; a run that times out ends the process, and the next
// run starts fresh and is told so.
func TestSession(t *testing.T) {
	t.Parallel()
	b := requirePyodide(t)
	s := b.NewSession()
	defer s.Close()
	opts := backend.RunOptions{Session: s, Limits: python.Limits{MaxMemoryBytes: 256 << 20}}
	step := func(code string, wantNotice bool) (*backend.Result, error) {
		t.Helper()
		notice := s.Begin()
		if (notice != "") != wantNotice {
			t.Errorf("Begin before %q: notice %q", code, notice)
		}
		res, _, err := run(t, b, code, opts)
		mode := backend.EndKeep
		var be *backend.Error
		if errors.As(err, &be) && be.Limit == "time" {
			mode = backend.EndRollback
		}
		s.End(mode)
		return res, err
	}
	if _, err := step("x = 41\nasync def hello(n):\n    return (await greeter.greet(name=n))['greeting']", false); err != nil {
		t.Fatal(err)
	}
	res, err := step("return [x + 1, await hello('s')]", false)
	if err != nil || fmt.Sprint(res.Value) != "[42 hello, s]" {
		t.Fatalf("second run: %v %v", res, err)
	}
	if _, err := step("a = bytearray(150 * 1024 * 1024)", false); err != nil {
		t.Fatal(err)
	}
	res, err = step("try:\n    b = bytearray(150 * 1024 * 1024)\n    return 'both'\nexcept MemoryError:\n    return ['MemoryError', x]", false)
	if err != nil || fmt.Sprint(res.Value) != "[MemoryError 41]" {
		t.Fatalf("cumulative memory: %v %v", res, err)
	}
	s.Begin()
	s.End(backend.EndReset)
	res, err = step("return 'x' in globals()", false)
	if err != nil || res.Value != false {
		t.Fatalf("after reset: %v %v", res, err)
	}
	if _, err := step("y = 1", false); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	s.Begin()
	_, err = b.Run(ctx, "while True:\n    pass", &testBridge{}, opts)
	cancel()
	var be *backend.Error
	if !errors.As(err, &be) || be.Limit != "time" {
		t.Fatalf("busy loop: %v", err)
	}
	s.End(backend.EndRollback)
	res, err = step("return 'y' in globals()", true)
	if err != nil || res.Value != false {
		t.Fatalf("after a timeout: %v %v", res, err)
	}
}
