package python_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
)

// TestProgramsKeepNothingOfTheirRuns runs programs that each leave 20 MB
// in their globals, in a class or in a library module, keeps the compiled
// programs (as the embedded backend's cache of 256 does) and requires the
// heap to return near where it was: code objects are shared by every run of
// a program (and a library module's by every run of the process), and
// their lookup caches once pointed to the last run's globals and classes,
// keeping that run's memory alive, uncounted, after it ended.
func TestProgramsKeepNothingOfTheirRuns(t *testing.T) {
	const perRun = 20 << 20
	snippets := []string{
		// A global read through the global-name cache.
		"big = 'x' * %d + '%d'\nlen(big)\n",
		// An attribute of an instance of the run's class, read through
		// the attribute cache.
		"class K:\n    pass\nk = K()\nk.big = 'x' * %d + '%d'\nlen(k.big)\n",
		// A library module's code (shared by the runs of the process)
		// reading a global of the run's module object.
		"import textwrap\ntextwrap.keep = 'x' * %d + '%d'\ntextwrap.dedent('  a')\n",
	}
	mods := lib.Modules()
	before := heapInUse()
	var progs []*python.Program
	for i := 0; i < 12; i++ {
		src := fmt.Sprintf(snippets[i%len(snippets)], perRun, i)
		p, err := python.Compile("keep.py", src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Run(context.Background(), python.RunOptions{Modules: mods, Limits: python.Limits{MaxMemoryBytes: 64 << 20}}); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		progs = append(progs, p)
	}
	after := heapInUse()
	runtime.KeepAlive(progs)
	if after > before+4*perRun {
		t.Errorf("heap in use %d MiB after 12 runs that each kept %d MiB in their namespace, %d MiB before: the compiled programs keep their runs' memory",
			after>>20, perRun>>20, before>>20)
	}
}
