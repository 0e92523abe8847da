package python_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hostilecorpus"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/internal/progen"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// Generated programs (package progen) run under these limits, in a child
// process whose Go stack is capped at programStack. With programDepth
// Python levels and as many Go levels (plus 50), the cap leaves about
// 6.4 KiB of Go stack per counted level: twice the budget
// TestAttackGoStackHeadroom holds at vm.MaxDepthCap, since a fuzzing
// build's coverage instrumentation grows the frames (that test checks the
// exact budget on a plain build). A path that recurses in Go without
// counting its levels still overflows here within a few hundred levels.
const (
	programSteps    = 300_000
	programMemory   = 32 << 20
	programDepth    = 300
	programStack    = 4 << 20
	programOutput   = 64 << 10
	programDeadline = time.Second
	// programGrace is how long after its deadline a run may take to
	// return before it counts as a hang.
	programGrace = 5 * time.Second
	// programQuickSeeds is how many seeds TestGeneratedPrograms runs.
	programQuickSeeds = 120

	programsChildEnv = "TOOLPLANE_PROGRAMS_CHILD"
	programDoneLine  = "PROGRAM-DONE"
)

// programOutcome is what the child reports for one program.
type programOutcome struct {
	// Problem is "" unless the program crashed the interpreter: a Go
	// panic (SystemError), Go names in an error or in the output, an
	// error that is no *python.Exception, or a run that did not return.
	Problem string `json:"problem,omitempty"`
	// Ending is how the run ended: "ok", an exception type, "limit:KIND",
	// or "compile:TYPE".
	Ending string `json:"ending"`
}

// programRequest is one program sent to the child.
type programRequest struct {
	Seed uint64 `json:"seed"`
	Src  string `json:"src"`
	// Overflow makes the child overflow its Go stack instead: the check
	// that the runner reports a fatal error as the program's problem.
	Overflow bool `json:"overflow,omitempty"`
}

// TestGeneratedPrograms runs programQuickSeeds generated programs (classes
// with dunders, descriptors, metaclasses, self-referential dunders,
// generators, coroutines, exceptions from dunders, objects handed to
// builtins that call back into Python) in a child process with Go's stack
// capped, and requires that none crashes the interpreter (see
// programOutcome.Problem and runProgramsChild). It also checks that the
// generator is deterministic and that what it writes is Python: CPython
// 3.11 compiles every program, and the interpreter compiles nearly all.
// The crashers FuzzPrograms found, minimized as hostile cases named
// *_fuzz_*, run first under the same conditions. FuzzPrograms runs the
// same check on seeds without end.
func TestGeneratedPrograms(t *testing.T) {
	if os.Getenv(programsChildEnv) != "" {
		runProgramsChild()
		return
	}
	if progen.Generate(7) != progen.Generate(7) {
		t.Fatal("progen.Generate is not deterministic: seed 7 gave two programs")
	}
	if progen.Generate(7) == progen.Generate(8) {
		t.Fatal("progen.Generate gave seeds 7 and 8 the same program")
	}
	srcs := make([]string, programQuickSeeds)
	for i := range srcs {
		srcs[i] = progen.Generate(uint64(i))
	}
	checkCPythonCompiles(t, srcs)

	r := &programRunner{}
	defer r.close()
	if out, err := r.send(programRequest{Overflow: true}); err != nil || !strings.Contains(out.Problem, "stack exceeds") {
		t.Fatalf("a Go stack overflow in the child was not reported as a problem: %q, %v", out.Problem, err)
	}
	// The crashers found so far, minimized, under the same conditions.
	cases, err := hostilecorpus.Load(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, c := range cases {
		if !strings.Contains(filepath.Base(c.File), "_fuzz_") {
			continue
		}
		found++
		out, err := r.run(0, c.Source)
		if err != nil {
			t.Fatal(err)
		}
		if out.Problem != "" {
			t.Errorf("%s crashed the interpreter: %s", c.Name, out.Problem)
		}
	}
	if found == 0 {
		t.Error("found no hostile case named *_fuzz_*: the crashers FuzzPrograms found are kept there")
	}
	endings := map[string]int{}
	for i, src := range srcs {
		out, err := r.run(uint64(i), src)
		if err != nil {
			t.Fatal(err)
		}
		if out.Problem != "" {
			t.Errorf("seed %d crashed the interpreter: %s\nprogram:\n%s", i, out.Problem, src)
		}
		kind, _, _ := strings.Cut(out.Ending, ":")
		endings[kind]++
	}
	t.Logf("endings of %d programs: %v", len(srcs), endings)
	// A program the interpreter refuses to compile tests nothing.
	if c := endings["compile"]; c*10 > len(srcs) {
		t.Errorf("%d of %d generated programs did not compile in the interpreter, want at most 10%%", c, len(srcs))
	}
}

// checkCPythonCompiles requires that CPython compiles every source as a
// snippet (top-level await allowed): the generator writes Python.
func checkCPythonCompiles(t *testing.T, srcs []string) {
	t.Helper()
	python3, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("checking the generated programs needs python3 (CPython 3.11) on PATH: %v", err)
	}
	const script = `
import ast, json, sys, warnings
warnings.simplefilter("ignore")
for i, src in enumerate(json.load(sys.stdin)):
    try:
        compile(src, "seed%d.py" % i, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    except SyntaxError as e:
        print("seed %d: %s (line %s: %r)" % (i, e.msg, e.lineno, e.text))
`
	in, err := json.Marshal(srcs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python3, "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("CPython does not compile every generated program (%v):\n%s", err, out)
	}
}

// FuzzPrograms feeds the programs of package progen, one per seed, to the
// interpreter in a child process with Go's stack capped, and fails on the
// first that crashes it (a Go panic, a Go fatal error such as a stack
// overflow, a hang past the deadline, memory past the child's ceiling, Go
// names in an error or in the output). The failure names the seed and
// prints the program; keep it as a case in testdata/hostile.
//
//	nice go test ./python -run '^$' -fuzz FuzzPrograms -fuzztime 10m
func FuzzPrograms(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed)
	}
	r := &programRunner{}
	f.Cleanup(r.close)
	f.Fuzz(func(t *testing.T, seed uint64) {
		src := progen.Generate(seed)
		out, err := r.run(seed, src)
		if err != nil {
			t.Fatal(err)
		}
		if out.Problem != "" {
			t.Fatalf("seed %d crashed the interpreter: %s\nprogram:\n%s", seed, out.Problem, src)
		}
	})
}

// programRunner keeps one child process that runs programs sent to it,
// and starts a new one after a program killed it.
type programRunner struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *lockedBuffer
}

func (r *programRunner) start() error {
	cmd := exec.Command(os.Args[0], "-test.run=^TestGeneratedPrograms$", "-test.count=1")
	cmd.Env = append(os.Environ(), programsChildEnv+"=1", "GOMEMLIMIT=768MiB")
	r.stderr = &lockedBuffer{}
	cmd.Stderr = r.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("starting the programs child: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("starting the programs child: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the programs child: %w", err)
	}
	lines := make(chan string, 1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), programDoneLine+" "); ok {
				lines <- rest
			}
		}
	}()
	r.cmd, r.in, r.lines = cmd, in, lines
	return nil
}

// run sends one program to the child and waits for its outcome. A child
// that dies or stops answering is a problem of this program.
func (r *programRunner) run(seed uint64, src string) (programOutcome, error) {
	return r.send(programRequest{Seed: seed, Src: src})
}

func (r *programRunner) send(pr programRequest) (programOutcome, error) {
	if r.cmd == nil {
		if err := r.start(); err != nil {
			return programOutcome{}, err
		}
	}
	req, err := json.Marshal(pr)
	if err != nil {
		return programOutcome{}, err
	}
	if _, err := r.in.Write(append(req, '\n')); err != nil {
		return programOutcome{Problem: r.died(fmt.Sprintf("the child did not take the program (%v)", err))}, nil
	}
	select {
	case line, ok := <-r.lines:
		if !ok {
			return programOutcome{Problem: r.died("the process died")}, nil
		}
		var out programOutcome
		if err := json.Unmarshal([]byte(line), &out); err != nil {
			return programOutcome{}, fmt.Errorf("reading the programs child: %w", err)
		}
		if strings.HasPrefix(out.Problem, hangProblem) {
			r.died("")
		}
		return out, nil
	case <-time.After(programDeadline + 2*programGrace):
		return programOutcome{Problem: r.died(fmt.Sprintf("%s: the child did not answer in %v", hangProblem, programDeadline+2*programGrace))}, nil
	}
}

// died ends the child and describes how it ended: the head of a Go crash
// report names the fatal error and the innermost frames.
func (r *programRunner) died(what string) string {
	r.in.Close()
	r.cmd.Process.Kill()
	err := r.cmd.Wait()
	desc := fmt.Sprintf("%s (%v): %s", what, err, head(r.stderr.String(), 3000))
	r.cmd = nil
	return desc
}

func (r *programRunner) close() {
	if r.cmd != nil {
		r.in.Close()
		r.cmd.Process.Kill()
		r.cmd.Wait()
		r.cmd = nil
	}
}

// runProgramsChild is the child side: it caps the Go stack, arms the heap
// watchdog and runs programs read from stdin, one JSON request a line,
// answering each on stdout. After a run that did not return it reports
// and exits, since the stuck run would skew the next ones.
func runProgramsChild() {
	debug.SetMaxStack(programStack)
	stop := make(chan struct{})
	defer close(stop)
	go heapWatchdog(stop)
	modules := lib.Modules()
	rd := bufio.NewReaderSize(os.Stdin, 1<<20)
	for {
		line, err := rd.ReadBytes('\n')
		if err != nil {
			return
		}
		var req programRequest
		if err := json.Unmarshal(line, &req); err != nil {
			panic(err)
		}
		if req.Overflow {
			overflow(0)
		}
		out := runGeneratedProgram(modules, req.Src)
		res, err := json.Marshal(out)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s %s\n", programDoneLine, res)
		if strings.HasPrefix(out.Problem, hangProblem) {
			os.Exit(0)
		}
	}
}

// overflow recurses until Go's stack limit ends the process.
func overflow(n int) int {
	var pad [512]byte
	pad[n%len(pad)] = byte(n)
	return overflow(n+1) + int(pad[(n+1)%len(pad)])
}

// runGeneratedProgram compiles and runs src in a session's globals, then
// snapshots, restores and measures the globals as the server does between
// runs, and reports how it ended and any sign of a crash.
func runGeneratedProgram(modules vm.Modules, src string) programOutcome {
	prog, err := python.Compile("gen.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		var exc *python.Exception
		if !errors.As(err, &exc) {
			return programOutcome{Ending: "compile", Problem: fmt.Sprintf("compile error is %T, want *python.Exception: %v", err, err)}
		}
		return programOutcome{Ending: "compile:" + exc.Type, Problem: exceptionProblem(exc)}
	}
	type ending struct {
		res     *python.Result
		err     error
		problem string
	}
	out := &cappedWriter{max: programOutput}
	done := make(chan ending, 1)
	ctx, cancel := context.WithTimeout(context.Background(), programDeadline)
	defer cancel()
	go func() {
		var e ending
		defer func() {
			if r := recover(); r != nil {
				e.problem = fmt.Sprintf("Go panic escaped the interpreter: %v\n%s", r, debug.Stack())
			}
			done <- e
		}()
		g := python.NewGlobals()
		e.res, e.err = prog.Run(ctx, python.RunOptions{
			Globals: g,
			Stdout:  out,
			Host:    hoststub.Funcs(),
			Modules: modules,
			Limits: python.Limits{
				Steps:          programSteps,
				MaxMemoryBytes: programMemory,
				MaxDepth:       programDepth,
				MaxOutputBytes: programOutput,
				MaxHostCalls:   20,
			},
		})
		// What a session does with its globals after a run.
		snap := g.Snapshot()
		g.Restore(snap)
		_ = g.SizeBytes()
		_ = g.Names()
	}()
	var e ending
	select {
	case e = <-done:
	case <-time.After(programDeadline + programGrace):
		return programOutcome{Ending: "hang", Problem: fmt.Sprintf("%s: Run did not return %v after its %v deadline", hangProblem, programGrace, programDeadline)}
	}
	res := programOutcome{Ending: "ok", Problem: e.problem}
	var exc *python.Exception
	switch {
	case e.err == nil:
		if e.res != nil {
			res.Problem = joinProblems(res.Problem, goNames("the result's repr", e.res.Repr))
			res.Problem = joinProblems(res.Problem, goNames("the result's NotJSON", e.res.NotJSON))
		}
	case errors.As(e.err, &exc):
		res.Ending = exc.Type
		if exc.Limit != "" {
			res.Ending = "limit:" + exc.Limit
		}
		res.Problem = joinProblems(res.Problem, exceptionProblem(exc))
	default:
		res.Ending = "error"
		res.Problem = joinProblems(res.Problem, fmt.Sprintf("error is %T, want *python.Exception: %v", e.err, e.err))
	}
	res.Problem = joinProblems(res.Problem, goNames("the output", out.b.String()))
	return res
}

// exceptionProblem reports a SystemError (a Go panic inside the
// interpreter) or an exception whose text shows Go internals.
func exceptionProblem(exc *python.Exception) string {
	if exc.Type == "SystemError" {
		return fmt.Sprintf("SystemError (a Go panic in the interpreter) at line %d: %s", exc.Line, head(exc.Internal, 2000))
	}
	return joinProblems(goNames("the exception message", exc.Message), goNames("the traceback", exc.Traceback))
}

// goNames reports Go type or runtime names in text a snippet sees.
func goNames(where, text string) string {
	for _, g := range goInternals {
		if i := strings.Index(text, g); i >= 0 {
			return fmt.Sprintf("%s shows Go internals (%q): %s", where, g, text[max(0, i-200):min(len(text), i+200)])
		}
	}
	return ""
}

// cappedWriter keeps the first max bytes written.
type cappedWriter struct {
	max int
	b   bytes.Buffer
}

func (w *cappedWriter) Write(p []byte) (int, error) {
	if room := w.max - w.b.Len(); room > 0 {
		w.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
