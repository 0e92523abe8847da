package pymodule_test

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/internal/difftest"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// minStdlibBCases keeps the corpus from silently shrinking.
const minStdlibBCases = 200

// TestStdlibB runs python/testdata/stdlib_b (the cases of the modules built on this
// package: statistics, random, fractions, csv, urllib.parse, ...) under our interpreter
// with the full module table and under CPython 3.11, and demands the same printed output
// and the same escaping exception.
func TestStdlibB(t *testing.T) {
	python3, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the conformance oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	testdata := filepath.Join("..", "..", "..", "testdata")
	cases, err := difftest.Load(filepath.Join(testdata, "stdlib_b"), "stdlib_b")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < minStdlibBCases {
		t.Fatalf("stdlib_b corpus has %d cases, want at least %d", len(cases), minStdlibBCases)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	oracle := difftest.Oracle{
		Python:  python3,
		Driver:  filepath.Join(testdata, "oracle", "driver.py"),
		Prelude: filepath.Join(testdata, "oracle", "prelude.py"),
	}
	want, err := oracle.Run(ctx, cases, func(difftest.Case) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	xfail, err := difftest.ReadXFail(filepath.Join(testdata, "stdlib_b", "xfail.txt"))
	if err != nil {
		t.Fatal(err)
	}
	mods := lib.Modules()
	pass := 0
	for _, c := range cases {
		w := want[c.Name]
		if bad := difftest.CheckMarker(c.Marker, w); bad != "" {
			t.Errorf("%s:%d: corpus bug, CPython disagrees with the case: %s\nCPython stdout:\n%s", c.File, c.Line, bad, w.Stdout)
			continue
		}
		got := runCase(ctx, c, mods)
		diff := difftest.Compare(w, got, false)
		_, expected := xfail[c.Name]
		switch {
		case diff == "" && expected:
			t.Errorf("%s:%d: %s now passes: remove it from stdlib_b/xfail.txt", c.File, c.Line, c.Name)
		case diff == "":
			pass++
		case !expected:
			t.Errorf("%s:%d: %s differs from CPython:\n%s\n--- source ---\n%s", c.File, c.Line, c.Name, diff, c.Source)
		}
	}
	t.Logf("stdlib_b: %d cases, %d pass, %d xfail", len(cases), pass, len(xfail))
}

func runCase(ctx context.Context, c difftest.Case, mods vm.Modules) difftest.Outcome {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var stdout strings.Builder
	out := difftest.Outcome{}
	prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{})
	if err == nil {
		_, err = prog.Run(ctx, python.RunOptions{Stdout: &stdout, Modules: mods})
	}
	out.Stdout = stdout.String()
	var exc *python.Exception
	switch {
	case errors.As(err, &exc):
		out.ExcType, out.ExcMsg = exc.Type, exc.Message
	case err != nil:
		out.ExcType, out.ExcMsg = "GoError", err.Error()
	}
	return out
}
