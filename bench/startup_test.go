package bench

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/backend/embedded"
	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/session"
)

// BenchmarkStartupExecute measures start-up as an agent sees it: one
// Runtime.Execute of a tiny snippet on the embedded backend (parse, compile,
// run, result conversion), per run. "cached" is the backend's compiled-
// program cache keyed by the SHA-256 of the source (embedded.Backend, 256
// programs by default), hit on every run after the first; "uncached" is the
// same backend with the cache disabled (embedded.WithCacheSize(0)), so
// every run parses and compiles. "session" runs in a session's globals, as
// execute_code does when sessions are on (which also runs the CLI prelude).
//
//	go test -run '^$' -bench StartupExecute -benchmem ./bench
func BenchmarkStartupExecute(b *testing.B) {
	for _, tc := range startupSnippets {
		for _, mode := range []struct {
			name    string
			cache   int
			session bool
		}{{"uncached", 0, false}, {"cached", embedded.DefaultCacheSize, false}, {"cached_session", embedded.DefaultCacheSize, true}} {
			b.Run(tc.name+"/"+mode.name, func(b *testing.B) {
				ctx := context.Background()
				be := embedded.New(embedded.WithCacheSize(mode.cache))
				rt, err := toolplane.New(toolplane.WithBackend(be))
				if err != nil {
					b.Fatal(err)
				}
				defer rt.Stop()
				m := session.NewManager(session.Options{})
				run := func() {
					opts := toolplane.ExecuteOptions{}
					if mode.session {
						// A fresh session each time: a kept one would
						// accumulate nothing here, but its snapshot cost
						// would grow with whatever earlier runs bound.
						sess, err := m.Get("bench", "")
						if err != nil {
							b.Fatal(err)
						}
						r, err := sess.Begin(ctx)
						if err != nil {
							b.Fatal(err)
						}
						defer func() { r.End(); m.Drop("bench") }()
						opts.Session = r.State
					}
					res, err := rt.Execute(ctx, tc.src, opts)
					if err != nil {
						b.Fatal(err)
					}
					if res.Error != nil {
						b.Fatalf("%s\n%s", res.Error, res.Error.Traceback)
					}
				}
				run() // fills the cache, compiles the CLI prelude
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					run()
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/op")
			})
		}
	}
}

// BenchmarkStartupPhases splits start-up of the 20-line snippet into its
// phases at the python API: compile alone (parse + scope resolution +
// bytecode), and a run of an already compiled program, with the standard
// library table the backend uses.
//
//	go test -run '^$' -bench StartupPhases -benchmem ./bench
func BenchmarkStartupPhases(b *testing.B) {
	for _, tc := range startupSnippets {
		b.Run(tc.name+"/compile", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := python.Compile("s.py", tc.src, python.CompileOptions{Snippet: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/run", func(b *testing.B) {
			prog, err := python.Compile("s.py", tc.src, python.CompileOptions{Snippet: true})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{Modules: modules}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// startupSnippets are the start-up benchmarks' snippets.
var startupSnippets = []struct{ name, src string }{{"one_plus_two", "1 + 2"}, {"snippet20", snippet20}}

// TestStartupSnippetsMatchCPython checks that what BenchmarkStartupExecute
// times is a correct run: each snippet's result through Runtime.Execute has
// the repr CPython gives it.
func TestStartupSnippetsMatchCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	rt, err := toolplane.New()
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	for _, tc := range startupSnippets {
		want, err := exec.Command(py, "-c", cpythonSnippetRepr, tc.src).Output()
		if err != nil {
			t.Fatalf("%s: python3: %v", tc.name, err)
		}
		res, err := rt.Execute(context.Background(), tc.src, toolplane.ExecuteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != nil {
			t.Fatalf("%s: %s\n%s", tc.name, res.Error, res.Error.Traceback)
		}
		if got := res.Repr + "\n"; got != string(want) {
			t.Errorf("%s: repr %q, CPython %q", tc.name, got, want)
		}
	}
}

// cpythonSnippetRepr prints the repr of a snippet's result under CPython: the
// returned value, else the value of a final bare expression.
const cpythonSnippetRepr = `
import ast, asyncio, sys, textwrap
src = sys.argv[1]
tree = ast.parse(src)
if tree.body and isinstance(tree.body[-1], ast.Expr):
    tree.body[-1] = ast.Return(tree.body[-1].value)
body = ast.unparse(tree)
ns = {}
exec("async def __snippet__():\n" + textwrap.indent(body, "    "), ns)
print(repr(asyncio.run(ns["__snippet__"]())))
`

// BenchmarkStartupCPython is the CPython reference for the start-up
// benchmarks, from the same run: cpython_startup.py times a phase in one
// python3 process as timeit does (best of 5 rounds), and ns/op is its time
// per iteration; b.N, and B/op and allocs/op under -benchmem (the Go side
// starting python3), mean nothing here. compile_and_run compares with
// BenchmarkStartup's compile_and_run and BenchmarkStartupExecute's uncached,
// run with their cached cases, compile with BenchmarkStartupPhases.
//
//	go test -run '^$' -bench 'Startup(CPython|Phases)' ./bench
func BenchmarkStartupCPython(b *testing.B) {
	py, err := exec.Command("pyenv", "which", "python3").Output() // the real binary: starts faster than a shim
	if err != nil {
		path, err := exec.LookPath("python3")
		if err != nil {
			b.Fatal("python3 (the oracle) is not on PATH")
		}
		py = []byte(path)
	}
	for _, tc := range startupSnippets {
		for _, phase := range []string{"compile", "run", "compile_and_run"} {
			b.Run(tc.name+"/"+phase, func(b *testing.B) {
				out, err := exec.Command(strings.TrimSpace(string(py)), "cpython_startup.py", phase, tc.src).Output()
				if err != nil {
					b.Fatalf("python3 cpython_startup.py: %v", err)
				}
				ns, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
				if err != nil {
					b.Fatalf("cpython_startup.py printed %q: %v", out, err)
				}
				b.ReportMetric(ns, "ns/op")
				b.ReportMetric(ns/1000, "µs/op")
			})
		}
	}
}
