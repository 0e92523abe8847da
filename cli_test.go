package toolplane

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/capability"
	clisrc "github.com/toolplane/toolplane/source/cli"
)

// cliRuntime wires the real CLI source as serve does: its capabilities,
// its admission middleware, and its resolver for unregistered binaries.
func cliRuntime(t *testing.T, p clisrc.Policy, rec *recorder) *Runtime {
	t.Helper()
	src, err := clisrc.New(p, clisrc.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	rt := newRuntime(t, &counters{}, WithMiddleware(rec.middleware), WithCapabilities(src.Capabilities()...))
	rt.Use(src.Admission())
	rt.Registry().SetResolver(capability.SourceCLI, src.Lookup)
	return rt
}

func TestSnippetCallsCLIBinaries(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	var rec recorder
	rt := cliRuntime(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"printf"}}, &rec)
	res, err := rt.Execute(context.Background(), `
a = await printf("%s-%s", "a", "b")
b = await call_tool("cli:printf", {"args": ["x"]})
c = await printf("[%s]", _=["tail"])
try:
    await call_tool("cli:rm", {"args": ["-f", "/nonexistent/toolplane-test"]})
    denied = None
except PermissionError as e:
    denied = str(e)
return [a["stdout"], a["argv"], b["stdout"], c["stdout"], denied]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	v := res.Value.([]any)
	want := []any{"a-b", []any{"printf", "%s-%s", "a", "b"}, "x", "[tail]"}
	if diff := cmp.Diff(want, v[:4]); diff != "" {
		t.Errorf("CLI results (-want +got):\n%s", diff)
	}
	if s, _ := v[4].(string); !strings.Contains(s, "rm") || !strings.Contains(s, "allow") {
		t.Errorf("rm was not refused with the policy's reason: %#v", v[4])
	}
	// The refused call went through the chain, so the recorder saw it.
	if got := rec.calls[len(rec.calls)-1]; got != "snippet cli:rm run=true" {
		t.Errorf("last call the chain saw: %q", got)
	}
}

func TestSnippetAmbientCLIResolvedOnUse(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	var rec recorder
	rt := cliRuntime(t, clisrc.Policy{Mode: clisrc.ModeAmbient}, &rec)
	if _, ok := rt.Registry().Lookup("printf"); ok {
		t.Fatal("ambient mode registered aliases up front")
	}
	res, err := rt.Execute(context.Background(), `return (await call_tool("cli:printf", {"args": ["%s", "amb"]}))["stdout"]`, ExecuteOptions{})
	if err != nil || res.Error != nil || res.Value != "amb" {
		t.Errorf("ambient call: %v %+v value %#v", err, res.Error, res.Value)
	}
	res, err = rt.Execute(context.Background(), `await call_tool("cli:no-such-binary-toolplane", {})`, ExecuteOptions{})
	if err != nil || res.Error == nil || !strings.Contains(res.Error.Message, "no-such-binary-toolplane") {
		t.Errorf("missing binary: %v %+v", err, res.Error)
	}
}

func TestSnippetCLIFailureIsAToolError(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	rt := cliRuntime(t, clisrc.Policy{Mode: clisrc.ModeAllowlist, Allow: []string{"false"}}, &recorder{})
	res, err := rt.Execute(context.Background(), `
try:
    await false()
except ToolError as e:
    return [str(e), e.capability]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	v := res.Value.([]any)
	if !strings.Contains(v[0].(string), "cli:false") || !strings.Contains(v[0].(string), "status 1") || v[1] != "cli:false" {
		t.Errorf("CLI failure = %#v", v)
	}
}
