package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/source/gofunc"
)

var updateRun = flag.Bool("update-run", false, "rewrite testdata/run_*.golden from the current output")

// The Go capabilities of the run tests: a paged tracker and a greeter.

type runIssue struct {
	ID       int    `json:"id"`
	Title    string `json:"title"`
	State    string `json:"state"`
	Points   int    `json:"points"`
	Assignee string `json:"assignee"`
}

func runTestCapabilities() []capability.Capability {
	states := []string{"open", "closed", "triage"}
	people := []string{"ada", "grace", "linus", "barbara"}
	var all []runIssue
	for i := 1; i <= 23; i++ {
		all = append(all, runIssue{ID: i, Title: fmt.Sprintf("Issue %d", i), State: states[i%3], Points: (i * 7) % 13, Assignee: people[i%4]})
	}
	type listIn struct {
		Cursor string `json:"cursor,omitempty"`
		Limit  int    `json:"limit,omitempty"`
	}
	type listOut struct {
		Items      []runIssue `json:"items"`
		NextCursor *string    `json:"next_cursor"`
	}
	list := func(ctx context.Context, in listIn) (listOut, error) {
		start := 0
		if in.Cursor != "" {
			if _, err := fmt.Sscanf(in.Cursor, "c%d", &start); err != nil {
				return listOut{}, fmt.Errorf("bad cursor %q", in.Cursor)
			}
		}
		end := min(start+max(in.Limit, 1), len(all))
		out := listOut{Items: all[start:end]}
		if end < len(all) {
			next := fmt.Sprintf("c%d", end)
			out.NextCursor = &next
		}
		return out, nil
	}
	type getIn struct {
		ID int `json:"id"`
	}
	get := func(ctx context.Context, in getIn) (runIssue, error) {
		for _, it := range all {
			if it.ID == in.ID {
				return it, nil
			}
		}
		return runIssue{}, fmt.Errorf("issue %d does not exist", in.ID)
	}
	type greetIn struct {
		Name string `json:"name"`
	}
	type greetOut struct {
		Greeting string `json:"greeting"`
	}
	greet := func(ctx context.Context, in greetIn) (greetOut, error) {
		return greetOut{Greeting: "Hello, " + in.Name + "!"}, nil
	}
	return []capability.Capability{
		gofunc.New("tracker", "list_issues", "List issues, a page at a time.", list),
		gofunc.New("tracker", "get_issue", "Get one issue by id.", get),
		gofunc.New("greeter", "greet", "Greet someone.", greet),
	}
}

// needInterpreter skips while package python cannot run code yet (it is
// written concurrently with the runtime).
func needInterpreter(t *testing.T) {
	t.Helper()
	p, err := python.Compile("<probe>", "return 1", python.CompileOptions{Snippet: true})
	if err == nil {
		_, err = p.Run(context.Background(), python.RunOptions{})
	}
	var ex *python.Exception
	if err != nil && !errors.As(err, &ex) {
		t.Skipf("interpreter not available yet: %v", err)
	}
}

var durationRE = regexp.MustCompile(`"duration_ms":\d+`)

func TestRunJSONGolden(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	rt, err := toolplane.New(toolplane.WithCapabilities(runTestCapabilities()...))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	src, err := os.ReadFile(filepath.Join("testdata", "run_paginate.py"))
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	err = runSnippet(context.Background(), rt, string(src), "run_paginate.py", runOptions{JSON: true}, IOStreams{Out: &out, Err: &errb})
	if err != nil {
		t.Fatalf("run: %v\nstdout: %s", err, out.String())
	}
	got := durationRE.ReplaceAllString(out.String(), `"duration_ms":0`)
	golden := filepath.Join("testdata", "run_paginate.golden")
	if *updateRun {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("run --json output mismatch (-want +got):\n%s", diff)
	}
	if strings.Count(got, "\n") != 1 {
		t.Errorf("--json printed %d lines, want exactly one JSON object", strings.Count(got, "\n"))
	}
}

func TestRunPlainOutputAndFailure(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	rt, err := toolplane.New(toolplane.WithCapabilities(runTestCapabilities()...))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	var out, errb bytes.Buffer
	code := `print("hi")
g = await greeter.greet(name="ada")
g`
	if err := runSnippet(context.Background(), rt, code, "<stdin>", runOptions{}, IOStreams{Out: &out, Err: &errb}); err != nil {
		t.Fatal(err)
	}
	if want := "hi\n{'greeting': 'Hello, ada!'}\n"; out.String() != want {
		t.Errorf("stdout = %q, want %q", out.String(), want)
	}
	out.Reset()
	// Issue 18: the value is json.dumps's, not a repr: order, floats, the
	// non-finite rule.
	if err := runSnippet(context.Background(), rt, `return {"z": [float("nan"), 1, 5.0], "a": 1e20}`, "<stdin>", runOptions{JSON: true}, IOStreams{Out: &out, Err: &errb}); err != nil ||
		!strings.HasPrefix(out.String(), `{"value":{"z":["NaN",1,5.0],"a":1e+20},`) {
		t.Errorf("NaN result: %v %s", err, out.String())
	}
	out.Reset()
	if err := runSnippet(context.Background(), rt, `return {1, 2}`, "<stdin>", runOptions{JSON: true}, IOStreams{Out: &out, Err: &errb}); err != nil ||
		!strings.HasPrefix(out.String(), `{"value":"{1, 2}",`) || !strings.Contains(out.String(), `"not_json":"TypeError: Object of type set is not JSON serializable"`) {
		t.Errorf("set result: %v %s", err, out.String())
	}
	out.Reset()
	err = runSnippet(context.Background(), rt, "await tracker_get_issue(id=99)", "<stdin>", runOptions{JSON: true}, IOStreams{Out: &out, Err: &errb})
	if exitCode(err) != exitFailure {
		t.Errorf("raising snippet: exit %d (%v), want 1", exitCode(err), err)
	}
	for _, want := range []string{`"type":"ToolError"`, "issue 99 does not exist", "go:tracker/get_issue", `"value":null`, `File \"<stdin>\", line 1`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--json output %s lacks %s", out.String(), want)
		}
	}
}

func TestRunBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := runBinary(t, dir, nil, "run")
	if r.code != exitUsage || !strings.Contains(r.stderr, "exactly one argument") {
		t.Errorf("run without a file: %+v", r)
	}
	r = runBinary(t, dir, nil, "run", "missing.py")
	if r.code != exitFailure || !strings.Contains(r.stderr, "missing.py") {
		t.Errorf("run missing.py: %+v", r)
	}
	needInterpreter(t)
	cmd := runBinaryStdin(t, dir, "print('out')\nreturn {'n': 1 + 1}\n", "run", "--json", "-")
	if cmd.code != 0 || !strings.HasPrefix(cmd.stdout, `{"value":{"n":2},"stdout":"out\n","stderr":"","error":null,"duration_ms":`) ||
		!strings.HasSuffix(cmd.stdout, `"backend":"embedded"}`+"\n") {
		t.Errorf("run --json -: %+v", cmd)
	}
	cmd = runBinaryStdin(t, dir, "x = 1\nraise ValueError('bad x')\n", "run", "-")
	if cmd.code != 1 || !strings.Contains(cmd.stderr, "ValueError: bad x") || cmd.stdout != "" {
		t.Errorf("run - raising: %+v", cmd)
	}
	// The configured CLI policy applies: printf is allowed, rm is not.
	cfg := filepath.Join(dir, "cli.toml")
	if err := os.WriteFile(cfg, []byte("[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = runBinaryStdin(t, dir, `return (await printf("%s-%s", "cli", "ok"))["stdout"]`, "run", "--config", cfg, "--json", "-")
	if cmd.code != 0 || !strings.HasPrefix(cmd.stdout, `{"value":"cli-ok",`) {
		t.Errorf("run with [cli] allow printf: %+v", cmd)
	}
	cmd = runBinaryStdin(t, dir, `await call_tool("cli:rm", {"args": ["-f", "x"]})`, "run", "--config", cfg, "-")
	if cmd.code != 1 || !strings.Contains(cmd.stderr, "PermissionError") && !strings.Contains(cmd.stderr, "LookupError") {
		t.Errorf("run calling a binary outside the allowlist: %+v", cmd)
	}
}

// runBinaryStdin is runBinary with stdin.
func runBinaryStdin(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running toolplane %q: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

// cpythonHarness runs a snippet under CPython with Python twins of the Go
// capabilities of runTestCapabilities, and prints the same JSON shape as
// run --json (value and stdout), so the golden is checked against the
// reference implementation of the language rather than trusted.
const cpythonHarness = `
import asyncio, contextlib, io, json, sys, types
states = ["open", "closed", "triage"]
people = ["ada", "grace", "linus", "barbara"]
issues = [dict(id=i, title=f"Issue {i}", state=states[i % 3], points=(i * 7) % 13, assignee=people[i % 4]) for i in range(1, 24)]

async def tracker_list_issues(cursor=None, limit=1):
    start = int(cursor[1:]) if cursor else 0
    end = min(start + max(limit, 1), len(issues))
    return {"items": issues[start:end], "next_cursor": f"c{end}" if end < len(issues) else None}

async def tracker_get_issue(id):
    return next(i for i in issues if i["id"] == id)

async def greeter_greet(name):
    return {"greeting": f"Hello, {name}!"}

tracker = types.SimpleNamespace(list_issues=tracker_list_issues, get_issue=tracker_get_issue)
greeter = types.SimpleNamespace(greet=greeter_greet)
table = {"go:tracker/list_issues": tracker_list_issues, "go:tracker/get_issue": tracker_get_issue, "go:greeter/greet": greeter_greet,
         "tracker.list_issues": tracker_list_issues, "tracker.get_issue": tracker_get_issue, "greeter.greet": greeter_greet}

async def call_tool(id_or_alias, args=None, /, **kwargs):
    return await table[id_or_alias](**{**(args or {}), **kwargs})

src = sys.stdin.read()
body = "".join("    " + line + "\n" for line in src.splitlines())
exec("async def snippet():\n" + body, globals())
out = io.StringIO()
with contextlib.redirect_stdout(out):
    value = asyncio.run(snippet())
print(json.dumps({"value": value, "stdout": out.getvalue()}, sort_keys=True))
`

func TestRunGoldenMatchesCPython(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	src, err := os.ReadFile(filepath.Join("testdata", "run_paginate.py"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", cpythonHarness)
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("CPython: %v\n%s", err, stderr.String())
	}
	var want, got struct {
		Value  any    `json:"value"`
		Stdout string `json:"stdout"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "run_paginate.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(golden, &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("golden differs from CPython (-cpython +golden):\n%s", diff)
	}
}

// TestRunSystemExit: a snippet that ends with SystemExit ends as CPython's
// interpreter ends it (no traceback; the status the code asks for), so a test
// file that ends with unittest.main() reads as under python3.
func TestRunSystemExit(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	rt, err := toolplane.New()
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	cases := []struct {
		code   string
		status int
		stderr string // what Main prints for the returned error
	}{
		{"import sys\nprint('x')\nsys.exit()", exitOK, ""},
		{"import sys\nsys.exit(0)", exitOK, ""},
		{"raise SystemExit(False)", exitOK, ""},
		{"import sys\nsys.exit(3)", 3, ""},
		{"import sys\nsys.exit(True)", exitFailure, ""},
		{"import sys\nsys.exit('bye now')", exitFailure, "bye now"},
		// The status comes from the code, not from its text: a str code
		// fails with 1 whatever it says, as CPython exits.
		{"import sys\nsys.exit('0')", exitFailure, "0"},
		{"raise SystemExit('None')", exitFailure, "None"},
		{"raise SystemExit('False')", exitFailure, "False"},
		{"raise SystemExit('256')", exitFailure, "256"},
		{"raise SystemExit('1')", exitFailure, "1"},
		{"raise SystemExit(0.0)", exitFailure, "0.0"},
		{"raise SystemExit(1, 2)", exitFailure, "(1, 2)"},
		{"raise SystemExit(256)", exitOK, ""},
		{"raise SystemExit(-1)", 255, ""},
		{"raise SystemExit(2**70)", 255, ""},
		{"class I(int):\n    pass\nraise SystemExit(I(3))", 3, ""},
		{"class E(SystemExit):\n    def __str__(self):\n        return '0'\nraise E(3)", 3, ""},
		{"e = SystemExit(1)\ne.code = 0\nraise e", exitOK, ""},
		{"import unittest\nclass T(unittest.TestCase):\n    def test_ok(self):\n        self.assertEqual(1, 1)\nunittest.main()", exitOK, ""},
		{"import unittest\nclass T(unittest.TestCase):\n    def test_bad(self):\n        self.assertEqual(1, 2)\nunittest.main()", exitFailure, ""},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		err := runSnippet(context.Background(), rt, c.code, "<stdin>", runOptions{}, IOStreams{Out: &out, Err: &errb})
		if got := exitCode(err); got != c.status {
			t.Errorf("%q: exit %d (%v), want %d", c.code, got, err, c.status)
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != c.stderr || strings.Contains(errb.String(), "SystemExit") {
			t.Errorf("%q: error text %q, stderr %q; want %q and no SystemExit traceback", c.code, msg, errb.String(), c.stderr)
		}
	}
	// With --json a success code is no error, and a failing one names it.
	for code, want := range map[string]string{"import sys\nsys.exit(0)": "null", "import sys\nsys.exit(4)": `{"type":"SystemExit","message":"4"`} {
		var out, errb bytes.Buffer
		err := runSnippet(context.Background(), rt, code, "<stdin>", runOptions{JSON: true}, IOStreams{Out: &out, Err: &errb})
		if !strings.Contains(out.String(), `"error":`+want) || (want == "null") != (err == nil) {
			t.Errorf("--json %q: %s (%v), want error %s", code, out.String(), err, want)
		}
	}
	// unittest's report goes to stderr, as CPython writes it.
	var out, errb bytes.Buffer
	code := "import unittest\nclass T(unittest.TestCase):\n    def test_bad(self):\n        self.assertEqual([1], [2])\nunittest.main()"
	_ = runSnippet(context.Background(), rt, code, "<stdin>", runOptions{}, IOStreams{Out: &out, Err: &errb})
	for _, want := range []string{"F\n", "FAIL: test_bad (__main__.T.test_bad)", "AssertionError: Lists differ: [1] != [2]", "Ran 1 test in ", "FAILED (failures=1)\n"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("unittest report lacks %q:\n%s", want, errb.String())
		}
	}
	if out.Len() != 0 {
		t.Errorf("unittest wrote %q to stdout, want nothing", out.String())
	}
}
