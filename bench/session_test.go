package bench

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/session"
)

// sessionSnippet is what a typical first run of a session leaves behind: a
// few scalars, a small list and dict, an imported module, a helper function
// and the result of one capability call.
const sessionSnippet = `import json
owner = "toolplane"
limit = 20
labels = ["bug", "perf", "docs"]
cfg = {"retries": 3, "timeout": 2.5, "labels": labels}
parsed = json.loads(json.dumps(cfg))
issues = await tracker_list_issues(owner=owner, limit=3)
points = {it["state"]: it["points"] for it in issues}
def score(issue):
    return issue.get("points", 0) * 2
summary = f"{owner}: {len(issues)} issues, {sum(points.values())} points"
summary
`

// followUpSnippet is a second run that uses and rebinds the first run's
// names, as an agent's next cell does.
const followUpSnippet = `top = max(issues, key=score)
labels.append("triage")
cfg["labels"] = labels
done = [it["id"] for it in issues if it["state"] == "closed"]
(top["title"], len(done), parsed["retries"])
`

// trackerRuntime is a runtime with the embedded backend and one Go
// capability, go:tracker/list_issues, returning limit small issue records.
func trackerRuntime(tb testing.TB) *toolplane.Runtime {
	rt, err := toolplane.New(toolplane.WithCapabilities(capability.Capability{
		ID:          "go:tracker/list_issues",
		Source:      capability.SourceGo,
		Namespace:   "tracker",
		Name:        "list_issues",
		Description: "List a project's issues.",
		InputSchema: []byte(`{"type":"object","properties":{"owner":{"type":"string"},"limit":{"type":"integer"}},"required":["owner"]}`),
		Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
			n, _ := args["limit"].(int64)
			if f, ok := args["limit"].(float64); ok {
				n = int64(f)
			}
			states := []string{"open", "closed", "triage"}
			items := make([]any, 0, n)
			for i := int64(0); i < n; i++ {
				items = append(items, map[string]any{"id": i + 1, "title": fmt.Sprintf("Issue %d of %v", i+1, args["owner"]),
					"state": states[i%3], "points": i + 2})
			}
			return &capability.Result{Structured: items}, nil
		},
	}))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { rt.Stop() })
	return rt
}

// runInSession runs code in the session of id the way the MCP server's
// execute_code does: Begin, execute with the session's globals and memory
// cap, End.
func runInSession(ctx context.Context, rt *toolplane.Runtime, m *session.Manager, id, code string) error {
	sess, err := m.Get(id, "")
	if err != nil {
		return err
	}
	run, err := sess.Begin(ctx)
	if err != nil {
		return err
	}
	defer run.End()
	res, err := rt.Execute(ctx, code, toolplane.ExecuteOptions{
		Session: run.State,
		Limits:  python.Limits{MaxMemoryBytes: sess.MaxMemoryBytes()},
	})
	if err != nil {
		return err
	}
	if res.Error != nil {
		return fmt.Errorf("%s\n%s", res.Error, res.Error.Traceback)
	}
	return nil
}

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// writeHeapProfile writes a heap profile while the sessions are live, when
// TOOLPLANE_SESSION_HEAPPROFILE names a file (the case's name is appended):
// go test's -memprofile is written after the benchmark let them go.
func writeHeapProfile(b *testing.B, name string) {
	path := os.Getenv("TOOLPLANE_SESSION_HEAPPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path + "." + name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSessionMemory measures what an idle session costs the server:
// b.N sessions are created through package session, each runs
// sessionSnippet once through the runtime's embedded backend, and the live
// heap they add (after GC) is divided by b.N. retained-B/session is the
// session layer's own estimate (Session.RetainedBytes: Globals.SizeBytes
// plus saved results). "empty" sessions only exist (Manager.Get), for the
// fixed cost of a session before any run.
//
//	go test -run '^$' -bench SessionMemory -benchtime 2000x ./bench
func BenchmarkSessionMemory(b *testing.B) {
	for _, tc := range []struct {
		name string
		code string
		// then is a second run in the same session, if any.
		then string
		// distinct makes each session's source differ (a comment with the
		// session's number), so no two share a compiled program and the
		// backend's program cache holds its bounded number of them.
		distinct bool
	}{
		{name: "empty"},
		{name: "after_snippet", code: sessionSnippet},
		{name: "after_two_runs", code: sessionSnippet, then: followUpSnippet},
		{name: "distinct_source", code: sessionSnippet, distinct: true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			rt := trackerRuntime(b)
			// Warm up: the compiled-program cache, the CLI prelude, module
			// tables and the runtime's lazily built state are shared by all
			// sessions, not per session.
			warm := session.NewManager(session.Options{})
			if tc.code != "" {
				if err := runInSession(ctx, rt, warm, "warm", tc.code); err != nil {
					b.Fatal(err)
				}
				if tc.then != "" {
					if err := runInSession(ctx, rt, warm, "warm", tc.then); err != nil {
						b.Fatal(err)
					}
				}
			}
			m := session.NewManager(session.Options{})
			b.ResetTimer()
			before := heapInUse()
			for i := 0; i < b.N; i++ {
				id := fmt.Sprintf("client-%d", i)
				if tc.code == "" {
					if _, err := m.Get(id, ""); err != nil {
						b.Fatal(err)
					}
					continue
				}
				code := tc.code
				if tc.distinct {
					code = fmt.Sprintf("# session %d\n%s", i, code)
				}
				if err := runInSession(ctx, rt, m, id, code); err != nil {
					b.Fatal(err)
				}
				if tc.then != "" {
					if err := runInSession(ctx, rt, m, id, tc.then); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.StopTimer()
			after := heapInUse()
			writeHeapProfile(b, tc.name)
			if m.Len() != b.N {
				b.Fatalf("%d sessions, want %d", m.Len(), b.N)
			}
			b.ReportMetric((float64(after)-float64(before))/float64(b.N), "heap-B/session")
			b.ReportMetric(float64(m.RetainedBytes())/float64(b.N), "retained-B/session")
			runtime.KeepAlive(m)
			runtime.KeepAlive(warm)
		})
	}
}
