package python

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyntaxWarningIsLiteral: "x is 'literal'" draws CPython's compile-time
// SyntaxWarning on stderr ("file:line: SyntaxWarning: msg" and the source line)
// before the program runs, once per comparison (in a finally body twice, as
// CPython's duplicated finally block does), for constants after CPython's folding
// (-1, (), 1+1) and not for None/True/False/... or non-constant operands. The
// text must equal CPython 3.11's for the same file name.
func TestSyntaxWarningIsLiteral(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	src := `x = 1
if x is "a":
    pass
def f(y):
    return y is not (1, 2), y is -1, y is None, y is ..., y is True, y is not 1.5
print(x is 1, f(2))
print(x is [], x == 1 is 2 is 3, x is (x, 1), x is ~2, x is not not_, x is b"")
try:
    pass
finally:
    print(x is (), x is 1+1)
assert x is not 3, (x is 4)
z = [x is 5 for _ in range(1)]
w = lambda: x is 6
class K:
    a = x is 7
    def m(self):
        return self is 8
`
	src = "not_ = 0\n" + src
	file := filepath.Join(t.TempDir(), "warn.py")
	if err := os.WriteFile(file, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, file)
	var cout, cerr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &cout, &cerr
	if err := cmd.Run(); err != nil {
		t.Fatalf("CPython: %v\n%s", err, cerr.String())
	}
	prog, err := Compile(file, src, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if _, err := prog.Run(context.Background(), RunOptions{Stdout: &out, Stderr: &errb}); err != nil {
		t.Fatal(err)
	}
	if errb.String() != cerr.String() {
		t.Errorf("stderr differs from CPython's:\nCPython:\n%s\nours:\n%s", cerr.String(), errb.String())
	}
	if out.String() != cout.String() {
		t.Errorf("stdout differs from CPython's:\nCPython:\n%s\nours:\n%s", cout.String(), out.String())
	}
	if bytes.Count(cerr.Bytes(), []byte("SyntaxWarning")) < 10 {
		t.Errorf("CPython printed fewer warnings than the case expects:\n%s", cerr.String())
	}
}

// TestSyntaxWarningsCountAgainstStderrCap: every warning repeats its source
// line, so one long line of many "x is 'a'" comparisons renders to the square
// of its size (20000 on a 200 KB line: 4 GB, rendered whole at compile time
// before any limit, 20 GB of heap, never finished in 120 s). The warnings are
// written as the snippet's stderr, capped at MaxOutputBytes: the run ends with
// the output limit and stderr holds no more than the cap.
func TestSyntaxWarningsCountAgainstStderrCap(t *testing.T) {
	t.Parallel()
	src := "x = 1\ny = [" + strings.Repeat("x is 'a', ", 2000) + "]\nprint('ran')\n"
	prog, err := Compile("warn.py", src, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const cap = 64 << 10
	var out, errb bytes.Buffer
	_, err = prog.Run(context.Background(), RunOptions{Stdout: &out, Stderr: &errb, Limits: Limits{MaxOutputBytes: cap}})
	if errb.Len() > cap {
		t.Errorf("the warnings wrote %d bytes to stderr, over its cap of %d", errb.Len(), cap)
	}
	var ex *Exception
	if !errors.As(err, &ex) || ex.Limit != "output" {
		t.Errorf("err = %v, want the output limit", err)
	}
	if out.Len() != 0 {
		t.Errorf("the program ran past its warnings' limit: %q", out.String())
	}
}
