package syntax

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// oracleScript parses every source of a JSON list with CPython and prints
// a JSON list of outcomes: the ast.dump of the module, or the SyntaxError.
const oracleScript = `
import ast, io, json, sys, traceback
def display(e):
    # What python3 prints for an uncaught SyntaxError (C's PyErr_Display).
    err, sys.stderr = sys.stderr, io.StringIO()
    try:
        sys.__excepthook__(type(e), e.with_traceback(None), None)
        return sys.stderr.getvalue().rstrip("\n")
    finally:
        sys.stderr = err
out = []
for src in json.load(sys.stdin):
    try:
        tree = ast.parse(src, "x.py")
        out.append({"dump": ast.dump(tree), "dump_pos": ast.dump(tree, include_attributes=True)})
    except SyntaxError as e:
        out.append({"error": {"kind": type(e).__name__, "line": e.lineno or 0,
            "col": e.offset or 0, "msg": e.msg},
            "traceback": "".join(traceback.format_exception_only(type(e), e)).rstrip("\n"),
            "display": display(e)})
    except ValueError as e:
        out.append({"error": {"kind": "ValueError", "line": 0, "col": 0, "msg": str(e)}})
    except (RecursionError, MemoryError) as e:
        # CPython's own limits (ast objects nest less deeply than its
        # compiler accepts): no verdict to compare with.
        out.append({"error": {"kind": type(e).__name__, "line": 0, "col": 0, "msg": str(e)}})
json.dump(out, sys.stdout)
`

type oracleError struct {
	Kind string `json:"kind"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

type oracleResult struct {
	Dump    string       `json:"dump"`
	DumpPos string       `json:"dump_pos"`
	Error   *oracleError `json:"error"`
	// Traceback is traceback.format_exception_only of the SyntaxError.
	Traceback string `json:"traceback"`
	// Display is what python3 prints for it uncaught (sys.__excepthook__).
	Display string `json:"display"`
}

// cpython runs python3 once over all sources.
func cpython(t testing.TB, sources []string) []oracleResult {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found; the differential tests need CPython 3.11 as oracle")
	}
	in, err := json.Marshal(sources)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", oracleScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 oracle: %v\n%s", err, stderr.String())
	}
	var res []oracleResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("decoding oracle output: %v", err)
	}
	if len(res) != len(sources) {
		t.Fatalf("oracle returned %d results for %d sources", len(res), len(sources))
	}
	return res
}

// loadCases reads a file of cases separated by "=====" lines, after a
// header that ends at the first separator.
func loadCases(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(data), "=====\n")
	if !ok {
		t.Fatalf("%s: no '=====' separator", path)
	}
	cases := strings.Split(body, "\n=====\n")
	last := len(cases) - 1
	cases[last] = strings.TrimSuffix(cases[last], "\n")
	return cases
}

type diffCase struct {
	name string
	src  string
}

// collectCases gathers the inline cases and every .py file of the test
// data directories.
func collectCases(t testing.TB) []diffCase {
	var cases []diffCase
	for i, src := range loadCases(t, filepath.Join("testdata", "cases.txt")) {
		cases = append(cases, diffCase{name: fmt.Sprintf("cases.txt#%d", i+1), src: src})
	}
	for _, dir := range []string{"testdata", filepath.Join("..", "testdata")} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// The conformance corpus separates independent snippets with
			// "# ---" lines; each is a case of its own.
			chunks := splitChunks(string(data))
			if len(chunks) == 1 {
				cases = append(cases, diffCase{name: path, src: string(data)})
				return nil
			}
			for i, c := range chunks {
				cases = append(cases, diffCase{name: fmt.Sprintf("%s#%d", path, i+1), src: c})
			}
			return nil
		})
	}
	return cases
}

// splitChunks splits src at lines reading "# ---".
func splitChunks(src string) []string {
	var chunks []string
	var cur []string
	for _, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) == "# ---" {
			chunks = append(chunks, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	return append(chunks, strings.Join(cur, "\n"))
}

// unsupportedByDesign reports whether CPython accepts src but the
// embedded interpreter rejects it on purpose.
func unsupportedByDesign(err error) bool {
	var se *Error
	if !errors.As(err, &se) {
		return false
	}
	return strings.Contains(se.Msg, "not supported by the embedded interpreter")
}

func TestDifferentialCPython(t *testing.T) {
	cases := collectCases(t)
	srcs := make([]string, len(cases))
	for i, c := range cases {
		srcs[i] = c.src
	}
	want := cpython(t, srcs)
	var accepted, rejected, failed, skipped, posMismatch, tbMismatch int
	for i, c := range cases {
		mod, err := Parse("x.py", []byte(c.src))
		w := want[i]
		switch {
		case w.Error != nil && (w.Error.Kind == "RecursionError" || w.Error.Kind == "MemoryError"):
			skipped++
		case w.Error == nil && err == nil:
			if got := Dump(mod); got != w.Dump {
				failed++
				t.Errorf("%s: dump mismatch\nsource:\n%s\ngot:  %s\nwant: %s", c.name, c.src, got, w.Dump)
				continue
			}
			accepted++
			if got := DumpWithPositions(mod); got != w.DumpPos {
				posMismatch++
				if posMismatch <= 20 {
					j := 0
					for j < len(got) && j < len(w.DumpPos) && got[j] == w.DumpPos[j] {
						j++
					}
					lo := max(0, j-200)
					t.Errorf("%s: positions differ\nsource:\n%s\ngot:  ...%s\nwant: ...%s", c.name, c.src,
						got[lo:min(len(got), j+80)], w.DumpPos[lo:min(len(w.DumpPos), j+80)])
				}
			}
		case w.Error == nil:
			if unsupportedByDesign(err) {
				skipped++
				continue
			}
			failed++
			t.Errorf("%s: CPython accepts, we reject: %v\nsource:\n%s", c.name, err, c.src)
		case err == nil:
			failed++
			t.Errorf("%s: CPython rejects (%s: %s at %d:%d), we accept\nsource:\n%s", c.name, w.Error.Kind, w.Error.Msg, w.Error.Line, w.Error.Col, c.src)
		default:
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("%s: error %T is not *syntax.Error", c.name, err)
			}
			got := oracleError{Kind: se.Kind, Line: se.Line, Col: se.Col, Msg: se.Msg}
			if w.Error.Kind == "ValueError" {
				got.Kind, got.Line, got.Col = "ValueError", 0, 0
				got.Msg = w.Error.Msg
			}
			if got == *w.Error && w.Traceback != "" {
				if tb := se.Traceback(); tb != w.Traceback {
					tbMismatch++
					if tbMismatch <= 10 {
						t.Errorf("%s: traceback differs\nsource:\n%s\ngot:\n%s\nwant:\n%s", c.name, c.src, tb, w.Traceback)
					}
				}
				if d := se.Display(); d != w.Display {
					tbMismatch++
					if tbMismatch <= 10 {
						t.Errorf("%s: uncaught display differs\nsource:\n%s\ngot:\n%s\nwant:\n%s", c.name, c.src, d, w.Display)
					}
				}
			}
			if got != *w.Error {
				failed++
				t.Errorf("%s: error mismatch\nsource:\n%s\ngot:  %s %d:%d %q\nwant: %s %d:%d %q", c.name, c.src,
					got.Kind, got.Line, got.Col, got.Msg, w.Error.Kind, w.Error.Line, w.Error.Col, w.Error.Msg)
				continue
			}
			rejected++
		}
	}
	t.Logf("differential: %d cases: %d accepted with identical AST (%d of them with different positions), %d rejected with identical error, %d unsupported by design, %d mismatches",
		len(cases), accepted, posMismatch, rejected, skipped, failed)
}
