package python_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hostilecorpus"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// How a case runs and what its ending must be are package hostilecorpus's
// rules; a "# limit: time" case must also end within hostileOverrun of its
// deadline.
const (
	// hostileOverrun is how far past hostilecorpus.TimeLimit a "# limit:
	// time" case may end, in wall time and in the process's CPU time both
	// (a loaded machine stretches the first, the collector's other threads
	// the second; a builtin that ignores the deadline overruns both): the
	// longest stretch of work between two polls of the deadline, with
	// room for the machine's load.
	hostileOverrun    = 500 * time.Millisecond
	hostileHangGrace  = 10 * time.Second
	hostileHeapGrowth = 32 << 20
)

// hostileDir is the corpus.
var hostileDir = filepath.Join("testdata", "hostile")

const hostileXFailHeader = `Hostile cases (python/testdata/hostile) that currently do not end as their
marker says, with the first line of the difference. TestHostile requires each
listed case to still fail and every other case to pass.
Regenerate: go test ./python -run Hostile -update-xfail`

// TestHostile runs every case of python/testdata/hostile in snippet mode,
// with tight limits, the host stubs and the standard library a host gets
// (lib.Modules), and requires:
//   - the marked ending: "# completes" finishes without error (the limits
//     must not stop heavy but legitimate work); "# limit: a|b" ends by one of those limits (a depth
//     limit may surface as RecursionError and a memory limit as MemoryError);
//     "# raises: Type[: msg]" ends with that exception (any message if none
//     is stated; "A|B" accepts either type) and not by a limit;
//   - that Run returns (no hang past the deadline plus a grace period);
//   - that print output and host calls never exceed their limits;
//   - that the heap returns near its baseline once the run is over;
//   - that the process stays up.
//
// The cases run one after another in ONE child process (this test binary
// re-executed), so a case that crashes the process or exhausts the
// machine's memory fails as that case instead of killing the test run. A
// watchdog in the child ends it when its heap passes hostileHeapCeiling, far
// above the runs' 64 MiB budget, to protect the shared machine.
func TestHostile(t *testing.T) {
	cases, err := hostilecorpus.Load(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv(hostileChildEnv) != "" {
		runHostileChild(cases)
		return
	}
	problems, slow, err := runHostileChildren(cases)
	if err != nil {
		t.Fatal(err)
	}
	if len(slow) > 0 {
		t.Logf("hostile cases that took %dms or more: %s", slowHostileMillis, strings.Join(slow, ", "))
	}
	xfail, err := hostilecorpus.ReadXFail(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	runChecked(t, "hostile", cases, xfail, hostilecorpus.XFailPath(hostileDir), hostileXFailHeader, func(t *testing.T, c hostilecorpus.Case) (string, bool) {
		return problems[c.Name], true
	})
}

const (
	// hostileChildEnv marks the re-executed test binary that runs cases.
	hostileChildEnv = "TOOLPLANE_HOSTILE_CHILD"
	// hostileFromEnv is the index of the first case the child runs.
	hostileFromEnv = "TOOLPLANE_HOSTILE_FROM"
	// hostileHeapCeiling is where the child's watchdog gives up.
	hostileHeapCeiling = 512 << 20
	// Child protocol: "<prefix> <index> <problem>" lines on stdout.
	hostileStartLine = "HOSTILE-START"
	hostileDoneLine  = "HOSTILE-DONE"
	// slowHostileMillis is the run time from which a case is logged as slow.
	slowHostileMillis = 200
	// hangProblem starts the description of a run that ignored its deadline.
	hangProblem = "hang"
)

// runHostileChildren runs the cases in child processes, starting a new
// child after the case where one died, and returns each case's problem.
func runHostileChildren(cases []hostilecorpus.Case) (problems map[string]string, slow []string, err error) {
	problems = map[string]string{}
	for from := 0; from < len(cases); {
		started := from
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHostile$", "-test.count=1")
		cmd.Env = append(os.Environ(), hostileChildEnv+"=1", fmt.Sprintf("%s=%d", hostileFromEnv, from), "GOMEMLIMIT=768MiB")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			cancel()
			return nil, nil, fmt.Errorf("starting hostile child: %w", err)
		}
		if err := cmd.Start(); err != nil {
			cancel()
			return nil, nil, fmt.Errorf("starting hostile child: %w", err)
		}
		running := -1
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			kind, rest, _ := strings.Cut(sc.Text(), " ")
			idx, problem, _ := strings.Cut(rest, " ")
			i, err := strconv.Atoi(idx)
			if err != nil || i < 0 || i >= len(cases) {
				continue
			}
			switch kind {
			case hostileStartLine:
				running = i
			case hostileDoneLine:
				ms, problem, _ := strings.Cut(problem, " ")
				if d, err := strconv.Atoi(ms); err == nil && d >= slowHostileMillis {
					slow = append(slow, fmt.Sprintf("%s %dms", cases[i].Name, d))
				}
				problems[cases[i].Name] = strings.ReplaceAll(problem, "\\n", "\n")
				running, from = -1, i+1
			}
		}
		waitErr := cmd.Wait()
		cancel()
		if running < 0 {
			// The child stops by itself after a hung run, whose goroutine
			// would otherwise skew the heap checks of later cases.
			if from < len(cases) && from == started {
				return nil, nil, fmt.Errorf("hostile child stopped before case %d without running it: %v\n%s", from, waitErr, tail(stderr.String(), 2000))
			}
			continue
		}
		problems[cases[running].Name] = fmt.Sprintf("the process died during the case (%v): %s", waitErr, tail(stderr.String(), 600))
		from = running + 1
	}
	return problems, slow, nil
}

// runHostileChild is the child side: it runs cases from hostileFromEnv on,
// reporting each on stdout, with the heap watchdog armed.
func runHostileChild(cases []hostilecorpus.Case) {
	from, _ := strconv.Atoi(os.Getenv(hostileFromEnv))
	stop := make(chan struct{})
	defer close(stop)
	go heapWatchdog(stop)
	modules := lib.Modules()
	// Listed cases are expected to fail, possibly by running into the
	// backstop deadline; a shorter one keeps their cost down. A fixed case
	// still finishes well within it and is reported as passing.
	xfail, err := hostilecorpus.ReadXFail(hostileDir)
	if err != nil {
		panic(err)
	}
	baseline := heapInUse()
	for i := from; i < len(cases); i++ {
		fmt.Printf("%s %d\n", hostileStartLine, i)
		began := time.Now()
		_, expectFail := xfail[cases[i].Name]
		problem := runHostile(modules, cases[i], expectFail)
		elapsed := time.Since(began)
		if after := heapInUse(); after > baseline+hostileHeapGrowth {
			problem = joinProblems(problem, fmt.Sprintf("heap in use %d MiB after the run, baseline %d MiB: the run's memory was not released",
				after>>20, baseline>>20))
		}
		fmt.Printf("%s %d %d %s\n", hostileDoneLine, i, elapsed.Milliseconds(), strings.ReplaceAll(problem, "\n", "\\n"))
		if strings.HasPrefix(problem, hangProblem) {
			return
		}
	}
}

// heapWatchdog panics, ending the process, when the live heap grows more
// than hostileHeapCeiling past what it was when the watch began: the
// interpreter's memory limit has failed, and the machine is shared. The
// 2 ms sample counts garbage not yet collected too (up to twice the live
// heap under GOGC=100, more in a package whose other tests left a large
// heap), so a sample over the line is checked again after a collection,
// and only a live heap over it panics.
func heapWatchdog(stop <-chan struct{}) {
	baseline := heapInUse()
	limit := baseline + hostileHeapCeiling
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		metrics.Read(sample)
		if v := sample[0].Value; v.Kind() != metrics.KindUint64 || v.Uint64() <= limit {
			continue
		}
		if live := heapInUse(); live > limit {
			// Every goroutine's stack names the run that holds it.
			stacks := make([]byte, 256<<10)
			stacks = stacks[:runtime.Stack(stacks, true)]
			os.Stderr.Write(stacks)
			panic(fmt.Sprintf("hostile watchdog: live heap reached %d MiB (%d MiB when the watch began, %d goroutines), the interpreter's memory limit did not hold",
				live>>20, baseline>>20, runtime.NumGoroutine()))
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		s = "..." + s[len(s)-n:]
	}
	return strings.TrimSpace(s)
}

// runHostile runs one hostile case and describes how its ending differs
// from its marker ("" if it does not).
func runHostile(modules vm.Modules, c hostilecorpus.Case, expectFail bool) string {
	setup := hostilecorpus.SetupFor(c.Marker, expectFail)
	limits, deadline := setup.Limits, setup.Deadline
	out := &countingWriter{}
	var hostCalls atomic.Int64
	host := map[string]python.HostFunc{}
	for name, fn := range hoststub.Funcs() {
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
	began, cpuBegan := time.Now(), processCPU()
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
			_, err = prog.Run(ctx, python.RunOptions{Stdout: out, Host: host, Limits: limits, Modules: modules})
		}
		done <- ending{err: err}
	}()
	var end ending
	select {
	case end = <-done:
	case <-time.After(deadline + hostileHangGrace):
		return fmt.Sprintf("%s: Run did not return %v after its deadline", hangProblem, hostileHangGrace)
	}
	if end.panic != "" {
		return "Go panic escaped the interpreter: " + end.panic
	}
	var problems string
	if wall, cpu := time.Since(began), processCPU()-cpuBegan; setup.TimeOnly && !expectFail && wall > deadline+hostileOverrun && cpu > deadline+hostileOverrun {
		problems = fmt.Sprintf("ran %v (%v of CPU) with a %v time limit: more than %v past it", wall.Round(time.Millisecond),
			cpu.Round(time.Millisecond), deadline, hostileOverrun)
	}
	if n := out.n.Load(); n > hostilecorpus.Output {
		problems = joinProblems(problems, fmt.Sprintf("printed %d bytes, limit %d", n, hostilecorpus.Output))
	}
	if n := hostCalls.Load(); n > hostilecorpus.HostCalls {
		problems = joinProblems(problems, fmt.Sprintf("made %d host calls, limit %d", n, hostilecorpus.HostCalls))
	}
	var got *hostilecorpus.Ending
	if end.err != nil {
		var exc *python.Exception
		if !errors.As(end.err, &exc) {
			return joinProblems(problems, fmt.Sprintf("want %s, got a non-*python.Exception error: %v", c.Marker, end.err))
		}
		got = &hostilecorpus.Ending{Type: exc.Type, Message: exc.Message, Limit: exc.Limit}
	}
	return joinProblems(problems, hostilecorpus.Check(c.Marker, got))
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

// processCPU returns the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
