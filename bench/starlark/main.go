// Command startime times a Starlark translation of a benchmark program under
// go.starlark.net in-process (parse + resolve + compile + run), best of N,
// and prints milliseconds: the same contract as bench/cpython_time.py and
// bench/pytime, so bench/compare.sh can put starlark-go beside them.
//
//	go run . programs/fib.star [N]
//	go run . -json programs/fib.star   # prints the program's result as JSON
//
// A program leaves its answer in the global `result` (Starlark has no
// top-level return). It runs with every dialect option that brings Starlark
// closer to the Python subset the programs use: while loops, top-level
// control flow, recursion, sets and global reassignment. Starlark has no
// sum or round; the programs get them as Go built-ins, as CPython and the
// embedded interpreter have them as native built-ins.
//
// TOOLPLANE_CPUTIME=1 times process CPU (user+system) instead of wall time,
// as bench/pytime does: steadier on a machine shared with other work.
package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkjson"
	"go.starlark.net/syntax"
)

// dialect is the most permissive dialect go.starlark.net offers.
var dialect = &syntax.FileOptions{
	Set:             true,
	While:           true,
	TopLevelControl: true,
	GlobalReassign:  true,
	Recursion:       true,
}

func main() {
	asJSON := flag.Bool("json", false, "run once and print the program's result as JSON instead of a time")
	flag.Usage = func() { fmt.Fprintln(os.Stderr, "usage: startime [-json] PROGRAM.star [N]") }
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		os.Exit(2)
	}
	path := flag.Arg(0)
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := 5
	if flag.NArg() > 1 {
		if n, err = strconv.Atoi(flag.Arg(1)); err != nil || n < 1 {
			fmt.Fprintln(os.Stderr, "startime: N must be a positive number")
			os.Exit(2)
		}
	}
	if *asJSON {
		out, err := resultJSON(path, src)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(out)
		return
	}
	// The embedded interpreter's timer runs the collector at GOGC=400 (as the
	// toolplane binary does) unless GOGC is set; so does this one, so the
	// column compares interpreters, not collector settings.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	now := wallClock
	if os.Getenv("TOOLPLANE_CPUTIME") != "" {
		now = cpuClock
	}
	best := time.Duration(math.MaxInt64)
	for i := 0; i < n; i++ {
		start := now()
		if _, err := run(path, src); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if d := now() - start; d < best {
			best = d
		}
	}
	fmt.Printf("%.2f\n", float64(best.Microseconds())/1000)
}

func wallClock() time.Duration { return time.Duration(time.Now().UnixNano()) }

// cpuClock is the process's user+system CPU time.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// run parses, resolves, compiles and executes one program and returns its
// globals. The globals are not frozen: freezing walks every reachable value,
// work that neither CPython nor the embedded interpreter does.
func run(path string, src []byte) (starlark.StringDict, error) {
	predeclared := starlark.StringDict{
		"sum":   starlark.NewBuiltin("sum", sum),
		"round": starlark.NewBuiltin("round", round),
	}
	_, prog, err := starlark.SourceProgramOptions(dialect, path, src, predeclared.Has)
	if err != nil {
		return nil, err
	}
	thread := &starlark.Thread{Name: path, Print: func(*starlark.Thread, string) {}}
	globals, err := prog.Init(thread, predeclared)
	if err != nil {
		var ee *starlark.EvalError
		if errors.As(err, &ee) {
			return nil, errors.New(ee.Backtrace())
		}
		return nil, err
	}
	return globals, nil
}

// resultJSON runs a program once and encodes its `result` global as JSON.
func resultJSON(path string, src []byte) (string, error) {
	globals, err := run(path, src)
	if err != nil {
		return "", err
	}
	res, ok := globals["result"]
	if !ok {
		return "", fmt.Errorf("%s: the program sets no global named result", path)
	}
	thread := &starlark.Thread{Name: "encode"}
	enc, err := starlark.Call(thread, starlarkjson.Module.Members["encode"], starlark.Tuple{res}, nil)
	if err != nil {
		return "", fmt.Errorf("%s: encoding result: %w", path, err)
	}
	return string(enc.(starlark.String)), nil
}

// sum is Python's sum(iterable, start=0) over ints and floats.
func sum(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var iterable starlark.Iterable
	var total starlark.Value = starlark.MakeInt(0)
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &iterable, &total); err != nil {
		return nil, err
	}
	it := iterable.Iterate()
	defer it.Done()
	var x starlark.Value
	for it.Next(&x) {
		var err error
		if total, err = starlark.Binary(syntax.PLUS, total, x); err != nil {
			return nil, fmt.Errorf("sum: %w", err)
		}
	}
	return total, nil
}

// round is Python's round(x, ndigits) for a float and a non-negative
// ndigits, rounding half to even on the decimal value as CPython does.
func round(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Float
	var ndigits int
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 2, &x, &ndigits); err != nil {
		return nil, err
	}
	if ndigits < 0 {
		return nil, fmt.Errorf("round: ndigits must be non-negative, got %d", ndigits)
	}
	// Formatting to ndigits decimals and parsing back is correctly rounded
	// (the shortest-decimal conversion CPython uses).
	s := strconv.FormatFloat(float64(x), 'f', ndigits, 64)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("round: %w", err)
	}
	return starlark.Float(f), nil
}
