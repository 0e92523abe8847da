package toolplane

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python/jsonlike"
	clisrc "github.com/toolplane/toolplane/source/cli"
)

// docCapabilities answer in each shape the descriptions name, and fail in
// each way they name.
func docCapabilities() []capability.Capability {
	obj := func(s string) json.RawMessage { return json.RawMessage(s) }
	answer := func(res *capability.Result, err error) capability.Handler {
		return func(context.Context, map[string]any) (*capability.Result, error) { return res, err }
	}
	return []capability.Capability{
		{ID: "go:doc/structured", Handler: answer(&capability.Result{Structured: map[string]any{"k": "v"}}, nil)},
		{ID: "go:doc/text", Handler: answer(&capability.Result{Content: []capability.Content{{Type: "text", Text: "a"}, {Type: "text", Text: "b"}}}, nil)},
		{ID: "go:doc/image", Handler: answer(&capability.Result{Content: []capability.Content{{Type: "text", Text: "logo"}, {Type: "image", Data: "aGk=", MIMEType: "image/png"}}}, nil)},
		{ID: "go:doc/fail", Handler: answer(&capability.Result{IsError: true, Content: []capability.Content{{Type: "text", Text: "boom"}}}, nil)},
		{ID: "go:doc/timeout", Handler: answer(nil, fmt.Errorf("upstream call: %w", context.DeadlineExceeded))},
		{ID: "go:doc/typed", InputSchema: obj(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`),
			Handler: answer(&capability.Result{Structured: map[string]any{}}, nil)},
	}
}

// TestSnippetDocHolds runs what the descriptions and detailed schemas tell
// an agent (package capability's texts, which server's execute_code
// description is built from) against the real bindings, argument
// policies, dispatch chain and interpreter: every keyword rule and call
// example renders the argv it claims and passes git's argument policy,
// every return shape and exception it names is what a snippet gets.
func TestSnippetDocHolds(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	cwd := t.TempDir()
	// The examples' -C sub names a directory inside the working directory.
	if err := os.Mkdir(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := clisrc.New(clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"printf", "git", "false"}, Cwd: cwd}, clisrc.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := New(WithCapabilities(append(docCapabilities(), src.Capabilities()...)...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rt.Stop() })
	rt.Use(src.Admission())
	rt.Registry().SetResolver(capability.SourceCLI, src.Lookup)
	run := func(code string) any {
		t.Helper()
		res, err := rt.Execute(context.Background(), code, ExecuteOptions{})
		if err != nil || res.Error != nil {
			t.Fatalf("%s\n: %v %+v", code, err, res.Error)
		}
		return res.Value
	}
	argvOf := func(call string) []string {
		t.Helper()
		call = strings.TrimSuffix(call, ")") + ", check=False)"
		var out []string
		for _, w := range run("return (await " + call + ").argv").([]any) {
			out = append(out, w.(string))
		}
		return out
	}

	// Keyword rules, each on its own.
	for _, e := range capability.CLIFlagExamples() {
		got := argvOf(`printf("%s", ` + e.Kwarg + `)`)
		if want := append([]string{"printf", "%s"}, e.Words...); !cmp.Equal(got, want) {
			t.Errorf("printf(\"%%s\", %s) runs %q; the rules say %q", e.Kwarg, got, want)
		}
		if !strings.Contains(capability.CLIFlagRules("git", "git"), e.Kwarg) {
			t.Errorf("the rules do not tell %s", e.Kwarg)
		}
	}
	// Whole calls: the order example and the first-call example, with
	// git (whose argument policy must let them through) and another binary.
	for _, bin := range []string{"git", "printf"} {
		for _, example := range []func(string, string) (string, []string){capability.CLIOrderExample, capability.CLIExample} {
			call, want := example(bin, bin)
			if got := argvOf(call); !cmp.Equal(got, want) {
				t.Errorf("%s runs %q; the text says %q", call, got, want)
			}
			if rules := capability.CLIFlagRules(bin, bin); example != nil && strings.Contains(call, "_global") && !strings.Contains(rules, call) {
				t.Errorf("the rules do not show %s:\n%s", call, rules)
			}
		}
	}

	// Return shapes and failures, as ReturnShapesText, FailureText,
	// ToolRaisesText, CLIRaisesText and CLIResultText name them.
	got := run(`
out = {}
pending = doc.structured()
out["unawaited"] = type(pending).__name__
out["dict"] = await pending
out["str"] = await doc.text()
out["blocks"] = [b["type"] for b in await doc.image()]
r = await git("--version")
out["cli"] = [type(r).__name__, r.exit_code, r.text() == r.stdout.rstrip("\n"), type(r.lines()).__name__]
async def caught(f):
    try:
        await f()
        return "no exception"
    except Exception as e:
        return [type(e).__name__, isinstance(e, ToolError), getattr(e, "capability", None)]
out["ToolError"] = await caught(lambda: doc.fail())
out["ValueError"] = await caught(lambda: doc.typed(n="five"))
out["PermissionError"] = await caught(lambda: git("-c", "alias.x=!true", "x"))
out["LookupError"] = await caught(lambda: call_tool("go:doc/absent", {}))
out["TimeoutError"] = await caught(lambda: doc.timeout())
out["CLIError"] = await caught(lambda: false())
try:
    await false()
except CLIError as e:
    out["cli_fields"] = [e.exit_code, type(e.stderr).__name__, e.result.exit_code]
try:
    await doc.fail()
except ToolError as e:
    out["message"] = "boom" in str(e)
return out
`)
	// Results keep the dict's insertion order (jsonlike.Object).
	want := jsonlike.Object{
		{Key: "unawaited", Value: "Future"},
		{Key: "dict", Value: jsonlike.Object{{Key: "k", Value: "v"}}},
		{Key: "str", Value: "a\nb"},
		{Key: "blocks", Value: []any{"text", "image"}},
		{Key: "cli", Value: []any{"CLIResult", int64(0), true, "list"}},
		{Key: "ToolError", Value: []any{"ToolError", true, "go:doc/fail"}},
		{Key: "ValueError", Value: []any{"ValueError", false, "go:doc/typed"}},
		{Key: "PermissionError", Value: []any{"PermissionError", false, "cli:git"}},
		{Key: "LookupError", Value: []any{"LookupError", false, "call_tool"}},
		{Key: "TimeoutError", Value: []any{"TimeoutError", false, "go:doc/timeout"}},
		{Key: "CLIError", Value: []any{"CLIError", true, "cli:false"}},
		{Key: "cli_fields", Value: []any{int64(1), "str", int64(1)}},
		{Key: "message", Value: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("what snippets get (-the descriptions' claims +got):\n%s", diff)
	}
	// AwaitText: a call without await never runs and the run warns,
	// naming it and its line; a result holding one is an error;
	// asyncio.run(main()) runs main.
	res, err := rt.Execute(context.Background(), "import asyncio\nr = doc.structured()\nasync def main():\n    return await doc.text()\nreturn asyncio.run(main())", ExecuteOptions{})
	if err != nil || res.Error != nil || res.Value != "a\nb" || res.CapabilityCalls != 1 ||
		res.Stderr != "<snippet>:2: RuntimeWarning: doc.structured() was never awaited, so it never ran; did you forget await?\n" {
		t.Errorf("unawaited call and asyncio.run: %v %+v", err, res)
	}
	res, err = rt.Execute(context.Background(), "return {'r': doc.structured()}", ExecuteOptions{})
	if err != nil || res.Error == nil || res.Error.Message != "the result holds doc.structured() from line 1, never awaited, so it never ran; did you forget await?" {
		t.Errorf("a result holding an unawaited call: %v %+v", err, res.Error)
	}
	for _, claim := range []struct{ text, says string }{
		{capability.ReturnShapesText, "a dict when"}, {capability.ReturnShapesText, "one str (several text blocks joined by newlines)"},
		{capability.ReturnShapesText, "list of dicts"}, {capability.AwaitText, "never runs"}, {capability.AwaitText, "warns, naming the call and line"},
		{capability.AwaitText, "a result holding one is an error"}, {capability.AwaitText, "asyncio.run(main())"},
		{capability.FailureText(true), "ToolError"}, {capability.FailureText(true), "CLIError (a ToolError"},
		{capability.FailureText(false), "ValueError"}, {capability.FailureText(false), "PermissionError"},
		{capability.FailureText(false), "LookupError"}, {capability.FailureText(false), "TimeoutError"},
		{capability.FailureText(false), "e.capability"}, {capability.ToolRaisesText, "ToolError"},
		{capability.CLIRaisesText, "CLIError (a ToolError)"}, {capability.CLIRaisesText, "e.result"},
		{capability.CLIRaisesText, "PermissionError"}, {capability.CLIResultText, "CLIResult"},
		{capability.CLIResultText, ".text()"}, {capability.CLIResultText, ".lines()"}, {capability.CLIResultText, ".json()"},
	} {
		if !strings.Contains(claim.text, claim.says) {
			t.Errorf("the text no longer says %q (update this test with what it now claims):\n%s", claim.says, claim.text)
		}
	}
}
