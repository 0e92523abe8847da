package embedded_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/sandbox"
)

// runBridge is the bridge of one run in these tests: it offers the
// capabilities of ns, answers a call to one of them with
// "run<run>:<id>" (so a result shows which run's bridge served it), and
// refuses anything else as the real bridge refuses a capability its token
// may not call.
type runBridge struct {
	run int
	ns  capability.Namespace
}

func (b runBridge) Namespace() capability.Namespace { return b.ns }

func (b runBridge) Call(ctx context.Context, id string, args []any, kwargs map[string]any) (any, error) {
	for alias, canonical := range b.ns {
		if id == alias || id == canonical {
			return fmt.Sprintf("run%d:%s", b.run, canonical), nil
		}
	}
	return nil, &backend.CallError{Type: "LookupError", Detail: "unknown capability " + id}
}

// greeterNS is a token's namespace with one capability, bound as a
// namespace function and as a flat alias.
var greeterNS = capability.Namespace{"greeter.greet": "mcp:greeter/greet", "greeter_greet": "mcp:greeter/greet"}

// TestAttackRuntimeBindingsAreBoundPerRun: the runtime's names (call_tool,
// save_result, capability namespaces and aliases, the CLI bindings) are
// bound like builtins, anew for each run, outside the session's globals. A
// snippet may define its own call_tool (issue 18): it shadows the
// runtime's for that run. No way of rebinding one (assignment, globals(),
// global in a function, the builtins module, del, a class attribute, a
// reference kept from an earlier run) reaches a later run of the session:
// each run calls its own runtime, with its own bridge, and a capability
// that run's token may not call stays unreachable. Checked in process and
// in a worker process.
func TestAttackRuntimeBindingsAreBoundPerRun(t *testing.T) {
	t.Parallel()
	pool, err := sandbox.NewPool(sandbox.Options{Prestart: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pool.Close() })
	for name, b := range map[string]*embedded.Backend{"in process": embedded.New(), "worker": embedded.New(embedded.WithWorkers(pool))} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testBindingsPerRun(t, b)
		})
	}
}

func testBindingsPerRun(t *testing.T, b *embedded.Backend) {
	sess := b.NewSession()
	defer sess.Close()
	runNo := 0
	// run runs code as the session's next run and returns its value or
	// "<Type>: <message>".
	run := func(ns capability.Namespace, code string) any {
		t.Helper()
		runNo++
		n := runNo
		res, err := b.Run(context.Background(), code, runBridge{run: n, ns: ns}, backend.RunOptions{
			Session: sess,
			Bindings: map[string]backend.HostFunc{
				"save_result": func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
					return fmt.Sprintf("run%d:saved", n), nil
				},
			},
		})
		if err != nil {
			if be, ok := err.(*backend.Error); ok {
				return be.Type + ": " + be.Message
			}
			t.Fatalf("run %d: %v", n, err)
		}
		return res.Value
	}
	// real is what the next run's runtime answers for each binding.
	const probe = `return [await call_tool("greeter.greet"), await greeter.greet(), await greeter_greet(), await save_result(1), type(cli).__name__, type(cli_run).__name__, "call_tool" in globals()]`
	real := func() []any {
		return []any{fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1), fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1),
			fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1), fmt.Sprintf("run%d:saved", runNo+1), "CLIRoot", "function", false}
	}
	check := func(what string) {
		t.Helper()
		want := real()
		if got := run(greeterNS, probe); !reflect.DeepEqual(got, want) {
			t.Errorf("after %s, the next run got %v, want the runtime's %v", what, got, want)
		}
	}

	check("no shadowing")
	shadows := []struct {
		what, code string
		want       any // the run's own value: the shadow works within it
	}{
		{"def call_tool", "def call_tool(*a, **k):\n    return 'mine'\nreturn call_tool('x')", "mine"},
		{"assignments", "call_tool = save_result = cli = cli_run = greeter = greeter_greet = 'mine'\nreturn [call_tool, save_result, cli, cli_run, greeter, greeter_greet]",
			[]any{"mine", "mine", "mine", "mine", "mine", "mine"}},
		{"globals()", "g = globals()\nfor n in ['call_tool', 'save_result', 'cli', 'greeter', 'greeter_greet']:\n    g[n] = 'evil'\nreturn call_tool", "evil"},
		{"global in a function", "def install():\n    global call_tool, greeter\n    call_tool = greeter = 'evil'\ninstall()\nreturn call_tool", "evil"},
		{"a function of an earlier run", "install()\nreturn greeter", "evil"},
		{"the builtins module", "import builtins\nbuiltins.call_tool = 'evil'\nbuiltins.save_result = 'evil'\nreturn type(call_tool).__name__", "builtin_function_or_method"},
		{"del", "del call_tool", "NameError: name 'call_tool' is not defined"},
		{"a class attribute", "class C:\n    call_tool = 'evil'\n    x = call_tool\nreturn C.x", "evil"},
		{"a for target", "for cli in ['evil']:\n    pass\nreturn cli", "evil"},
		{"an import", "import json as call_tool\nreturn call_tool.__name__", "json"},
		{"a namespace's attribute", "try:\n    greeter.greet = 'evil'\nexcept AttributeError:\n    pass\nreturn 1", int64(1)},
	}
	for _, s := range shadows {
		if got := run(greeterNS, s.code); !reflect.DeepEqual(got, s.want) {
			t.Errorf("%s: the run got %#v, want %#v", s.what, got, s.want)
		}
		check(s.what)
	}
	// References kept from an earlier run call the runtime of the run that
	// calls them, with its bridge, never the bridge of the run that made them.
	if got := run(greeterNS, "keep = call_tool\nkeep_ns = greeter\nkeep_fn = greeter.greet\nkeep_save = save_result\nreturn 1"); got != int64(1) {
		t.Fatalf("keeping references: %v", got)
	}
	want := []any{fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1), fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1),
		fmt.Sprintf("run%d:mcp:greeter/greet", runNo+1), fmt.Sprintf("run%d:saved", runNo+1)}
	if got := run(greeterNS, `return [await keep("greeter.greet"), await keep_ns.greet(), await keep_fn(), await keep_save(1)]`); !reflect.DeepEqual(got, want) {
		t.Errorf("kept references got %v, want this run's runtime %v", got, want)
	}
	// CLI bindings kept from a run whose token may run printf.
	withPrintf := capability.Namespace{"printf": "cli:printf", "greeter.greet": "mcp:greeter/greet"}
	if got := run(withPrintf, "keep_cli = cli.printf\nkeep_sub = cli('printf').status\nkeep_alias = printf\nkeep_root = cli\nkeep_run = cli_run\nreturn 1"); got != int64(1) {
		t.Fatalf("keeping CLI references: %v", got)
	}
	// A later run whose token may not call greeter.greet, nor printf:
	// neither a kept reference nor call_tool reaches them.
	for _, code := range []string{"return await keep_fn()", "return await keep_ns.greet()", `return await keep("greeter.greet")`, `return await call_tool("mcp:greeter/greet")`,
		`return await keep_cli("x")`, `return await keep_sub()`, `return await keep_alias("x")`, `return await keep_root.printf("x")`, `return await keep_run("printf", "x", {"a": 1})`} {
		got, _ := run(capability.Namespace{}, code).(string)
		if !strings.HasPrefix(got, "LookupError") {
			t.Errorf("%s in a run that may not call greeter.greet: got %q, want a LookupError", code, got)
		}
	}
}
