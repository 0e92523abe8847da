package bench

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

func programs(tb testing.TB) map[string]string {
	files, err := filepath.Glob("programs/*.py")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no benchmark programs: %v", err)
	}
	out := map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_prelude.py") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".py")] = string(src)
	}
	return out
}

var modules = lib.Modules()

var benchLimits = python.Limits{Steps: 1 << 40, MaxMemoryBytes: 8 << 30, MaxDepth: 5000, MaxHostCalls: 1 << 30}

// BenchmarkPrograms compiles and runs each program per iteration, as an
// agent's snippet is: go test -bench Programs ./bench
func BenchmarkPrograms(b *testing.B) {
	for name, src := range programs(b) {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				prog, err := python.Compile(name+".py", src, python.CompileOptions{Snippet: true})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := prog.Run(context.Background(), python.RunOptions{Host: Hosts(), Limits: benchLimits, Modules: modules}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

const snippet20 = `items = [{"id": i, "name": "n%d" % i, "score": i * 7 % 10} for i in range(20)]
best = {}
for it in items:
    k = it["score"] % 3
    if k not in best or it["score"] > best[k]["score"]:
        best[k] = it
names = []
for k in sorted(best):
    names.append(best[k]["name"])
def label(x):
    if x > 5:
        return "high"
    elif x > 2:
        return "mid"
    return "low"
counts = {}
for it in items:
    l = label(it["score"])
    counts[l] = counts.get(l, 0) + 1
summary = ", ".join(f"{k}={v}" for k, v in sorted(counts.items()))
return {"names": names, "summary": summary}
`

// BenchmarkStartup measures parse+compile+run of tiny snippets, with and
// without reusing the compiled program (what a source-hash cache gives).
func BenchmarkStartup(b *testing.B) {
	for _, tc := range []struct{ name, src string }{{"one_plus_two", "1 + 2"}, {"snippet20", snippet20}} {
		b.Run(tc.name+"/compile_and_run", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				prog, err := python.Compile("s.py", tc.src, python.CompileOptions{Snippet: true})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := prog.Run(context.Background(), python.RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/cached", func(b *testing.B) {
			prog, err := python.Compile("s.py", tc.src, python.CompileOptions{Snippet: true})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := prog.Run(context.Background(), python.RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cpythonDriver runs every program as a snippet under CPython (with its
// prelude of host stubs) and prints {name: repr(result)} as JSON.
const cpythonDriver = `
import asyncio, json, os, sys, textwrap
out = {}
for path in sys.argv[1:]:
    name = os.path.basename(path)[:-3]
    ns = {}
    pre = path[:-3] + "_prelude.py"
    if os.path.exists(pre):
        exec(open(pre).read(), ns)
    exec("async def __snippet__():\n" + textwrap.indent(open(path).read(), "    "), ns)
    out[name] = repr(asyncio.run(ns["__snippet__"]()))
print(json.dumps(out))
`

// TestProgramsMatchCPython keeps the benchmarks honest: each program's
// result under the embedded interpreter has the same repr as under CPython.
func TestProgramsMatchCPython(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every benchmark program once under both interpreters")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	progs := programs(t)
	var paths []string
	for name := range progs {
		paths = append(paths, filepath.Join("programs", name+".py"))
	}
	out, err := exec.Command(py, append([]string{"-c", cpythonDriver}, paths...)...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want map[string]string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for name, src := range progs {
		t.Run(name, func(t *testing.T) {
			prog, err := python.Compile(name+".py", src, python.CompileOptions{Snippet: true})
			if err != nil {
				t.Fatal(err)
			}
			res, err := prog.Run(context.Background(), python.RunOptions{Host: Hosts(), Limits: benchLimits, Modules: modules})
			if err != nil {
				t.Fatal(err)
			}
			if res.Repr != want[name] {
				t.Errorf("result differs from CPython:\n ours    %s\n cpython %s", res.Repr, want[name])
			}
		})
	}
}
