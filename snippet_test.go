package toolplane

import (
	"context"
	"github.com/toolplane/toolplane/sandbox"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/python/jsonlike"
	"github.com/toolplane/toolplane/source/gofunc"
)

const paginateSnippet = `
page = await tracker_list_issues(limit=5)
pages = 1
issues = list(page["items"])
while page["next_cursor"] is not None:
    page = await tracker.list_issues(cursor=page["next_cursor"], limit=5)
    pages += 1
    issues.extend(page["items"])
points = {}
for it in issues:
    points[it["state"]] = points.get(it["state"], 0) + it["points"]
top = max(issues, key=lambda it: (it["points"], -it["id"]))
detail = await call_tool("go:tracker/get_issue", {"id": top["id"]})
note = await call_tool("greeter_note", name=detail["assignee"])
print(len(issues), "issues")
return {"count": len(issues), "pages": pages, "points": points, "top": detail["title"], "note": note}
`

func TestSnippetMixedAccessReturnsDict(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	var cnt counters
	rt := newRuntime(t, &cnt)
	res, err := rt.Execute(context.Background(), paginateSnippet, ExecuteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != nil {
		t.Fatalf("snippet raised %s\n%s", res.Error, res.Error.Traceback)
	}
	want := map[string]any{
		"count": int64(23), "pages": int64(5),
		"points": map[string]any{"open": int64(42), "closed": int64(46), "triage": int64(50)},
		"top":    "Issue 11", "note": "noted: barbara",
	}
	if diff := cmp.Diff(want, jsonlike.Plain(res.Value)); diff != "" {
		t.Errorf("value (-want +got):\n%s", diff)
	}
	// The dict keeps the order the snippet built it in (issue 18).
	if obj, _ := res.Value.(jsonlike.Object); !slices.Equal(obj.Keys(), []string{"count", "pages", "points", "top", "note"}) {
		t.Errorf("keys %v, want the snippet's order", obj.Keys())
	}
	if res.Stdout != "23 issues\n" || res.Backend != "embedded" || res.CapabilityCalls != 7 {
		t.Errorf("stdout %q backend %q calls %d", res.Stdout, res.Backend, res.CapabilityCalls)
	}
	if cnt.get("go:tracker/list_issues") != 5 || cnt.get("go:tracker/get_issue") != 1 {
		t.Errorf("handler counts %v", cnt.n)
	}
}

func TestSnippetAndGoAPIShareTheChain(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	var cnt counters
	var rec recorder
	rt := newRuntime(t, &cnt, WithMiddleware(rec.middleware, denyHighRisk))
	ctx := context.Background()
	if _, err := rt.Call(ctx, "tracker.get_issue", map[string]any{"id": 1}); err != nil {
		t.Fatal(err)
	}
	res, err := rt.Execute(ctx, `
got = await tracker_get_issue(id=2)
try:
    await greeter.greet(name="x")
    denied = None
except PermissionError as e:
    denied = str(e)
return [got["id"], denied]
`, ExecuteOptions{RunID: "run_chain", LogID: "log_1"})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %v", err, res.Error)
	}
	v := res.Value.([]any)
	if v[0] != int64(2) || !strings.Contains(v[1].(string), "risk=high") || !strings.Contains(v[1].(string), "go:greeter/greet") {
		t.Errorf("value = %#v", v)
	}
	// Uncaught, the denial ends the run as a PermissionError.
	res, err = rt.Execute(ctx, `await greeter_greet(name="x")`, ExecuteOptions{})
	if err != nil || res.Error == nil || res.Error.Type != "PermissionError" {
		t.Errorf("uncaught denial: %v %+v", err, res.Error)
	}
	if cnt.get("go:greeter/greet") != 0 {
		t.Error("the denied handler ran")
	}
	want := []string{
		"toolcall go:tracker/get_issue run=false",
		"snippet go:tracker/get_issue run=true",
		"snippet go:greeter/greet run=true",
		"snippet go:greeter/greet run=true",
	}
	if diff := cmp.Diff(want, rec.calls); diff != "" {
		t.Errorf("middleware saw (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"", "log_1", "log_1", ""}, rec.logIDs); diff != "" {
		t.Errorf("log ids (-want +got):\n%s", diff)
	}
}

func TestSnippetErrorsKeepTheirOrigin(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	rt := newRuntime(t, &counters{})
	cases := []struct{ code, typ, contains string }{
		{`await tracker_get_issue(id=99)`, "ToolError", "go:tracker/get_issue: issue 99 does not exist"},
		{`await tracker.get_issue(id="x")`, "ValueError", "at $.id"},
		{`await call_tool("tracker_get_isue", {})`, "LookupError", "tracker_get_issue"},
		{`await call_tool(42)`, "TypeError", "str id or alias"},
		{"raise ValueError('plain')", "ValueError", "plain"},
	}
	for _, c := range cases {
		res, err := rt.Execute(context.Background(), c.code, ExecuteOptions{})
		if err != nil {
			t.Errorf("%q: %v", c.code, err)
			continue
		}
		if res.Error == nil || res.Error.Type != c.typ || !strings.Contains(res.Error.Message, c.contains) {
			t.Errorf("%q: error %+v, want %s containing %q", c.code, res.Error, c.typ, c.contains)
		}
	}
}

func TestSnippetTimeout(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	type in struct{}
	slow := gofunc.New("clock", "wait", "Wait for a long time.", func(ctx context.Context, _ in) (string, error) {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Minute):
			return "late", nil
		}
	})
	rt := newRuntime(t, &counters{}, WithCapabilities(slow))
	start := time.Now()
	res, err := rt.Execute(context.Background(), `await clock_wait()`, ExecuteOptions{Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || (res.Error.Limit != "time" && res.Error.Type != "TimeoutError") {
		t.Errorf("error = %+v, want a time limit", res.Error)
	}
	// Not stopped, the call would wait its minute.
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("timed-out run took %s", d)
	}
}

func TestEmbeddedCompileCache(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	b := embedded.New(embedded.WithCacheSize(2))
	rt := newRuntime(t, &counters{}, WithBackend(b))
	for _, code := range []string{"return 1", "return 1", "return 2", "return 3", "return 1"} {
		res, err := rt.Execute(context.Background(), code, ExecuteOptions{})
		if err != nil || res.Error != nil {
			t.Fatalf("%q: %v %v", code, err, res.Error)
		}
	}
	if n := b.CachedPrograms(); n != 2 {
		t.Errorf("cache holds %d programs, want 2 (bounded)", n)
	}
}

func TestSnippetValuesGatherSessionsBindings(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	var cnt counters
	rt := newRuntime(t, &cnt)
	ctx := context.Background()
	// Structured content is a dict, text content a str, never JSON text;
	// gather runs calls concurrently through the bridge.
	res, err := rt.Execute(ctx, `
import asyncio
page = await tracker.list_issues(limit=2)
note = await greeter_note(name="x")
many = await asyncio.gather(*[tracker_get_issue(id=i) for i in range(1, 9)])
return [type(page).__name__, type(page["items"][0]["id"]).__name__, type(note).__name__, note, [m["id"] for m in many]]
`, ExecuteOptions{})
	if err != nil || res.Error != nil {
		t.Fatalf("execute: %v %+v", err, res.Error)
	}
	want := []any{"dict", "int", "str", "noted: x", []any{int64(1), int64(2), int64(3), int64(4), int64(5), int64(6), int64(7), int64(8)}}
	if diff := cmp.Diff(want, res.Value); diff != "" {
		t.Errorf("value (-want +got):\n%s", diff)
	}
	if res.CapabilityCalls != 10 {
		t.Errorf("calls = %d, want 10", res.CapabilityCalls)
	}

	// Globals persist across runs of one session; extra bindings are
	// callable and, like call_tool, cannot be rebound.
	sess := rt.NewSession()
	defer sess.Close()
	saved := map[string]any{}
	bindings := map[string]backend.HostFunc{
		"save_result": func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
			saved["last"] = args[0]
			return "res_1", nil
		},
	}
	opts := ExecuteOptions{Session: sess, Bindings: bindings}
	if res, err := rt.Execute(ctx, `total = sum(i["points"] for i in (await tracker_list_issues(limit=3))["items"])`, opts); err != nil || res.Error != nil {
		t.Fatalf("first run: %v %+v", err, res.Error)
	}
	res, err = rt.Execute(ctx, `return await save_result(total * 2)`, opts)
	if err != nil || res.Error != nil || res.Value != "res_1" || saved["last"] != int64(2*(7+1+8)) {
		t.Errorf("second run: %v %+v value %v saved %v", err, res.Error, res.Value, saved)
	}
	// A snippet may shadow a runtime name for its own run; the next run of
	// the session reaches the runtime's binding again.
	res, err = rt.Execute(ctx, "save_result = None\nreturn save_result", opts)
	if err != nil || res.Error != nil || res.Value != nil {
		t.Errorf("shadowing save_result: %v %+v value %v", err, res.Error, res.Value)
	}
	res, err = rt.Execute(ctx, `return await save_result(1)`, opts)
	if err != nil || res.Error != nil || res.Value != "res_1" || saved["last"] != int64(1) {
		t.Errorf("save_result after a run shadowed it: %v %+v value %v saved %v", err, res.Error, res.Value, saved)
	}
}

func benchmarkExecute(b *testing.B, code string, calls int) {
	rt, err := New(WithCapabilities(exampleCapabilities(&counters{})...))
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	for b.Loop() {
		res, err := rt.Execute(ctx, code, ExecuteOptions{})
		if err != nil || res.Error != nil || res.CapabilityCalls != calls {
			b.Fatalf("execute: %v %+v (%d calls)", err, res.Error, res.CapabilityCalls)
		}
	}
}

// BenchmarkExecuteTrivial measures a run with no capability call: the
// cached compile, binding the namespace, and the interpreter's start.
func BenchmarkExecuteTrivial(b *testing.B) { benchmarkExecute(b, "return 1 + 1", 0) }

// BenchmarkExecuteTenCalls measures a run making ten sequential capability
// calls through the bridge and the chain (validation included).
func BenchmarkExecuteTenCalls(b *testing.B) {
	benchmarkExecute(b, "out = []\nfor i in range(1, 11):\n    out.append((await tracker_get_issue(id=i))[\"points\"])\nreturn sum(out)", 10)
}

// BenchmarkExecuteTenCallsGathered is the same ten calls run concurrently.
func BenchmarkExecuteTenCallsGathered(b *testing.B) {
	benchmarkExecute(b, "import asyncio\nrs = await asyncio.gather(*[tracker.get_issue(id=i) for i in range(1, 11)])\nreturn len(rs)", 10)
}

// BenchmarkExecuteTenCallsIsolated is BenchmarkExecuteTenCalls with the
// snippet in a sandbox worker process (a session's, so the worker is
// kept between runs): each call crosses the bridge and this process
// answers it through the chain.
func BenchmarkExecuteTenCallsIsolated(b *testing.B) {
	rt, err := New(WithCapabilities(exampleCapabilities(&counters{})...), WithProcessIsolation(sandbox.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	sess := rt.NewSession()
	defer sess.Close()
	code := "out = []\nfor i in range(1, 11):\n    out.append((await tracker_get_issue(id=i))[\"points\"])\nreturn sum(out)"
	for b.Loop() {
		res, err := rt.Execute(ctx, code, ExecuteOptions{Session: sess})
		if err != nil || res.Error != nil || res.CapabilityCalls != 10 {
			b.Fatalf("execute: %v %+v (%d calls)", err, res.Error, res.CapabilityCalls)
		}
	}
}
