package vm_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// TestPooledFramesKeepNothing runs every program of the corpora (the
// conformance, async, agent and hostile cases, the benchmark programs)
// with the package's check of pooled frames (pooledframe_test.go): a
// frame recycled by a plain call's return has its locals and the code's
// MaxStack stack slots cleared, and nothing may be left in the rest of
// its buffer. A stack effect the compiler's MaxStackDepth counts too low
// leaves a value there, kept alive by the pool without being charged,
// and fails this test.
func TestPooledFramesKeepNothing(t *testing.T) {
	var files []string
	for _, dir := range []string{"../testdata", "../../bench/programs"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			// The hostile cases that run to a memory, step or time
			// limit take the test's time and show no frame the others
			// do not.
			base := filepath.Base(p)
			limit := strings.Contains(p, "hostile") && (strings.HasPrefix(base, "memory_") || strings.HasPrefix(base, "steps_") || strings.HasPrefix(base, "time_"))
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") && !strings.Contains(p, "oracle") && !strings.HasSuffix(p, "_prelude.py") && !limit {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("found %d corpus files", len(files))
	}
	modules := lib.Modules()
	work := make(chan string)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				src, err := os.ReadFile(p)
				if err != nil {
					t.Error(err)
					continue
				}
				for _, snippet := range []bool{false, true} {
					prog, err := python.Compile(p, string(src), python.CompileOptions{Snippet: snippet})
					if err != nil {
						continue
					}
					ctx, cancel := context.WithTimeout(context.Background(), time.Second)
					_, _ = prog.Run(ctx, python.RunOptions{Modules: modules, Host: hoststub.Funcs(),
						Limits: python.Limits{Steps: 5_000_000, MaxMemoryBytes: 32 << 20, MaxOutputBytes: 1 << 20}})
					cancel()
				}
			}
		}()
	}
	for _, p := range files {
		work <- p
	}
	close(work)
	wg.Wait()
	if n, first := vm.PooledFrameViolations(); n != 0 {
		t.Fatalf("%d pooled frames kept a value past their cleared slots; the first: %s", n, first)
	}
	bad, first, checked, gens := vm.FrameDepthViolations()
	t.Logf("%d frames checked against their MaxStack (%d of generators)", checked, gens)
	if bad != 0 {
		t.Fatalf("%d frames pushed past their code's MaxStack; the first: %s", bad, first)
	}
}
