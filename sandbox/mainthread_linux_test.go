package sandbox

import (
	"context"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// leaveMainThread moves the calling goroutine off the process's main
// thread if the scheduler lets it, as a loaded machine does now and then
// between a program's start and its call of WorkerMain: while the goroutine
// sleeps in a system call, goroutines that yield in a loop hold every P,
// so it comes back through the run queue to whichever thread picks it up.
// A goroutine locked to its thread (as init locks a worker's) stays.
func leaveMainThread() {
	for try := 0; try < 20 && unix.Gettid() == unix.Getpid(); try++ {
		var stop atomic.Bool
		for range runtime.GOMAXPROCS(0) {
			go func() {
				for !stop.Load() {
					runtime.Gosched()
				}
			}()
		}
		ts := syscall.NsecToTimespec(int64(20 * time.Millisecond))
		_ = syscall.Nanosleep(&ts, nil)
		stop.Store(true)
	}
}

// TestWorkerParentDeathSignal: a worker reports its parent-death signal
// (SIGKILL when the host's spawning thread ends) in force, read on the
// main thread that holds it, even when its main goroutine was moved to
// another thread before WorkerMain (TestMain's worker moves it first).
func TestWorkerParentDeathSignal(t *testing.T) {
	t.Parallel()
	for range 3 {
		p, err := NewPool(Options{Command: []string{os.Args[0], WorkerArg}, MemoryBytes: 64 << 20})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		prot, err := p.Protections(ctx)
		cancel()
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, pr := range prot {
			if pr.Name == "parent_death_signal" {
				found = true
				if !pr.InForce {
					t.Errorf("parent_death_signal not in force: %s", pr.Detail)
				}
			}
		}
		if !found {
			t.Fatalf("no parent_death_signal among %+v", prot)
		}
	}
}
