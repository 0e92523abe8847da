package python

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// syntaxDisplayOracle compiles each file named on stdin (a JSON list) with
// CPython and prints, for each, what python3 shows for the SyntaxError left
// uncaught (sys.__excepthook__, CPython's C display), or "" when it compiles.
const syntaxDisplayOracle = `
import io, json, sys
out = []
for path in json.load(sys.stdin):
    try:
        compile(open(path, encoding="utf-8").read(), path, "exec")
        out.append("")
    except SyntaxError as e:
        err, sys.stderr = sys.stderr, io.StringIO()
        try:
            sys.__excepthook__(type(e), e.with_traceback(None), None)
            out.append(sys.stderr.getvalue())
        finally:
            sys.stderr = err
json.dump(out, sys.stdout)
`

// TestSyntaxErrorDisplayMatchesCPython: a program that does not compile
// gets the traceback python3 prints for it: the span of the offending
// token or node underlined (one caret per character, as CPython's
// offset..end_offset: "del f()" underlines "f()", "return 5" outside a
// function the whole statement, a duplicate parameter the second one), no
// caret where CPython draws none (an unexpected indent), one caret for an
// IndentationError, and CPython's message ("cannot assign to yield
// expression"). The cases of testdata/syntax_display.txt (separated by
// "# ---" lines) are compiled here and by python3; a case CPython compiles
// must compile here too ("class C(x for x in y)" must not).
func TestSyntaxErrorDisplayMatchesCPython(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the oracle needs python3 (CPython 3.11) on PATH: %v", err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "syntax_display.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases := strings.Split(string(data), "\n# ---\n")
	if len(cases) < 100 {
		t.Fatalf("testdata/syntax_display.txt has %d cases, want at least 100", len(cases))
	}
	dir := t.TempDir()
	paths := make([]string, len(cases))
	for i, c := range cases {
		cases[i] = strings.TrimSuffix(c, "\n") + "\n"
		paths[i] = filepath.Join(dir, fmt.Sprintf("case%d.py", i))
		if err := os.WriteFile(paths[i], []byte(cases[i]), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	in, err := json.Marshal(paths)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", syntaxDisplayOracle)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(cases) {
		t.Fatalf("oracle output: %v (%d results for %d cases)", err, len(want), len(cases))
	}
	bad := 0
	for i, src := range cases {
		_, err := Compile(paths[i], src, CompileOptions{})
		var e *Exception
		got := ""
		if errors.As(err, &e) {
			got = e.Traceback
		} else if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got != want[i] {
			bad++
			t.Errorf("case %d differs from CPython:\n%s--- ours\n%s--- CPython\n%s", i, src, got, want[i])
		}
	}
	t.Logf("%d cases, %d differ", len(cases), bad)
}
