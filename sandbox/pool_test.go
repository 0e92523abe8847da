package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
)

// TestMain makes this test binary a worker whose runs misbehave on the
// bridge as a subverted worker could: each request's code names what it
// does.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == WorkerArg {
		args := os.Args[2:]
		if len(args) > 0 && args[0] == "-test-environ" {
			// A variable the host never passes: the environment
			// measure is not in force.
			os.Setenv("LEAKED", "1")
			args = args[1:]
		}
		leaveMainThread()
		os.Exit(WorkerMain(args, hostileRun, nil))
	}
	os.Exit(m.Run())
}

// rawFrame writes a frame straight to the bridge, past the worker's own
// message code.
func rawFrame(kind byte, payload []byte) {
	_ = writeFrame(os.Stdout, kind, payload)
}

// held is memory a hostile run keeps after it ended, outside the
// session's globals.
var held [][]byte

func hostileRun(ctx context.Context, req *RunRequest, g *python.Globals, host map[string]python.HostFunc, _, stderr io.Writer, heap *vm.HeapGuard) *RunResult {
	switch req.Code {
	case "holdidle":
		// Keep 200 MiB touched after the run, while the result reports
		// the session's globals (empty) as all it holds.
		for range 4 {
			b := make([]byte, 50<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			held = append(held, b)
		}
		return &RunResult{Value: "held"}
	case "globals150":
		// An honest session holding 150 MB in its globals.
		prog, err := python.Compile("globals150.py", "b = b\"x\" * 150_000_000", python.CompileOptions{})
		if err != nil {
			return &RunResult{Err: &RunError{Type: "SyntaxError", Message: err.Error()}}
		}
		if _, err := prog.Run(ctx, python.RunOptions{Globals: g, Limits: req.Limits, Heap: heap}); err != nil {
			return &RunResult{Err: &RunError{Type: "RuntimeError", Message: err.Error()}}
		}
		return &RunResult{Value: "kept"}
	case "churn":
		// An honest run that made and dropped 180 MB: garbage its
		// worker holds until it gives it back.
		prog, err := python.Compile("churn.py", "b = b\"x\" * 180_000_000\ndel b", python.CompileOptions{})
		if err != nil {
			return &RunResult{Err: &RunError{Type: "SyntaxError", Message: err.Error()}}
		}
		if _, err := prog.Run(ctx, python.RunOptions{Globals: g, Limits: req.Limits, Heap: heap}); err != nil {
			return &RunResult{Err: &RunError{Type: "RuntimeError", Message: err.Error()}}
		}
		return &RunResult{Value: "churned"}
	case "stderrflood":
		// More stderr than the host passes on (the output cap plus the
		// warnings' room), through the worker's stderr stream.
		_, _ = stderr.Write(bytes.Repeat([]byte("e"), 3<<20))
		return &RunResult{Value: "flooded"}
	case "threads":
		// Threads blocked in a system call each, as many as the kernel
		// gives (a subverted worker is bound by no rlimit here).
		debug.SetMaxThreads(1 << 20)
		for range 1000 {
			go func() {
				ts := syscall.Timespec{Sec: 60}
				_ = syscall.Nanosleep(&ts, nil)
			}()
		}
		time.Sleep(time.Minute)
		return &RunResult{Value: "unreachable"}
	case "resident":
		// Touch more memory than the worker's Go memory limit, and hold it.
		keep := make([][]byte, 0, 8)
		for range 8 {
			b := make([]byte, 64<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			keep = append(keep, b)
		}
		time.Sleep(time.Minute)
		return &RunResult{Value: int64(len(keep))}
	case "heapceiling":
		// What the worker hands the interpreter as its heap guard.
		if heap == nil {
			return &RunResult{Value: int64(-1)}
		}
		return &RunResult{Value: heap.Ceiling()}
	case "grow":
		// An honest run whose heap grows by 64 MiB of values it holds
		// until it ends, page by page.
		keep := make([][]byte, 0, 64)
		for range 64 {
			b := make([]byte, 1<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			keep = append(keep, b)
		}
		return &RunResult{Value: int64(len(keep))}
	case "ok":
		v, err := host["ok"](ctx, []any{int64(1)}, nil)
		if err != nil {
			return &RunResult{Err: &RunError{Type: "ToolError", Message: err.Error()}}
		}
		return &RunResult{Value: v}
	case "unbound":
		// Ask for a capability the run did not bind; the answer goes to
		// no waiting call, so wait a moment and finish.
		var e enc
		e.uint(999)
		e.str("mcp:secret/steal")
		_ = e.value([]any{}, 0)
		_ = e.value(map[string]any{}, 0)
		rawFrame(kindCall, e.b)
		time.Sleep(200 * time.Millisecond)
		return &RunResult{Value: "done"}
	case "rawstdout", "rawstderr":
		// Output frames without end, past the worker's own writer.
		kind := kindOutput
		if req.Code == "rawstderr" {
			kind = kindStderr
		}
		var frame bytes.Buffer
		_ = writeFrame(&frame, kind, bytes.Repeat([]byte("f"), 64<<10))
		for {
			// The bridge is non-blocking (the worker polls it): a full
			// pipe is EAGAIN, not a wait.
			for b := frame.Bytes(); len(b) > 0; {
				n, err := os.Stdout.Write(b)
				b = b[max(n, 0):]
				if err != nil && !errors.Is(err, syscall.EAGAIN) {
					os.Exit(1)
				}
				if err != nil {
					time.Sleep(time.Millisecond)
				}
			}
		}
	case "partialframe":
		// Begin an 8 MiB frame and stop after 1000 bytes of it.
		os.Stdout.Write(append([]byte{0, 0x80, 0, 0, kindOutput}, bytes.Repeat([]byte("x"), 1000)...))
		time.Sleep(time.Minute)
	case "callthenexit":
		// A host call, then the worker dies before it answers.
		_, _ = host["ok"](ctx, nil, nil)
		os.Exit(3)
	case "flood":
		n := 0
		for range 100 {
			if _, err := host["ok"](ctx, nil, nil); err == nil {
				n++
			}
		}
		return &RunResult{Value: int64(n)}
	case "bigframe":
		os.Stdout.Write([]byte{0xff, 0xff, 0xff, 0xff})
	case "badutf8":
		var e enc
		e.uint(1)
		e.bytes([]byte("ok\xff")) // a str on the wire; enc.str would make it UTF-8
		_ = e.value([]any{}, 0)
		_ = e.value(map[string]any{}, 0)
		rawFrame(kindCall, e.b)
	case "deep":
		var e enc
		e.uint(1)
		e.str("ok")
		for range 300 {
			e.byte(tagList)
			e.uint(1)
		}
		e.byte(tagNone)
		_ = e.value(map[string]any{}, 0)
		rawFrame(kindCall, e.b)
	case "lyingcount":
		var e enc
		e.uint(1)
		e.str("ok")
		e.byte(tagList)
		e.uint(1 << 40)
		rawFrame(kindCall, e.b)
	case "hello":
		rawFrame(kindHello, encodeHello(&hello{Version: protocolVersion}))
	case "replykind":
		rawFrame(kindReply, []byte{1, 0})
	case "runkind":
		rawFrame(kindRun, encodeRun(&RunRequest{Code: "x"}))
	case "cancelkind":
		rawFrame(kindCancel, nil)
	case "unknownkind":
		rawFrame(99, []byte("?"))
	case "emptyframe":
		os.Stdout.Write([]byte{0, 0, 0, 0})
	case "negativesize":
		var e enc
		e.byte(0)
		e.byte(tagNone)
		e.str("")
		e.str("")
		e.int(-1)
		e.uint(0)
		rawFrame(kindDone, e.b)
	case "longname":
		var e enc
		e.byte(0)
		e.byte(tagNone)
		e.str("")
		e.str("")
		e.int(0)
		e.strs([]string{strings.Repeat("n", maxListedNameSize+1)})
		rawFrame(kindDone, e.b)
	}
	time.Sleep(time.Minute)
	return &RunResult{Value: "unreachable"}
}

func newTestPool(t *testing.T) *Pool {
	t.Helper()
	p, err := NewPool(Options{Command: []string{os.Args[0], WorkerArg}, MemoryBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Ready(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// TestAttackWorkerMessages: a worker that breaks the protocol (an
// oversized or lying frame, a string that is not UTF-8, a value nested too
// deep, a message of the host's kind) is killed, its run fails with the
// cause, and the session's next run works in a fresh worker; a call for a
// name the run did not bind never reaches the host and kills the worker
// (its stubs are made from the bound names only); the host caps calls.
func TestAttackWorkerMessages(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	var calls atomic.Int64
	host := map[string]python.HostFunc{"ok": func(context.Context, []any, map[string]any) (any, error) {
		calls.Add(1)
		return "fine", nil
	}}
	ctx := context.Background()
	for _, tc := range []struct{ code, cause string }{
		{"bigframe", "frame larger than"},
		{"badutf8", "not valid UTF-8"},
		{"deep", "nested deeper"},
		{"lyingcount", "exceeds the message"},
		{"hello", "unexpected message kind"},
		{"replykind", "unexpected message kind"},
		{"runkind", "unexpected message kind 1"},
		{"cancelkind", "unexpected message kind 3"},
		{"unknownkind", "unexpected message kind 99"},
		{"emptyframe", "empty frame"},
		{"negativesize", "negative size"},
		{"longname", "a global name of 257 bytes listed"},
	} {
		s := p.NewSession()
		s.Begin()
		res, err := s.Run(ctx, &RunRequest{Code: tc.code, Host: []string{"ok"}}, host, nil, nil)
		s.End(0)
		if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, "the sandbox process crashed: ") || !strings.Contains(res.Err.Message, tc.cause) {
			t.Errorf("%s: %+v %v; want a crash naming %q", tc.code, res.Err, err, tc.cause)
		}
		if notice := s.Begin(); !strings.Contains(notice, "globals were lost") {
			t.Errorf("%s: the next Begin's notice = %q", tc.code, notice)
		}
		res, err = s.Run(ctx, &RunRequest{Code: "ok", Host: []string{"ok"}}, host, nil, nil)
		s.End(0)
		if err != nil || res.Err != nil || res.Value != "fine" {
			t.Errorf("%s: the session's next run: %+v %v", tc.code, res, err)
		}
		s.Close()
	}

	before := calls.Load()
	res, err := p.RunOnce(ctx, &RunRequest{Code: "unbound", Host: []string{"ok"}}, host, nil, nil)
	if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, `the sandbox process crashed: it broke the sandbox protocol: it called "mcp:secret/steal", which the run did not bind`) || calls.Load() != before {
		t.Errorf("a call for an unbound name: %+v %v, host calls %d", res, err, calls.Load()-before)
	}

	before = calls.Load()
	res, err = p.RunOnce(ctx, &RunRequest{Code: "flood", Host: []string{"ok"}, Limits: python.Limits{MaxHostCalls: 10}}, host, nil, nil)
	if err != nil || res.Value != int64(10) || calls.Load()-before != 10 {
		t.Errorf("100 calls under a cap of 10: %+v %v, host calls %d", res, err, calls.Load()-before)
	}
}

// TestHostFunctionPanicFailsItsCall: a host function that panics fails
// the call that reached it (as it does for a run in the host's own
// process), not the host: the host runs worker calls on goroutines of
// their own, where a panic ended the process serving every client.
func TestHostFunctionPanicFailsItsCall(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	host := map[string]python.HostFunc{"ok": func(context.Context, []any, map[string]any) (any, error) {
		panic("a bug in a host function")
	}}
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "ok", Host: []string{"ok"}}, host, nil, nil)
	if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, "host function ok panicked: a bug in a host function") {
		t.Errorf("a call of a panicking host function: %+v %v", res, err)
	}
}

// TestAttackWorkerStderrCapped: a run that writes more stderr than it may
// gets no more than the output cap plus the warnings' room passed on, as
// stdout gets the cap. A worker that sends output frames past the cap
// anyway (a compromised interpreter flooding the host for the rest of its
// run, the host reading and dropping them at the pipe's speed) is killed
// at the cap, for stdout and stderr, and its run says so.
func TestAttackWorkerStderrCapped(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	var stderr bytes.Buffer
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "stderrflood", Limits: python.Limits{MaxOutputBytes: 1000}}, nil, nil, &stderr)
	if err != nil || res.Err != nil || res.Value != "flooded" {
		t.Fatalf("%+v %v", res, err)
	}
	if want := 1000 + warningBytes; stderr.Len() != want {
		t.Errorf("the host passed on %d bytes of stderr; want the cap, %d", stderr.Len(), want)
	}
	for _, c := range []struct{ code, want string }{
		{"rawstdout", "it sent more than the 1000 bytes of output the run may print"},
		{"rawstderr", fmt.Sprintf("it sent more than the %d bytes of stderr the run may write", 1000+warningBytes)},
	} {
		var stdout, stderr bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
		res, err := p.RunOnce(ctx, &RunRequest{Code: c.code, Limits: python.Limits{MaxOutputBytes: 1000}}, nil, &stdout, &stderr)
		cancel()
		if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, c.want) {
			t.Errorf("%s: %+v %v; want a crash saying %q", c.code, res.Err, err, c.want)
		}
		if stdout.Len() > 1000 || stderr.Len() > 1000+warningBytes {
			t.Errorf("%s: the host passed on %d bytes of output and %d of stderr", c.code, stdout.Len(), stderr.Len())
		}
	}
}

// TestRunDeadlineKillsAHungWorker: a worker that ignores the deadline is
// killed Grace after it, and the run says so.
func TestRunDeadlineKillsAHungWorker(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := p.RunOnce(ctx, &RunRequest{Code: "hang"}, nil, nil, nil)
	if err != nil || res.Err == nil || res.Err.Limit != "time" || !strings.Contains(res.Err.Message, "did not stop within") {
		t.Fatalf("%+v %v", res.Err, err)
	}
	// Not killed, the worker hangs for ever; the slack is a loaded
	// machine's.
	if d := time.Since(start); d > 200*time.Millisecond+DefaultGrace+10*time.Second {
		t.Errorf("the hung run took %s", d)
	}
}

// TestWorkerHeapGuard: a worker's runs get a heap guard at the worker's Go
// memory limit (the session's budget plus HeapHeadroom), the backstop that
// fails a run with MemoryError where the accounting missed an allocation.
func TestWorkerHeapGuard(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil || res.Value != int64(64<<20+HeapHeadroom) {
		t.Fatalf("the worker's heap guard ceiling: %+v %v; want %d", res, err, int64(64<<20+HeapHeadroom))
	}
}

// TestDeadSpareIsNotHandedARun: a spare worker that dies idle (killed
// from outside, the OOM killer) is only seen dead once the pool has reaped
// it; a run that takes it in that moment finds the request undeliverable.
// Nothing of the run ran, so it goes to another worker instead of failing
// as a crash, for one-off runs and a session's first run alike.
func TestDeadSpareIsNotHandedARun(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	// deadUnnoticed kills the pool's spare and makes it look alive until
	// the run has taken it: the window before the pool notices.
	deadUnnoticed := func() {
		t.Helper()
		var w *proc
		for deadline := time.Now().Add(30 * time.Second); w == nil; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("no spare worker")
			}
			p.mu.Lock()
			if len(p.idle) > 0 {
				w = p.idle[0]
			}
			p.mu.Unlock()
		}
		if err := w.process.Kill(); err != nil {
			t.Fatal(err)
		}
		<-w.dead
		// The pool's spare becomes a stand-in for the dead worker whose
		// death is not closed yet: the worker's own fields stay as its
		// goroutines and the watch read them.
		unnoticed := make(chan struct{})
		stand := &proc{pid: w.pid, process: w.process, dir: w.dir, in: w.in, frames: w.frames,
			dead: unnoticed, stderr: w.stderr, cause: w.cause, unread: w.unread,
			stop: make(chan struct{}), hello: w.hello}
		p.mu.Lock()
		found := false
		for i, x := range p.idle {
			if x == w {
				p.idle[i], found = stand, true
			}
		}
		p.mu.Unlock()
		if !found {
			t.Fatal("the dead spare left the pool's idle list before a run could take it")
		}
		time.AfterFunc(2*time.Second, func() { close(unnoticed) })
	}
	deadUnnoticed()
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil {
		t.Fatalf("a one-off run given a dead spare: %+v %v", res.Err, err)
	}
	deadUnnoticed()
	s := p.NewSession()
	defer s.Close()
	res, err = s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil {
		t.Fatalf("a session's first run given a dead spare: %+v %v", res.Err, err)
	}
	if s.lost != "" {
		t.Errorf("the session was told it lost its globals: %q", s.lost)
	}
}

// TestAttackWorkerHoldsKernelResources: what a worker holds of the
// kernel's resources is measured by the host, not taken from the worker.
// A subverted worker made threads without bound (RLIMIT_NPROC counts the
// whole user and never binds root; each thread takes a PID of the
// machine's, and a host that cannot make a thread dies) and held memory up
// to its address-space limit (the budget plus 2 GiB) whatever size it
// claimed; the host now kills it past MaxWorkerThreads threads or its
// memory limit plus RSSHeadroom resident, the run fails naming the limit,
// and the session's next run works in a fresh worker.
func TestAttackWorkerHoldsKernelResources(t *testing.T) {
	t.Parallel()
	t.Run("as_configured", func(t *testing.T) {
		t.Parallel()
		testWorkerHoldsKernelResources(t, newTestPool(t))
	})
	// Where the host may not make cgroups, the watch alone.
	t.Run("watch_only", func(t *testing.T) {
		t.Parallel()
		p, err := newPool(Options{Command: []string{os.Args[0], WorkerArg}, MemoryBytes: 64 << 20}, &pidsGroups{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		if err := p.Ready(); err != nil {
			t.Fatal(err)
		}
		testWorkerHoldsKernelResources(t, p)
	})
}

func testWorkerHoldsKernelResources(t *testing.T, p *Pool) {
	s := p.NewSession()
	defer s.Close()
	res, err := s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil {
		t.Fatalf("a first run: %+v %v", res, err)
	}
	if threads, rss, ok := procStat(s.w.pid); ok {
		t.Logf("a worker that runs our code: %d threads, %d MiB resident", threads, rss>>20)
	}
	// Where the host may make cgroups, the kernel refuses the thread past
	// the limit; elsewhere the watch sees it (and kills the worker) up to
	// 50 ms later.
	threads := "threads, more than the 64 a sandbox worker may"
	if p.pids.prot.InForce {
		threads = "tried to run more threads than the 64 a sandbox worker may, which the kernel refused"
	}
	t.Logf("threads: %s", p.pids.prot.Detail)
	for _, c := range []struct{ code, want string }{
		{"threads", threads},
		{"resident", "MiB resident, more than the 448 MiB a sandbox worker may"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
		res, err := s.Run(ctx, &RunRequest{Code: c.code}, nil, nil, nil)
		cancel()
		if res != nil && res.Err != nil {
			t.Logf("%s: %s", c.code, res.Err.Message)
		}
		if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, c.want) {
			t.Errorf("%s: the run ended %+v %v; want an error saying %q", c.code, res.Err, err, c.want)
		}
		s.End(backend.EndKeep)
		if notice := s.Begin(); !strings.Contains(notice, "globals were lost") {
			t.Errorf("%s: the next run's notice %q", c.code, notice)
		}
		res, err = s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
		if err != nil || res.Err != nil {
			t.Fatalf("%s: the session's next run: %+v %v", c.code, res, err)
		}
		s.End(backend.EndKeep)
	}
}

// TestUnconfinedWorkersAreReported: a confinement measure not in force on
// the host is told to Options.Warn (serve's log) when the first worker
// greets, not only by doctor: a kernel without Landlock or seccomp once
// ran workers unconfined with no word at start. The TZ the host passes on
// purpose is no variable the environment measure counts (a host with TZ
// set was told its workers' environment was not empty).
func TestUnconfinedWorkersAreReported(t *testing.T) {
	t.Setenv("TZ", "Europe/Paris")
	for _, c := range []struct {
		extra []string
		want  string
	}{
		{nil, ""},
		{[]string{"-test-environ"}, "sandbox workers run without environment on this host: 1 variables besides TZ"},
	} {
		var mu sync.Mutex
		var warned []string
		p, err := NewPool(Options{Command: append([]string{os.Args[0], WorkerArg}, c.extra...), MemoryBytes: 64 << 20, Warn: func(s string) {
			mu.Lock()
			warned = append(warned, s)
			mu.Unlock()
		}})
		if err != nil {
			t.Fatal(err)
		}
		err = p.Ready()
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		got := strings.Join(warned, "\n")
		mu.Unlock()
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%v: warned %q; want %q", c.extra, got, c.want)
		}
	}
}

// TestAttackWorkerUnderstatesItsSize: the session budgets are charged
// what a worker reports its session's globals hold. A subverted worker
// that reported 0 bytes held up to its memory limit between runs for 40
// MiB of its token's budget (WorkerBytes), in as many sessions as the
// token may keep. The host now holds an idle worker's report against what
// the kernel says it holds (idleRSSBound): this one keeps 200 MiB while
// reporting empty globals, and its session is charged what it holds; an
// honest worker whose globals hold 150 MB is charged its report. Neither
// is killed: an honest worker can hold more than its globals too (a heap
// whose few survivors are spread over many pages), so the host charges
// memory a session holds rather than end the session for it.
func TestAttackWorkerUnderstatesItsSize(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	limits := python.Limits{MaxMemoryBytes: 300 << 20}
	liar, honest := p.NewSession(), p.NewSession()
	defer liar.Close()
	defer honest.Close()
	reported := map[*Session]int64{}
	for _, c := range []struct {
		s    *Session
		code string
	}{{liar, "holdidle"}, {honest, "globals150"}} {
		c.s.Begin()
		res, err := c.s.Run(context.Background(), &RunRequest{Code: c.code, Limits: limits}, nil, nil, nil)
		c.s.End(backend.EndKeep)
		if err != nil || res.Err != nil {
			t.Fatalf("%s: %+v %v", c.code, res, err)
		}
		reported[c.s] = res.SizeBytes
		t.Logf("%s: reported %d MiB", c.code, res.SizeBytes>>20)
	}
	honestIdle := time.Now()
	liar.mu.Lock()
	lw := liar.w
	liar.mu.Unlock()
	for deadline := time.Now().Add(40 * time.Second); liar.SizeBytes() < 200<<20; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			_, rss, _ := procStat(lw.pid)
			t.Fatalf("40 s after its run, the worker that reported empty globals holds %d MiB and its session is charged %d MiB", rss>>20, liar.SizeBytes()>>20)
		}
	}
	t.Logf("the liar's session is charged %d MiB", liar.SizeBytes()>>20)
	if !lw.alive() {
		t.Errorf("the worker holding more than it reported was killed; want it charged")
	}
	// Its next run is charged what was measured until the host looks
	// again (a settled run's answer, or idle).
	if notice := liar.Begin(); notice != "" {
		t.Errorf("the liar's next run: %q", notice)
	}
	res, err := liar.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	liar.End(backend.EndKeep)
	if err != nil || res.Err != nil {
		t.Errorf("the liar's next run: %+v %v", res, err)
	}
	// Past the time the host takes to judge it, with room to spare.
	time.Sleep(time.Until(honestIdle.Add(idleSettle + overIdleFor + 2*time.Second)))
	honest.mu.Lock()
	hw := honest.w
	honest.mu.Unlock()
	_, rss, _ := procStat(hw.pid)
	if !hw.alive() || rss < 150<<20 {
		t.Errorf("the honest worker: alive %v, %d MiB resident; want alive, holding its 150 MB", hw.alive(), rss>>20)
	}
	if got, want := honest.SizeBytes(), reported[honest]+WorkerBytes; got != want {
		t.Errorf("the honest session is charged %d bytes; want its report plus WorkerBytes, %d", got, want)
	}
	if notice := honest.Begin(); notice != "" {
		t.Errorf("the honest session's next run: %q", notice)
	}
}

// TestAttackWorkerHoldsMemoryRunningOften: what a session's worker holds
// past its report was measured only once it had been idle for idleSettle
// (5 s), and forgotten at its next run: a session that ran every few
// seconds was charged its report whatever its worker held. Here three
// sessions run every 600 ms: a worker keeping 200 MiB outside its
// (empty) globals is charged them, while an honest worker whose runs each
// make and drop 180 MB, and one whose globals hold 150 MB, are charged
// their reports: a run in settleEvery has its worker give its garbage
// back before it answers.
func TestAttackWorkerHoldsMemoryRunningOften(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	limits := python.Limits{MaxMemoryBytes: 300 << 20}
	liar, churner, holder := p.NewSession(), p.NewSession(), p.NewSession()
	for _, s := range []*Session{liar, churner, holder} {
		defer s.Close()
	}
	run := func(s *Session, code string) int64 {
		t.Helper()
		s.Begin()
		res, err := s.Run(context.Background(), &RunRequest{Code: code, Limits: limits}, nil, nil, nil)
		s.End(backend.EndKeep)
		if err != nil || res.Err != nil {
			t.Fatalf("%s: %+v %v", code, res, err)
		}
		return res.SizeBytes
	}
	// The first run of a worker settles; what the liar holds comes
	// after it.
	run(liar, "heapceiling")
	run(liar, "holdidle")
	held := run(holder, "globals150")
	var liarCharged, churnerMax, holderMax int64
	// Past two settled runs of each; on a loaded machine, until the
	// liar's settled run came.
	for start := time.Now(); time.Since(start) < 2*settleEvery+time.Second || liarCharged < 200<<20 && time.Since(start) < 30*time.Second; time.Sleep(600 * time.Millisecond) {
		run(liar, "heapceiling")
		liarCharged = liar.SizeBytes()
		churnerMax = max(churnerMax, run(churner, "churn")+WorkerBytes, churner.SizeBytes())
		run(holder, "heapceiling")
		holderMax = max(holderMax, holder.SizeBytes())
	}
	t.Logf("charged: the liar %d MiB, the churner at most %d MiB, the holder at most %d MiB", liarCharged>>20, churnerMax>>20, holderMax>>20)
	if liarCharged < 200<<20 {
		t.Errorf("a worker holding 200 MiB past its empty globals, its session running every 600 ms, is charged %d MiB", liarCharged>>20)
	}
	if churnerMax > WorkerBytes+1<<20 {
		t.Errorf("a session whose runs each drop 180 MB was charged %d MiB; want its report plus WorkerBytes", churnerMax>>20)
	}
	if holderMax != held+WorkerBytes {
		t.Errorf("a session holding 150 MB in its globals was charged %d bytes; want its report plus WorkerBytes, %d", holderMax, held+WorkerBytes)
	}
}

// TestSpareKilledAfterTheRunWasWritten: a spare worker that dies just
// after a run request was written to its pipe (before it read it: killed
// from outside, the OOM killer) took the run with it, which failed as a
// crash though nothing of it ran. The host now sees the request still
// unread in the dead worker's pipe and gives the run to a fresh worker,
// once, for one-off runs and a session's first run alike. A worker that
// read its request and made a host call before it died is never given
// the run again: the call may have had effects.
func TestSpareKilledAfterTheRunWasWritten(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	// stopSpare stops the pool's spare so it reads nothing, and returns
	// it.
	stopSpare := func() *proc {
		t.Helper()
		var w *proc
		for deadline := time.Now().Add(30 * time.Second); w == nil; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("no spare worker")
			}
			p.mu.Lock()
			if len(p.idle) > 0 {
				w = p.idle[0]
			}
			p.mu.Unlock()
		}
		if err := w.process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		return w
	}
	// killOnceWritten kills w once a request lies in its pipe.
	killOnceWritten := func(w *proc) {
		for deadline := time.Now().Add(30 * time.Second); pipeUnread(w.in) <= 0; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Error("no request was written to the stopped spare")
				break
			}
		}
		_ = w.process.Kill()
	}
	w := stopSpare()
	go killOnceWritten(w)
	res, err := p.RunOnce(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	if err != nil || res.Err != nil {
		t.Errorf("a one-off run written to a spare killed before it read it: %+v %v", res.Err, err)
	}
	w = stopSpare()
	go killOnceWritten(w)
	s := p.NewSession()
	defer s.Close()
	s.Begin()
	res, err = s.Run(context.Background(), &RunRequest{Code: "heapceiling"}, nil, nil, nil)
	s.End(backend.EndKeep)
	if err != nil || res.Err != nil {
		t.Errorf("a session's first run written to a spare killed before it read it: %+v %v", res.Err, err)
	}
	if notice := s.Begin(); notice != "" {
		t.Errorf("the session was told %q", notice)
	}
	s.End(backend.EndKeep)

	var calls atomic.Int64
	host := map[string]python.HostFunc{"ok": func(context.Context, []any, map[string]any) (any, error) {
		calls.Add(1)
		return "fine", nil
	}}
	res, err = p.RunOnce(context.Background(), &RunRequest{Code: "callthenexit", Host: []string{"ok"}}, host, nil, nil)
	if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, "the sandbox process crashed") || calls.Load() != 1 {
		t.Errorf("a worker that died after a host call: %+v %v, %d host calls; want a crash and 1 call", res.Err, err, calls.Load())
	}
}

// TestAttackWorkerStopsMidFrame: a worker that sends a frame's length and
// part of it, then nothing, held the host's buffer for the frame (up to
// MaxFrameBytes) for as long as it lived, between runs as well as during
// one (its session idle for up to 30 minutes). A frame begun must now end
// within frameTimeout, or the worker is killed and its run says why.
func TestAttackWorkerStopsMidFrame(t *testing.T) {
	t.Parallel()
	p := newTestPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	res, err := p.RunOnce(ctx, &RunRequest{Code: "partialframe"}, nil, nil, nil)
	if err != nil || res.Err == nil || !strings.Contains(res.Err.Message, "it began a frame and did not finish it within 10s") {
		t.Errorf("a worker that stopped mid-frame: %+v %v", res.Err, err)
	}
}
