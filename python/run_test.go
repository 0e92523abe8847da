package python

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/vm"
)

func run(t *testing.T, src string, opts RunOptions) (*Result, string, error) {
	t.Helper()
	prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
	if err != nil {
		return nil, "", err
	}
	var out strings.Builder
	opts.Stdout = &out
	ctx := context.Background()
	res, err := prog.Run(ctx, opts)
	return res, out.String(), err
}

func TestSnippetResults(t *testing.T) {
	t.Parallel()
	cases := []struct{ src, repr, exc string }{
		{"1 + 2", "3", ""},
		{"x = 5\nreturn x * x", "25", ""},
		{"x = 1", "None", ""},
		{"2 ** 100", "1267650600228229401496703205376", ""},
		{"[0.1 + 0.2, 1e16, 1e-5, -0.0, float('inf')]", "[0.30000000000000004, 1e+16, 1e-05, -0.0, inf]", ""},
		{"{'a': [1, (2,)], 'b': {1, 2}}", "{'a': [1, (2,)], 'b': {1, 2}}", ""},
		{"l = [1]\nl.append(l)\nl", "[1, [...]]", ""},
		{"def f(*a, k=1, **kw):\n    return a, k, kw\nf(1, 2, k=3, z=4)", "((1, 2), 3, {'z': 4})", ""},
		{"def g():\n    x = yield 1\n    yield x * 2\nit = g()\nnext(it), it.send(21)", "(1, 42)", ""},
		{"class A:\n    def __init__(self, v): self.v = v\n    def __eq__(self, o): return self.v == o.v\n    __hash__ = None\nA(1) == A(1)", "True", ""},
		{"f'{3.14159:.2f}|{42:>5}|{\"x\"!r}|{1234567:,}'", `"3.14|   42|'x'|1,234,567"`, ""},
		{"'%s=%d' % ('a', 3)", "'a=3'", ""},
		{"[1][5]", "", "IndexError: list index out of range"},
		{"{}['k']", "", "KeyError: 'k'"},
		{"1 + 'a'", "", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
		{"undefined_name", "", "NameError: name 'undefined_name' is not defined"},
		{"1 / 0", "", "ZeroDivisionError: division by zero"},
		{"hash([])", "", "TypeError: unhashable type: 'list'"},
		{"5[0]", "", "TypeError: 'int' object is not subscriptable"},
		{"def f(): return f()\nf()", "", "RecursionError: maximum recursion depth exceeded"},
		{"try:\n    raise ValueError('a')\nexcept ValueError as e:\n    r = repr(e)\nr", "\"ValueError('a')\"", ""},
		{"class E(Exception): pass\ntry:\n    raise E('x') from KeyError('k')\nexcept E as e:\n    c = e.__cause__\nrepr(c)", "\"KeyError('k')\"", ""},
	}
	for _, c := range cases {
		res, _, err := run(t, c.src, RunOptions{})
		if c.exc != "" {
			var e *Exception
			if !errors.As(err, &e) || e.Error() != c.exc {
				t.Errorf("%q: got error %v, want %s", c.src, err, c.exc)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if res.Repr != c.repr {
			t.Errorf("%q: repr %s, want %s", c.src, res.Repr, c.repr)
		}
	}
}

func TestTraceback(t *testing.T) {
	t.Parallel()
	_, _, err := run(t, "x = 1\ndef f():\n    raise ValueError('boom')\nf()\n", RunOptions{})
	var e *Exception
	if !errors.As(err, &e) {
		t.Fatalf("want *Exception, got %v", err)
	}
	want := "Traceback (most recent call last):\n  File \"<snippet>\", line 4, in <module>\n    f()\n  File \"<snippet>\", line 3, in f\n    raise ValueError('boom')\nValueError: boom\n"
	if e.Traceback != want {
		t.Errorf("traceback:\n%s\nwant:\n%s", e.Traceback, want)
	}
	if e.Line != 3 {
		t.Errorf("line %d, want 3", e.Line)
	}
}

// TestExceptionMessageIsBounded: the message of the exception that ends a
// run is cut at the traceback's 1 MiB, saying how much it left out, as the
// traceback's last line is. The host sends it on after the run (an
// execute_code result, toolplane run's stderr), outside the run's limits: a
// 200 MB message went whole into toolplane run's JSON and its stderr (1.2 GB
// RSS under a 512 MiB limit). A cut never splits a character.
func TestExceptionMessageIsBounded(t *testing.T) {
	t.Parallel()
	const bound = 1 << 20
	for _, c := range []struct{ src, head string }{
		{"raise ValueError('x' * (4 << 20))", "xxxx"},
		{"raise KeyError('k' * (4 << 20))", "'kkk"},
		{"class E(Exception):\n    def __str__(self): return 'é' * (3 << 20)\nraise E", "éé"},
		{"raise SystemExit('bye ' * (1 << 20))", "bye bye"},
	} {
		_, _, err := run(t, c.src, RunOptions{Limits: Limits{MaxMemoryBytes: 64 << 20}})
		var e *Exception
		if !errors.As(err, &e) {
			t.Fatalf("%.40q: want *Exception, got %v", c.src, err)
		}
		if len(e.Message) > bound+64 || !strings.HasPrefix(e.Message, c.head) || !strings.HasSuffix(e.Message, "more bytes omitted]") || !utf8.ValidString(e.Message) {
			t.Errorf("%.40q: message of %d bytes ending %q, want at most %d bytes, valid UTF-8, ending in how many were left out", c.src, len(e.Message), e.Message[max(len(e.Message)-40, 0):], bound)
		}
		if e.Exit && e.ExitText != e.Message {
			t.Errorf("%.40q: exit text of %d bytes, want the message's %d", c.src, len(e.ExitText), len(e.Message))
		}
		if len(e.Traceback) > bound+4096 {
			t.Errorf("%.40q: traceback of %d bytes", c.src, len(e.Traceback))
		}
	}
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ src, typ string }{
		{"x = (", "SyntaxError"},
		{"break", "SyntaxError"},
		{"return 1", ""},
		{"x = 2j", ""}, // complex literals compile since complex numbers landed
	} {
		_, err := Compile("<snippet>", c.src, CompileOptions{Snippet: true})
		if c.typ == "" {
			if err != nil {
				t.Errorf("%q: %v", c.src, err)
			}
			continue
		}
		var e *Exception
		if !errors.As(err, &e) || e.Type != c.typ || e.Line == 0 {
			t.Errorf("%q: got %v, want %s with a line", c.src, err, c.typ)
		}
	}
	if _, err := Compile("<f>", "return 1", CompileOptions{}); err == nil {
		t.Error("top-level return accepted outside snippet mode")
	}
}

// TestHostCallsGatherConcurrently: gathered host calls are all in flight
// at once. Each call waits until all ten have started, so calls made one
// after another would never finish; the check counts calls, not time (a
// loaded machine stretched ten 200ms calls past a wall-clock bound).
func TestHostCallsGatherConcurrently(t *testing.T) {
	t.Parallel()
	const n = 10
	var (
		mu      sync.Mutex
		started int
		all     = make(chan struct{})
	)
	host := map[string]HostFunc{
		"slow": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			mu.Lock()
			if started++; started == n {
				close(all)
			}
			mu.Unlock()
			select {
			case <-all:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return map[string]any{"n": args[0], "tag": kw["tag"]}, nil
		},
	}
	// The deadline only catches calls that never overlap.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	prog, err := Compile("<snippet>", "import asyncio\nrs = await asyncio.gather(*[slow(i, tag='t') for i in range(10)])\n[r['n'] for r in rs]", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := prog.Run(ctx, RunOptions{Host: host})
	if err != nil {
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("%v (%d of %d calls were in flight at once)", err, started, n)
	}
	if res.Repr != "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]" {
		t.Errorf("result %s", res.Repr)
	}
	if got := fmt.Sprint(res.Value); got != "[0 1 2 3 4 5 6 7 8 9]" {
		t.Errorf("Go value %s", got)
	}
}

func TestCancellationStopsQuickly(t *testing.T) {
	t.Parallel()
	host := map[string]HostFunc{
		"hang": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}
	prog, err := Compile("<snippet>", "await hang()", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"await hang()", "while True:\n    pass"} {
		prog, err = Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err = prog.Run(ctx, RunOptions{Host: host})
		cancel()
		var e *Exception
		if !errors.As(err, &e) || e.Limit != "time" {
			t.Fatalf("%q: want time limit, got %v", src, err)
		}
		if el := time.Since(start); el > 100*time.Millisecond+900*time.Millisecond {
			t.Errorf("%q: stopped after %v", src, el)
		}
	}
}

func TestHostErrorsAndPanics(t *testing.T) {
	t.Parallel()
	host := map[string]HostFunc{
		"denied": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return nil, &HostError{Type: "PermissionError", Message: "no access", Capability: "mcp:x/y"}
		},
		"broken": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return nil, errors.New("upstream down")
		},
		"panics": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			panic("kaboom")
		},
		"big": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return []any{new(big.Int).Lsh(big.NewInt(1), 70), 1.5, nil, true}, nil
		},
		"greeter.greet": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			return "hi " + args[0].(string), nil
		},
	}
	src := `out = []
try:
    await denied()
except PermissionError as e:
    out.append((str(e), e.capability))
try:
    await broken()
except ToolError as e:
    out.append(str(e))
try:
    await panics()
except ToolError as e:
    out.append('panic' in str(e))
out.append(await big())
out.append(await greeter.greet('bob'))
try:
    await greeter.greet({1, 2})
except TypeError as e:
    out.append(str(e))
out`
	res, _, err := run(t, src, RunOptions{Host: host})
	if err != nil {
		t.Fatal(err)
	}
	want := "[('no access', 'mcp:x/y'), 'upstream down', True, [1180591620717411303424, 1.5, None, True], 'hi bob', 'greeter.greet() argument 1: Object of type set is not JSON serializable']"
	if res.Repr != want {
		t.Errorf("got  %s\nwant %s", res.Repr, want)
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src   string
		lim   Limits
		limit string
		typ   string
	}{
		{"while True:\n    pass", Limits{Steps: 10000}, "steps", ""},
		{"'a' * 10**10", Limits{}, "", "MemoryError"},
		{"[0] * 10**9", Limits{}, "", "MemoryError"},
		{"2 ** 10**10", Limits{}, "", "MemoryError"},
		{"for i in range(100):\n    print('x' * 100)", Limits{MaxOutputBytes: 1000}, "output", ""},
		{"def f(n): return f(n+1)\nf(0)", Limits{MaxDepth: 50}, "", "RecursionError"},
	}
	for _, c := range cases {
		_, _, err := run(t, c.src, RunOptions{Limits: c.lim})
		var e *Exception
		if !errors.As(err, &e) {
			t.Errorf("%q: want an error, got %v", c.src, err)
			continue
		}
		if e.Limit != c.limit || (c.typ != "" && e.Type != c.typ) {
			t.Errorf("%q: got %s (limit %q), want type %q limit %q", c.src, e, e.Limit, c.typ, c.limit)
		}
	}
	// MemoryError is catchable.
	res, _, err := run(t, "try:\n    'a' * 10**12\nexcept MemoryError:\n    r = 'caught'\nr", RunOptions{})
	if err != nil || res.Repr != "'caught'" {
		t.Errorf("MemoryError not catchable: %v %v", res, err)
	}
}

func TestGlobalsSessionAndConcurrency(t *testing.T) {
	t.Parallel()
	g := NewGlobals()
	p1, err := Compile("<snippet>", "counter = 1\ndef inc():\n    global counter\n    counter += 1", CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p1.Run(context.Background(), RunOptions{Globals: g}); err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	p2, _ := Compile("<snippet>", "inc()\ncounter", CompileOptions{Snippet: true})
	res, err := p2.Run(context.Background(), RunOptions{Globals: g})
	if err != nil || res.Repr != "2" {
		t.Fatalf("second run: %v %v", res, err)
	}
	if v, _ := snap.Get("counter"); v != int64(1) {
		t.Errorf("snapshot changed: %v", v)
	}
	if got := strings.Join(g.Names(), ","); got != "counter,inc" {
		t.Errorf("Names = %s", got)
	}
	if g.SizeBytes() <= 0 {
		t.Error("SizeBytes not positive")
	}
	// One program on many goroutines.
	p3, _ := Compile("<snippet>", "def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)\nfib(15)", CompileOptions{Snippet: true})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p3.Run(context.Background(), RunOptions{})
			if err != nil || res.Repr != "610" {
				t.Errorf("concurrent run: %v %v", res, err)
			}
		}()
	}
	wg.Wait()
}

func BenchmarkRunAdd(b *testing.B) {
	prog, err := Compile("<snippet>", "1 + 2", CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := prog.Run(ctx, RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunFib25(b *testing.B) {
	prog, err := Compile("<snippet>", "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nreturn fib(25)", CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for b.Loop() {
		if _, err := prog.Run(ctx, RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileAndRun(b *testing.B) {
	src := "rows = [{'id': i, 'name': f'user{i}'} for i in range(100)]\nreturn sum(r['id'] for r in rows if r['name'].endswith('7'))"
	ctx := context.Background()
	for b.Loop() {
		prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := prog.Run(ctx, RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGlobalsRestore(t *testing.T) {
	t.Parallel()
	g := NewGlobals()
	ctx := context.Background()
	p1, _ := Compile("<snippet>", "items = [1]\ndef add(x):\n    items.append(x)\n    return len(items)", CompileOptions{Snippet: true})
	if _, err := p1.Run(ctx, RunOptions{Globals: g}); err != nil {
		t.Fatal(err)
	}
	snap := g.Snapshot()
	p2, _ := Compile("<snippet>", "add(2)\nitems", CompileOptions{Snippet: true})
	if res, err := p2.Run(ctx, RunOptions{Globals: g}); err != nil || res.Repr != "[1, 2]" {
		t.Fatalf("run: %v %v", res, err)
	}
	g.Restore(snap)
	if res, err := p2.Run(ctx, RunOptions{Globals: g}); err != nil || res.Repr != "[1, 2]" {
		t.Fatalf("after restore, add() must see the restored list: %v %v", res, err)
	}
}

func TestTracebackCarets(t *testing.T) {
	t.Parallel()
	_, _, err := run(t, "def f(d):\n    return d[\"k\"] + 1\nx = {\"k\": \"a\"}\nprint(f(x))\n", RunOptions{})
	var e *Exception
	if !errors.As(err, &e) {
		t.Fatalf("want *Exception, got %v", err)
	}
	want := "Traceback (most recent call last):\n  File \"<snippet>\", line 4, in <module>\n    print(f(x))\n          ^^^^\n  File \"<snippet>\", line 2, in f\n    return d[\"k\"] + 1\n           ~~~~~~~^~~\nTypeError: can only concatenate str (not \"int\") to str\n"
	if e.Traceback != want {
		t.Errorf("traceback:\n%s\nwant:\n%s", e.Traceback, want)
	}
}

// BenchmarkCancelLatency measures how long a run takes to return after its
// deadline while blocked in a host call (goal: under 50 ms).
func BenchmarkCancelLatency(b *testing.B) {
	host := map[string]HostFunc{
		"hang": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		},
	}
	prog, err := Compile("<snippet>", "await hang()", CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	var worst time.Duration
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		_, _ = prog.Run(ctx, RunOptions{Host: host})
		dl, _ := ctx.Deadline()
		if late := time.Since(dl); late > worst {
			worst = late
		}
		cancel()
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms-late")
}

func TestAbandonedHostCallsAreCancelled(t *testing.T) {
	t.Parallel()
	cancelled := make(chan struct{})
	host := map[string]HostFunc{
		"hang": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			<-ctx.Done()
			close(cancelled)
			return nil, ctx.Err()
		},
		"quick": func(ctx context.Context, args []any, kw map[string]any) (any, error) { return 1, nil },
	}
	res, _, err := run(t, "import asyncio\nt = asyncio.create_task(hang())\nawait quick()", RunOptions{Host: host})
	if err != nil || res.Repr != "1" {
		t.Fatalf("run: %v %v", res, err)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the abandoned host call was not cancelled when the run ended")
	}
}

func TestPrintToFileObject(t *testing.T) {
	t.Parallel()
	_, out, err := run(t, "class Buf:\n    def __init__(self): self.parts = []\n    def write(self, s): self.parts.append(s)\nb = Buf()\nprint('a', 1, file=b, end='!')\nprint(b.parts, file=None)\n", RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if out != "['a', ' ', '1', '!']\n" {
		t.Errorf("output %q", out)
	}
}

// TestHostNamesBoundPerRun: host functions are bound like builtins, anew
// for each run; a session's globals keep no binding of their names, and a
// host function kept from an earlier run calls the current run's.
func TestHostNamesBoundPerRun(t *testing.T) {
	t.Parallel()
	g := NewGlobals()
	runNo := 0
	run := func(src string) (any, error) {
		t.Helper()
		runNo++
		n := runNo
		prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := prog.Run(context.Background(), RunOptions{Globals: g, Host: map[string]HostFunc{
			"greet": func(ctx context.Context, args []any, kw map[string]any) (any, error) { return int64(n), nil },
			"ns.f":  func(ctx context.Context, args []any, kw map[string]any) (any, error) { return int64(-n), nil },
		}})
		if err != nil {
			return nil, err
		}
		return res.Value, nil
	}
	if v, err := run("greet = 'mine'\nns = 'mine'\nkeep, keep_ns = 1, 2\nreturn greet + ns"); err != nil || v != "minemine" {
		t.Fatalf("shadowing within a run: %v %v", v, err)
	}
	if v, err := run("return [await greet(), await ns.f(), 'greet' in globals(), 'ns' in globals(), keep]"); err != nil || fmt.Sprint(v) != "[2 -2 false false 1]" {
		t.Errorf("the next run: %v %v, want the host's functions and keep", v, err)
	}
	if _, err := run("keep, keep_ns, keep_f = greet, ns, ns.f"); err != nil {
		t.Fatal(err)
	}
	if v, err := run("return [await keep(), await keep_ns.f(), await keep_f()]"); err != nil || fmt.Sprint(v) != "[4 -4 -4]" {
		t.Errorf("kept host functions: %v %v, want this run's", v, err)
	}
	// A run without host functions reaches none through a kept reference.
	prog, _ := Compile("<snippet>", "return await keep()", CompileOptions{Snippet: true})
	_, err := prog.Run(context.Background(), RunOptions{Globals: g})
	var exc *Exception
	if !errors.As(err, &exc) || exc.Type != "LookupError" {
		t.Errorf("a kept host function in a run without host: %v, want LookupError", err)
	}
}

// TestHostCallAllocations bounds the allocations of a host call awaited
// from a snippet (the call's future, its record for the unawaited-call
// warning, its work with its arguments, its context): at most 6 per call,
// counted as the difference between runs of 400 and 200 calls, so the
// run's own do not count. Each call took 9 before the future was its own
// await delegate, the work one allocation with its arguments and the
// call's goroutine a waiting worker. Not parallel: allocation counts are
// the process's.
func TestHostCallAllocations(t *testing.T) {
	host := map[string]HostFunc{
		"none": func(ctx context.Context, args []any, kw map[string]any) (any, error) { return nil, nil },
	}
	allocs := func(n int) float64 {
		// Arguments in the small-int cache: no int is boxed.
		prog, err := Compile("<snippet>", fmt.Sprintf("for i in range(%d):\n    await none(i & 127)\n", n), CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		opts := RunOptions{Host: host}
		return testing.AllocsPerRun(5, func() {
			if _, err := prog.Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
		})
	}
	a200, a400 := allocs(200), allocs(400)
	per := (a400 - a200) / 200
	if per > 6 {
		t.Errorf("%.1f allocations per host call (%.0f for 200 calls, %.0f for 400); want at most 6", per, a200, a400)
	}
	t.Logf("%.2f allocations per host call (%.0f for 200 calls, %.0f for 400)", per, a200, a400)
}

// TestGlobalsSizeBytesFollowsChanges: SizeBytes keeps its answer between
// runs (a session's next run is charged it without walking the namespace
// again), so everything that can change what the namespace holds must
// make it measure again: a run, a Get whose conversion runs a __repr__,
// a Restore. A stale size would charge a run less than its session holds.
func TestGlobalsSizeBytesFollowsChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := NewGlobals()
	exact := func(what string) {
		t.Helper()
		if got, want := g.SizeBytes(), vm.SizeOf(g.d); got != want {
			t.Errorf("%s: SizeBytes = %d, the namespace holds %d", what, got, want)
		}
	}
	exact("empty")
	p1, _ := Compile("<snippet>", "log = []\nclass Noisy:\n    def __repr__(self):\n        log.append('x' * 100_000)\n        return 'noisy'\no = Noisy()", CompileOptions{Snippet: true})
	if _, err := p1.Run(ctx, RunOptions{Globals: g}); err != nil {
		t.Fatal(err)
	}
	exact("after a run")
	snap := g.Snapshot()
	before := g.SizeBytes()
	if v, _ := g.Get("o"); v != "noisy" {
		t.Fatalf("Get(o) = %v", v)
	}
	exact("after a Get that ran __repr__")
	if g.SizeBytes() <= before {
		t.Errorf("the __repr__ grew log, yet SizeBytes stayed %d", before)
	}
	p2, _ := Compile("<snippet>", "big = list(range(100_000))", CompileOptions{Snippet: true})
	if _, err := p2.Run(ctx, RunOptions{Globals: g}); err != nil {
		t.Fatal(err)
	}
	exact("after a run that bound a list")
	g.Restore(snap)
	exact("after Restore")
	// The next run is charged what the namespace holds: with a limit
	// below it, a run that allocates nothing more still fails.
	p3, _ := Compile("<snippet>", "data = list(range(200_000))", CompileOptions{Snippet: true})
	if _, err := p3.Run(ctx, RunOptions{Globals: g}); err != nil {
		t.Fatal(err)
	}
	held := g.SizeBytes()
	_, err := (func() (*Result, error) {
		p, _ := Compile("<snippet>", "x = [0] * 1000", CompileOptions{Snippet: true})
		return p.Run(ctx, RunOptions{Globals: g, Limits: Limits{MaxMemoryBytes: held}})
	})()
	var e *Exception
	if !errors.As(err, &e) || e.Type != "MemoryError" {
		t.Errorf("a run of a session holding %d bytes under a limit of as much: %v, want MemoryError", held, err)
	}
}

// BenchmarkGlobalsSnapshot is the rollback snapshot a session's run takes
// before it starts (sandbox worker, backend.LocalSession), of globals
// holding bench/programs/records.py's 100 000 records.
func BenchmarkGlobalsSnapshot(b *testing.B) {
	g := recordsGlobals(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Snapshot()
	}
}

// BenchmarkSessionRunAfterSnapshot is what a session's run costs with its
// rollback snapshot: Snapshot, then a run that reads the 100 000 records
// and rebinds one name, in globals holding them (BenchmarkGlobalsSnapshot's).
func BenchmarkSessionRunAfterSnapshot(b *testing.B) {
	g := recordsGlobals(b)
	small, err := Compile("<snippet>", "n = len(rows) + len(by_team)", CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Snapshot()
		if _, err := small.Run(context.Background(), RunOptions{Globals: g}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSnapshotKeepsSharingAndIsolation: a session's rollback snapshot is
// a deep copy that keeps what is shared shared (and cycles cycles), and
// that no later mutation of the namespace reaches: lists and dicts of
// scalars are copied whole, the rest element by element.
func TestSnapshotKeepsSharingAndIsolation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := NewGlobals()
	mustRun := func(src string) string {
		t.Helper()
		p, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(ctx, RunOptions{Globals: g})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return res.Repr
	}
	mustRun(`a = [1, 2]
b = {"x": a, "y": a}
t = (a, 3)
flat = (1, "two", 3.0)
c = [0]
c.append(c)
r = {"k": 1, "n": None}
rs = [r, r]
s = {1, 2}
class P:
    pass
p = P()
p.items = [r]
fs = frozenset([1])`)
	snap := g.Snapshot()
	mustRun(`a.append(3)
r["k"] = 2
del r["n"]
c.append(5)
s.add(3)
p.items.append(0)
b["z"] = 1`)
	g.Restore(snap)
	got := mustRun(`return [a == [1, 2], b["x"] is b["y"] is a is t[0], "z" not in b, c[1] is c, len(c) == 2,
        rs[0] is rs[1] is r is p.items[0], r == {"k": 1, "n": None}, s == {1, 2}, p.items == [r],
        flat == (1, "two", 3.0), fs == frozenset([1])]`)
	if got != "[True, True, True, True, True, True, True, True, True, True, True]" {
		t.Errorf("after Restore of a snapshot taken before the mutations: %s", got)
	}
}

// TestCancelledHostCallsLeaveNoGoroutines: host calls cancelled by
// wait_for's timeout, by task.cancel() and by the run's deadline all see
// their context done, and so do the contexts they derive (as the dispatch
// chain does); once the run has returned, the goroutine count is back
// where it was, give or take the idle host workers.
func TestCancelledHostCallsLeaveNoGoroutines(t *testing.T) {
	var mu sync.Mutex
	started, ended := 0, 0
	host := map[string]HostFunc{
		"hang": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			mu.Lock()
			started++
			mu.Unlock()
			sub, cancel := context.WithTimeout(ctx, time.Hour)
			defer cancel()
			<-sub.Done()
			mu.Lock()
			ended++
			mu.Unlock()
			return nil, ctx.Err()
		},
	}
	before := runtime.NumGoroutine()
	src := `import asyncio
for i in range(40):
    try:
        await asyncio.wait_for(hang(), 0.001)
    except TimeoutError:
        pass
ts = [asyncio.create_task(hang()) for _ in range(40)]
await asyncio.sleep(0)
for t in ts:
    t.cancel()
ts = [asyncio.create_task(hang()) for _ in range(40)]
await hang()
`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	prog, err := Compile("<snippet>", src, CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prog.Run(ctx, RunOptions{Host: host}); err == nil {
		t.Fatal("a run past its deadline returned no error")
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		s, e := started, ended
		mu.Unlock()
		grown := runtime.NumGoroutine() - before
		if s == e && s >= 81 && grown <= 8 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d host calls started, %d ended; %d goroutines more than before the run", s, e, grown)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// BenchmarkGlobalsSizeBytes is the size measure a session's run takes
// after it ends (sandbox worker, backend.LocalSession), of globals holding
// bench/programs/records.py's 100 000 records and its summary.
func BenchmarkGlobalsSizeBytes(b *testing.B) {
	g := recordsGlobals(b)
	b.ReportAllocs()
	for b.Loop() {
		g.sized = false
		_ = g.SizeBytes()
	}
}

// recordsGlobals returns globals holding bench/programs/records.py's
// 100 000 records and their summary by team, as a session would after
// its first run.
func recordsGlobals(b *testing.B) *Globals {
	b.Helper()
	g := NewGlobals()
	p, err := Compile("<snippet>", `rows = [{"id": i, "team": "t" + str(i % 17), "score": (i * 37) % 101} for i in range(100000)]
by_team = {}
for r in rows:
    by_team.setdefault(r["team"], []).append(r["score"])`, CompileOptions{Snippet: true})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := p.Run(context.Background(), RunOptions{Globals: g}); err != nil {
		b.Fatal(err)
	}
	return g
}
