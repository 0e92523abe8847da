package embedded

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
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

func TestAssignmentsToRuntimeBindings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src     string
		refused bool
	}{
		{"call_tool = 1", true},
		{"def save_result(v): pass", true},
		{"for cli in range(3): pass", true},
		{"import asyncio\nreturn 1", false}, // importing a module rebinds it to itself
		{"x = 1", false},
	}
	b := New()
	for _, c := range cases {
		prog, err := python.Compile("<snippet>", c.src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		err = b.checkAssignments(prog, nil)
		if (err != nil) != c.refused {
			t.Errorf("%q: checkAssignments = %v, want refused=%v", c.src, err, c.refused)
		}
	}
}

// TestImportableModulesAreTheImportsThatSucceed checks the table
// checkAssignments consults against real imports: every name it holds
// imports, every module of lib.Absent fails to.
func TestImportableModulesAreTheImportsThatSucceed(t *testing.T) {
	t.Parallel()
	b := New()
	for _, want := range []string{"asyncio", "json", "logging"} {
		if !b.importable[want] {
			t.Errorf("importable lacks %s", want)
		}
	}
	run := func(name string) error {
		_, err := b.Run(context.Background(), "import "+name+"\nreturn 1", emptyBridge{}, backend.RunOptions{})
		return err
	}
	for name := range b.importable {
		if err := run(name); err != nil {
			t.Errorf("importable has %s, but import %s: %v", name, name, err)
		}
	}
	for _, name := range lib.Absent() {
		top, _, _ := strings.Cut(name, ".")
		if b.importable[top] && top != name {
			continue // a submodule left out of a module that exists (logging.handlers)
		}
		if b.importable[name] {
			t.Errorf("importable has absent module %s", name)
		}
		var be *backend.Error
		if err := run(name); !errors.As(err, &be) || be.Type != "ModuleNotFoundError" {
			t.Errorf("import %s: %v, want ModuleNotFoundError", name, err)
		}
	}
	// A table without asyncio: nothing binds the name, so it is the
	// runtime's again and a snippet may not take it.
	bare := New(WithModules(vm.Modules{}))
	prog, err := python.Compile("<snippet>", "asyncio = 1", python.CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := bare.checkAssignments(prog, nil); err == nil {
		t.Error("asyncio = 1 accepted by a backend that cannot import asyncio")
	}
	if err := b.checkAssignments(prog, nil); err != nil {
		t.Errorf("asyncio = 1 refused by a backend that imports asyncio: %v", err)
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
