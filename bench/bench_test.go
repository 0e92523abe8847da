package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/python"
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
				if _, err := prog.Run(context.Background(), python.RunOptions{Host: Hosts(), Limits: benchLimits}); err != nil {
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
