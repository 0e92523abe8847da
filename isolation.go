package toolplane

import (
	"fmt"
	"os"

	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/sandbox"
)

// SandboxWorkerMain makes this program a sandbox worker when it was
// started as one (its first argument is sandbox.WorkerArg): it serves the
// host that started it and exits. Otherwise it returns at once.
//
// Process isolation starts workers by running this executable again, so a
// program that opens runtimes with process isolation (WithProcessIsolation,
// or [toolplane] isolation = "process" through Open) must call it first
// thing in main, before flags are parsed or anything is opened:
//
//	func main() {
//		toolplane.SandboxWorkerMain()
//		...
//	}
//
// The toolplane command does. A program that does not gets a worker that
// never greets the host, and runs fail with an error that says so.
func SandboxWorkerMain() {
	if len(os.Args) < 2 || os.Args[1] != sandbox.WorkerArg {
		return
	}
	b := embedded.New()
	os.Exit(sandbox.WorkerMain(os.Args[2:], b.WorkerRun, b.WorkerWarm))
}

// WithProcessIsolation runs the embedded backend's snippets in sandbox
// worker processes (package sandbox): a failure of the interpreter, even
// one Go cannot recover from, costs one run and never this process; a
// session's globals live in a worker pinned to it; capabilities stay in
// this process, reached over the bridge through the same dispatch chain.
// Stop closes the pool. The program must call SandboxWorkerMain first in
// main unless opts.Command names another worker program.
func WithProcessIsolation(opts sandbox.Options) Option {
	return func(rt *Runtime) error {
		pool, err := sandbox.NewPool(opts)
		if err != nil {
			return err
		}
		// Fail at start, not at the first run, when no worker can start
		// (a program that does not call SandboxWorkerMain, a missing
		// binary): the spare worker the pool starts must greet.
		if err := pool.Ready(); err != nil {
			pool.Close()
			return fmt.Errorf("process isolation: %w", err)
		}
		rt.backends[embedded.Name] = embedded.New(embedded.WithWorkers(pool))
		rt.isolated = true
		rt.pool = pool
		rt.onStop = append(rt.onStop, pool.Close)
		return nil
	}
}

// Isolated reports whether the embedded backend runs snippets in sandbox
// worker processes.
func (rt *Runtime) Isolated() bool { return rt.isolated }
