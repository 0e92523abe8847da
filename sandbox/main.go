package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/vm"
)

// WorkerArg is the first argument that makes a process a sandbox worker:
// `toolplane __sandbox-worker ...` (a hidden verb; see
// toolplane.SandboxWorkerMain).
const WorkerArg = "__sandbox-worker"

// init keeps a worker's main goroutine on the process's main thread until
// WorkerMain has confined it. Some of what confine sets and checks belongs
// to a thread: the parent-death signal is the main thread's alone (execve
// left it there; threads the Go runtime starts have none, and the kernel
// signals the process when the host's thread ends because its main thread
// has it). Only an init function can pin main's goroutine to that thread:
// the runtime unlocks it once inits are done, and by the time main calls
// WorkerMain it may run on any thread (on a loaded machine it often did,
// and the worker reported its parent-death signal as not set).
func init() {
	if len(os.Args) > 1 && os.Args[1] == WorkerArg {
		runtime.LockOSThread()
	}
}

// workerLimits are the worker's own resource bounds, from its arguments.
type workerLimits struct {
	addressSpace int64 // RLIMIT_AS
	heap         int64 // the Go runtime's soft memory limit
	cpuSeconds   int64 // RLIMIT_CPU
}

// workerMaxStack bounds a worker goroutine's stack. The interpreter bounds
// its own recursion; this makes a Go recursion it failed to bound die of a
// stack overflow well inside the address-space limit, not of the limit.
const workerMaxStack = 32 << 20

func (l workerLimits) args() []string {
	return []string{
		"as=" + strconv.FormatInt(l.addressSpace, 10),
		"heap=" + strconv.FormatInt(l.heap, 10),
		"cpu=" + strconv.FormatInt(l.cpuSeconds, 10),
	}
}

func parseWorkerArgs(args []string) (workerLimits, error) {
	var l workerLimits
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return l, fmt.Errorf("bad worker argument %q", a)
		}
		switch k {
		case "as":
			l.addressSpace = n
		case "heap":
			l.heap = n
		case "cpu":
			l.cpuSeconds = n
		default:
			return l, fmt.Errorf("unknown worker argument %q", a)
		}
	}
	return l, nil
}

// WarmFunc prepares a worker for its first run, once it is confined and
// before it greets the host: runs of a representative snippet compile what
// every run needs (the CLI bindings' prelude) and page in the
// interpreter's code and the first of its heap, which otherwise cost the
// first run of every session (a fresh process's minor page faults) while
// the client waited. A spare worker warms up before anyone waits for it.
// heap is the worker's heap guard (nil: none).
type WarmFunc func(heap *vm.HeapGuard)

// WorkerMain is the main of a worker process; args are its arguments after
// WorkerArg. It confines the process, warms it up (warm may be nil), serves
// the host on stdin and stdout until the host closes stdin, and returns
// the exit code.
func WorkerMain(args []string, run RunFunc, warm WarmFunc) int {
	// main's goroutine is on the main thread, locked there by init until
	// confine below has run, whatever GOMAXPROCS does to the scheduler.
	lim, err := parseWorkerArgs(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolplane sandbox worker:", err)
		return 2
	}
	// The interpreter's garbage is short-lived, in a worker as in a host.
	python.TuneGC()
	// A worker runs one snippet at a time on one goroutine. With one P a
	// run handed from the bridge's reader to the run loop stays on its
	// thread instead of waking another (a futex wake, a spinning thread
	// and a context switch per run: measured 1.3-1.8 fewer context
	// switches and a quarter less CPU per trivial run), and a session's
	// worker, collector included, keeps to one core whatever its snippet
	// does.
	runtime.GOMAXPROCS(1)
	debug.SetMaxStack(workerMaxStack)
	// The worker serves one session, so its whole heap is that session's:
	// the Go runtime's soft limit and the interpreter's heap guard share
	// one ceiling, and a run the accounting under-charged fails with
	// MemoryError there instead of growing the worker into its
	// address-space limit.
	var heap *vm.HeapGuard
	if lim.heap > 0 {
		debug.SetMemoryLimit(lim.heap)
		heap = vm.NewHeapGuard(lim.heap)
	}
	// Local time is read from the system once, before files are closed off.
	_ = time.Local.String()
	protections := confine(lim)
	// Releases init's lock: the run loop and the bridge's reader then
	// share the worker's one P on any thread.
	runtime.UnlockOSThread()
	if warm != nil {
		warm(heap)
	}
	touchHeap(lim.heap)
	// The bridge goes through the runtime's poller, so waiting for the host
	// parks a goroutine instead of a thread.
	in, out := pollable(0, "bridge-in"), pollable(1, "bridge-out")
	if err := Serve(in, out, run, heap, protections); err != nil {
		fmt.Fprintln(os.Stderr, "toolplane sandbox worker:", err)
		return 1
	}
	return 0
}

// touchedHeapBytes is how much memory touchHeap faults in: the Go
// collector's smallest heap goal at the interpreter's GC percent (4 MiB
// times python.DefaultGCPercent/100), which a session's heap grows to over
// its first runs whatever they do.
const touchedHeapBytes = 4 << 20 * python.DefaultGCPercent / 100

// maxHugeHeapBytes bounds the heap touchHeap maps in huge pages.
const maxHugeHeapBytes = 1 << 30

// touchHeap readies the heap a session's runs grow into, once, before
// the worker greets the host. A fresh process's heap takes every page it
// grows into from the kernel with a minor fault, tens of microseconds
// each on a loaded virtual machine: a session's first few hundred small
// runs paid 5 000 of them (20 MiB) until the heap reached its goal, and a
// session whose runs hold and churn tens of megabytes (records.py: 100 000
// records kept, as many made per run) grew its heap by 40 MiB a run for
// its first ten runs, at 9 000 faults and more than twice the run's own
// time each, until the collector's goal (five times what is live at
// python.DefaultGCPercent) was reached.
//
// It maps half the Go memory limit (at most maxHugeHeapBytes) of heap at
// once and asks the kernel to back it with transparent huge pages when it
// is touched (one fault per 2 MiB instead of 512), faults in the first
// touchedHeapBytes of it, and frees it to the Go heap, whose allocator
// takes the lowest free pages first: the runs grow into it. The rest is
// address space only until a run touches it: an idle worker's resident
// memory does not grow, and pages the runtime gives back to the OS keep
// the advice. limit is the Go memory limit (0: none, the first
// touchedHeapBytes only).
func touchHeap(limit int64) {
	n := int64(touchedHeapBytes)
	if limit > 0 {
		n = max(n, min(limit/2, maxHugeHeapBytes))
	}
	b := make([]byte, n)
	// In huge pages where the kernel has them: eight faults instead of
	// 4 096 for the part touched now.
	python.AdviseHugePages(b)
	for i := 0; i < touchedHeapBytes; i += 4096 {
		b[i] = 1
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}
