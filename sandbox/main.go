package sandbox

import (
	"fmt"
	"os"
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

// WorkerMain is the main of a worker process; args are its arguments after
// WorkerArg. It confines the process, serves the host on stdin and stdout
// until the host closes stdin, and returns the exit code.
func WorkerMain(args []string, run RunFunc) int {
	lim, err := parseWorkerArgs(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolplane sandbox worker:", err)
		return 2
	}
	// The interpreter's garbage is short-lived, in a worker as in a host.
	python.TuneGC()
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
	// The bridge goes through the runtime's poller, so waiting for the host
	// parks a goroutine instead of a thread.
	in, out := pollable(0, "bridge-in"), pollable(1, "bridge-out")
	if err := Serve(in, out, run, heap, protections); err != nil {
		fmt.Fprintln(os.Stderr, "toolplane sandbox worker:", err)
		return 1
	}
	return 0
}
