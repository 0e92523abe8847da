package python

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkSharedSnippets runs the team's reference snippets
// (/work/shared/bench or $PYBENCHDIR); compare with cpython_time.py there.
func BenchmarkSharedSnippets(b *testing.B) {
	dir := os.Getenv("PYBENCHDIR")
	if dir == "" {
		dir = "/work/shared/bench"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
	if len(files) == 0 {
		b.Skipf("no reference snippets in %s (set PYBENCHDIR)", dir)
	}
	for _, file := range files {
		if filepath.Base(file) == "cpython_time.py" {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(file), func(b *testing.B) {
			for b.Loop() {
				prog, err := Compile("<snippet>", string(src), CompileOptions{Snippet: true})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := prog.Run(context.Background(), RunOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
