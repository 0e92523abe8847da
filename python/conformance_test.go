package python_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// updateXFail rewrites the expected-failure lists from the current results:
//
//	go test ./python -run 'Conformance|Hostile' -update-xfail
var updateXFail = flag.Bool("update-xfail", false, "rewrite python/testdata/xfail.txt and python/testdata/hostile/xfail.txt from the current failures")

// minCoreCases keeps the corpus from silently shrinking.
const minCoreCases = 600

const conformanceXFailHeader = `Conformance cases (python/testdata/core, async, agent) that currently
fail under our interpreter, with the first line of the difference.
TestConformance requires each listed case to still fail and every other case
to pass. Regenerate: go test ./python -run Conformance -update-xfail`

// TestConformance runs every case of python/testdata/core (script mode),
// python/testdata/async and python/testdata/agent (snippet mode, host stubs
// of hostStubs) under our
// interpreter, with the standard library a host gets (lib.Modules), and
// under CPython 3.11 (one batched python3 process), and
// demands the same printed output, the same escaping exception type and
// message, and for snippets the same result repr. CPython must also honour
// each case's marker, or the case itself is wrong.
func TestConformance(t *testing.T) {
	python3, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the conformance oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	core, err := difftest.Load(filepath.Join("testdata", "core"), "core")
	if err != nil {
		t.Fatal(err)
	}
	if len(core) < minCoreCases {
		t.Fatalf("core corpus has %d cases, want at least %d", len(core), minCoreCases)
	}
	async, err := difftest.Load(filepath.Join("testdata", "async"), "async")
	if err != nil {
		t.Fatal(err)
	}
	agent, err := difftest.Load(filepath.Join("testdata", "agent"), "agent")
	if err != nil {
		t.Fatal(err)
	}
	cases := append(append(core, async...), agent...)
	// async/ and agent/ are snippets: top-level await and return, host stubs.
	isSnippet := func(c difftest.Case) bool {
		return strings.HasPrefix(c.Name, "async/") || strings.HasPrefix(c.Name, "agent/")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	oracle := difftest.Oracle{
		Python:  python3,
		Driver:  filepath.Join("testdata", "oracle", "driver.py"),
		Prelude: filepath.Join("testdata", "oracle", "prelude.py"),
	}
	want, err := oracle.Run(ctx, cases, isSnippet)
	if err != nil {
		t.Fatal(err)
	}

	xfailPath := filepath.Join("testdata", "xfail.txt")
	xfail, err := difftest.ReadXFail(xfailPath)
	if err != nil {
		t.Fatal(err)
	}
	modules := lib.Modules()
	runChecked(t, "conformance", cases, xfail, xfailPath, conformanceXFailHeader, func(t *testing.T, c difftest.Case) (string, bool) {
		w := want[c.Name]
		if bad := difftest.CheckMarker(c.Marker, w); bad != "" {
			t.Errorf("%s:%d: corpus bug, CPython disagrees with the case: %s\nCPython stdout:\n%s", c.File, c.Line, bad, w.Stdout)
			return "", false
		}
		got := runOurs(ctx, modules, c, isSnippet(c))
		return difftest.Compare(w, got, isSnippet(c)), true
	})
}

// runChecked runs check for every case as a parallel subtest, applies the
// expected-failure list, logs the counts and, with -update-xfail, rewrites
// the list. check returns the failure description ("" = pass) and whether
// the case may be listed as an expected failure at all.
func runChecked(t *testing.T, label string, cases []difftest.Case, xfail difftest.XFail, xfailPath, header string,
	check func(*testing.T, difftest.Case) (string, bool)) {
	t.Helper()
	var (
		mu       sync.Mutex
		failures = difftest.XFail{}
		pass     int
	)
	names := map[string]bool{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			names[c.Name] = true
			t.Run(c.Name, func(t *testing.T) {
				if !strings.HasPrefix(c.Name, "hostile/") {
					t.Parallel()
				}
				diff, listable := check(t, c)
				if !listable {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				reason, expected := xfail[c.Name]
				switch {
				case diff == "":
					pass++
					if expected && !*updateXFail {
						t.Errorf("%s:%d: %s now passes: remove it from %s (or run with -update-xfail)", c.File, c.Line, c.Name, xfailPath)
					}
				case *updateXFail:
					failures[c.Name] = diff
				case expected:
					failures[c.Name] = reason
				default:
					failures[c.Name] = diff
					t.Errorf("%s:%d: differs from the expected outcome:\n%s\n--- source ---\n%s", c.File, c.Line, diff, c.Source)
				}
			})
		}
	})
	var stale []string
	for n := range xfail {
		if !names[n] {
			stale = append(stale, n)
		}
	}
	slices.Sort(stale)
	if len(stale) > 0 && !*updateXFail {
		t.Errorf("%s lists cases that are not in the corpus: %s", xfailPath, strings.Join(stale, ", "))
	}
	t.Logf("%s: %d cases, %d pass, %d xfail", label, len(cases), pass, len(failures))
	if *updateXFail {
		if err := difftest.WriteXFail(xfailPath, header, failures); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d expected failures to %s", len(failures), xfailPath)
	}
}

// runOurs compiles and runs one conformance case under our interpreter and
// reports its outcome in the oracle's terms. A Go panic escaping the
// interpreter, or a run that ignores its deadline, is reported as an
// outcome so one bug cannot hide the rest.
func runOurs(ctx context.Context, modules vm.Modules, c difftest.Case, snippet bool) difftest.Outcome {
	const deadline, grace = 20 * time.Second, 10 * time.Second
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	var stdout lockedBuffer
	done := make(chan difftest.Outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- difftest.Outcome{Stdout: stdout.String(), ExcType: "GoPanic", ExcMsg: fmt.Sprintf("%v\n%s", r, debug.Stack())}
			}
		}()
		prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{Snippet: snippet})
		if err != nil {
			done <- outcomeOf(stdout.String(), nil, err)
			return
		}
		opts := python.RunOptions{Stdout: &stdout, Modules: modules}
		if snippet {
			opts.Host = hoststub.Funcs()
		}
		res, err := prog.Run(ctx, opts)
		done <- outcomeOf(stdout.String(), res, err)
	}()
	select {
	case out := <-done:
		return out
	case <-time.After(deadline + grace):
		return difftest.Outcome{Stdout: stdout.String(), ExcType: "GoHang", ExcMsg: fmt.Sprintf("Run did not return %v after its %v deadline", grace, deadline)}
	}
}

// lockedBuffer is a bytes.Buffer safe to read while a hung run may still
// write to it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func outcomeOf(stdout string, res *python.Result, err error) difftest.Outcome {
	out := difftest.Outcome{Stdout: stdout}
	var exc *python.Exception
	switch {
	case errors.As(err, &exc):
		out.ExcType, out.ExcMsg = exc.Type, exc.Message
	case err != nil:
		out.ExcType, out.ExcMsg = "GoError", err.Error()
	case res != nil:
		out.ResultRepr = res.Repr
	}
	return out
}
