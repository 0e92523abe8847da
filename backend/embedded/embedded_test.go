package embedded

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

type permErr struct{}

func (permErr) Error() string           { return "binary rm is not allowed" }
func (permErr) PythonException() string { return "PermissionError" }

func TestHostErrorMapping(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err             error
		typ, msg, capID string
	}{
		{&backend.CallError{Type: "ToolError", CapabilityID: "mcp:linear/list_issues", Tool: "list_issues", Detail: "rate limited"},
			"ToolError", "mcp:linear/list_issues: rate limited", "mcp:linear/list_issues"},
		{fmt.Errorf("wrapped: %w", &backend.CallError{Type: "PermissionError", CapabilityID: "cli:rm", Detail: "denied"}),
			"PermissionError", "cli:rm: denied", "cli:rm"},
		{fmt.Errorf("cli: %w", permErr{}), "PermissionError", "cli: binary rm is not allowed", ""},
		{errors.New("boom"), "ToolError", "boom", ""},
		{&python.HostError{Type: "KeyError", Message: "k"}, "KeyError", "k", ""},
	}
	for _, c := range cases {
		var he *python.HostError
		if !errors.As(hostError(c.err), &he) || he.Type != c.typ || he.Message != c.msg || he.Capability != c.capID {
			t.Errorf("hostError(%v) = %+v, want %s %q %q", c.err, he, c.typ, c.msg, c.capID)
		}
	}
	if hostError(nil) != nil {
		t.Error("hostError(nil) is not nil")
	}
}

func TestConvertError(t *testing.T) {
	t.Parallel()
	ex := &python.Exception{Type: "ValueError", Message: "bad", Traceback: "Traceback...", Limit: ""}
	var be *backend.Error
	if !errors.As(convertError(ex), &be) || be.Type != "ValueError" || be.Message != "bad" || be.Traceback != "Traceback..." {
		t.Errorf("convertError(exception) = %v", convertError(ex))
	}
	lim := &python.Exception{Type: "TimeoutError", Limit: "time"}
	if !errors.As(convertError(lim), &be) || be.Limit != "time" {
		t.Errorf("limit lost: %v", convertError(lim))
	}
	other := errors.New("disk on fire")
	if err := convertError(other); errors.As(err, &be) || !errors.Is(err, other) {
		t.Errorf("non-Python error converted to a snippet error: %v", err)
	}
}

// TestAbsentModulesFailToImport: every module lib.Absent names is in the
// table only to fail with an explanation.
func TestAbsentModulesFailToImport(t *testing.T) {
	t.Parallel()
	b := New()
	for _, name := range lib.Absent() {
		_, err := b.Run(context.Background(), "import "+name+"\nreturn 1", emptyBridge{}, backend.RunOptions{})
		var be *backend.Error
		if !errors.As(err, &be) || (be.Type != "ModuleNotFoundError" && !strings.Contains(name, ".")) {
			t.Errorf("import %s: %v, want ModuleNotFoundError", name, err)
		}
	}
}

// emptyBridge offers no capabilities.
type emptyBridge struct{}

func (emptyBridge) Namespace() capability.Namespace { return capability.Namespace{} }
func (emptyBridge) Call(ctx context.Context, id string, args []any, kwargs map[string]any) (any, error) {
	return nil, fmt.Errorf("no capability %s", id)
}

func TestStandardLibraryIsImportable(t *testing.T) {
	t.Parallel()
	b := New()
	res, err := b.Run(context.Background(), "import json, re, collections\nreturn json.dumps(collections.Counter(re.findall(r'\\w+', 'a b a')).most_common(1))", emptyBridge{}, backend.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != `[["a", 2]]` {
		t.Errorf("value = %#v", res.Value)
	}
	_, err = b.Run(context.Background(), "import os", emptyBridge{}, backend.RunOptions{})
	var be *backend.Error
	if !errors.As(err, &be) || be.Type != "ModuleNotFoundError" || !strings.Contains(be.Message, "call a capability instead") {
		t.Errorf("import os: %v", err)
	}
}

func TestDropBindingFrames(t *testing.T) {
	tb := "Traceback (most recent call last):\n" +
		"  File \"<snippet>\", line 3, in <module>\n    await false()\n" +
		"  File \"<toolplane-cli>\", line 139, in run\n" +
		"  File \"<toolplane-cli>\", line 124, in _call\n    raise e\n    ^^^^^^^\n" +
		"CLIError: cli:false: false exited with status 1\n"
	want := "Traceback (most recent call last):\n" +
		"  File \"<snippet>\", line 3, in <module>\n    await false()\n" +
		"CLIError: cli:false: false exited with status 1\n"
	if got := dropBindingFrames(tb); got != want {
		t.Errorf("dropBindingFrames:\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkRunTrivial is the fixed cost of one run of a cached snippet,
// including the CLI bindings' prelude.
func BenchmarkRunTrivial(b *testing.B) {
	be := New()
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if _, err := be.Run(ctx, "return 1", emptyBridge{}, backend.RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWarmSnippetRuns: the worker's warm-up snippet runs to its end in a
// session namespace (a warm-up that raised early would warm nothing, and
// WorkerWarm ignores its errors), with CPython's result.
func TestWarmSnippetRuns(t *testing.T) {
	b := New()
	res, err := b.execute(context.Background(), "<warm-up>", warmSnippet, python.NewGlobals(), map[string]python.HostFunc{}, map[string]any{}, io.Discard, nil, python.Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to compare with")
	}
	body := "    " + strings.ReplaceAll(strings.TrimSpace(warmSnippet), "\n", "\n    ")
	out, err := exec.Command(py, "-c", "def snippet():\n"+body+"\nprint(repr(snippet()))").CombinedOutput()
	if err != nil {
		t.Fatalf("CPython: %v\n%s", err, out)
	}
	if want := strings.TrimSpace(string(out)); res.Repr != want {
		t.Errorf("warm-up result %s, CPython's %s", res.Repr, want)
	}
}
