package python

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestRecursionTracebackFolded: issue 18, item 5. A RecursionError's
// traceback folds the repeated frames as CPython's does ("[Previous line
// repeated N more times]"), so an agent reads a few hundred bytes, not
// 67 KB; the frames around the recursion are kept, and mutual recursion
// (no frame repeated in a row) is kept frame by frame as in CPython.
func TestRecursionTracebackFolded(t *testing.T) {
	t.Parallel()
	src := "def f(n):\n    return f(n + 1)\ndef g():\n    return f(0)\ng()\n"
	_, _, err := run(t, src, RunOptions{})
	var e *Exception
	if !errors.As(err, &e) || e.Type != "RecursionError" {
		t.Fatalf("got %v, want RecursionError", err)
	}
	tb := e.Traceback
	if len(tb) > 1024 || strings.Count(tb, "line 2, in f") != 3 || !strings.Contains(tb, "line 4, in g") {
		t.Errorf("traceback (%d bytes) not folded like CPython's:\n%s", len(tb), tb)
	}
	// CPython's own, for the shape (its count follows its recursion
	// limit, ours the depth limit).
	if py, err := exec.LookPath("python3"); err == nil {
		file := filepath.Join(t.TempDir(), "rec.py")
		if err := os.WriteFile(file, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command(py, file).CombinedOutput()
		want := foldedShape(string(out))
		if got := foldedShape(tb); got != want {
			t.Errorf("shape differs from CPython's:\nCPython %q\nours    %q", want, got)
		}
	}
}

// foldedShape is a traceback with the repeat count, file names and caret
// lines taken out.
func foldedShape(tb string) string {
	var out []string
	for _, l := range strings.Split(tb, "\n") {
		switch {
		case strings.Contains(l, "[Previous line repeated"):
			out = append(out, "[repeated]")
		case strings.HasPrefix(strings.TrimSpace(l), "File "):
			_, rest, _ := strings.Cut(l, ", line ")
			out = append(out, "line "+rest)
		case strings.Trim(strings.TrimSpace(l), "^~") == "":
		case strings.HasPrefix(l, "RecursionError"):
			out = append(out, "RecursionError")
		default:
			out = append(out, strings.TrimSpace(l))
		}
	}
	return strings.Join(out, "|")
}

// TestLimitTracebackNamesLine: issue 18, item 5. A run ended by its step
// budget or its deadline says where it was, as an exception's traceback
// does; print output over the cap keeps what fits and says how much was
// cut.
func TestLimitTracebackNamesLine(t *testing.T) {
	t.Parallel()
	src := "x = 0\ndef spin():\n    while True:\n        pass\nspin()\n"
	_, _, err := run(t, src, RunOptions{Limits: Limits{Steps: 100000}})
	var e *Exception
	if !errors.As(err, &e) || e.Limit != "steps" {
		t.Fatalf("got %v, want the step limit", err)
	}
	for _, want := range []string{"Traceback (most recent call last):", `File "<snippet>", line 5, in <module>`, "spin()", `line 4, in spin`, "TimeoutError: step budget exhausted"} {
		if !strings.Contains(e.Traceback, want) {
			t.Errorf("traceback lacks %q:\n%s", want, e.Traceback)
		}
	}
	if e.Line != 4 && e.Line != 3 {
		t.Errorf("Line = %d, want the loop's", e.Line)
	}

	// A deadline: the same shape.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	prog, _ := Compile("<snippet>", src, CompileOptions{Snippet: true})
	_, err = prog.Run(ctx, RunOptions{})
	if !errors.As(err, &e) || e.Limit != "time" || !strings.Contains(e.Traceback, "line 5, in <module>") {
		t.Errorf("deadline: %v\n%v", err, e)
	}

	// One print over the cap: the head is kept, the error says how much
	// was cut.
	res, out, err := run(t, "print('ok')\nprint('é' * 600)\n", RunOptions{Limits: Limits{MaxOutputBytes: 1000}})
	if !errors.As(err, &e) || e.Limit != "output" || res != nil {
		t.Fatalf("output: %v", err)
	}
	if !strings.HasPrefix(out, "ok\néé") || len(out) > 1000 || !utf8.ValidString(out) {
		t.Errorf("kept output (%d bytes) %.40q...", len(out), out)
	}
	if !strings.Contains(e.Message, "capped at 1000 bytes") || !strings.Contains(e.Message, fmt.Sprintf("the %d bytes of the print that crossed it were cut", 1201-(len(out)-3))) {
		t.Errorf("output limit message: %s", e.Message)
	}
}
