package python_test

import (
	"context"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// TestMemoryLimitHoldsAfterImport: importing a library module written in
// Python runs its body in a namespace of its own. That namespace must not
// become the root the memory re-measurement walks instead of the
// snippet's: the re-measurement would then miss everything the snippet
// holds, set the charge back to almost nothing, and let the snippet keep
// several times its limit until the heap guard (limit + HeapMargin) stops it.
// The loop makes garbage at every step, so the charge reaches the limit
// and re-measurements run; the row without an import is the control.
func TestMemoryLimitHoldsAfterImport(t *testing.T) {
	modules := lib.Modules()
	for _, mod := range []string{"", "random", "bisect", "statistics"} {
		imp := ""
		if mod != "" {
			imp = "import " + mod
		}
		src := imp + "\nkeep = []\ntry:\n    while True:\n        junk = 'y' * 100000 + str(len(keep))\n        keep.append('x' * 1000 + str(len(keep)))\nexcept MemoryError:\n    pass\nreturn len(keep)\n"
		if n := keptUnderLimit(t, "import "+mod, src, modules); n*1000 > memoryTestLimit {
			t.Errorf("after import %s the snippet kept %d strs of 1 KB (%d MiB) under a %d MiB limit", mod, n, n*1000>>20, memoryTestLimit>>20)
		}
	}
}

// TestMemoryLimitCountsModuleAttributes: what a snippet stores in a module
// (json.keep = [...]) stays held through the run's import cache after the
// name is deleted, so the re-measurement must walk the run's modules too:
// it did not, and such a run was stopped only by the heap guard, at the
// limit plus HeapMargin, with an error the snippet could not catch.
func TestMemoryLimitCountsModuleAttributes(t *testing.T) {
	modules := lib.Modules()
	for _, mod := range []string{"json", "random", "collections"} {
		src := "import " + mod + "\n" + mod + ".keep = []\ndel " + mod + "\nn = 0\ntry:\n    while True:\n" +
			"        junk = 'y' * 100000 + str(n)\n        import " + mod + "\n        " + mod + ".keep.append('x' * 1000 + str(n))\n" +
			"        del " + mod + "\n        n += 1\nexcept MemoryError:\n    pass\nreturn n\n"
		if n := keptUnderLimit(t, mod+".keep", src, modules); n*1000 > memoryTestLimit {
			t.Errorf("%s.keep held %d strs of 1 KB (%d MiB) under a %d MiB limit", mod, n, n*1000>>20, memoryTestLimit>>20)
		}
	}
}

// memoryTestLimit is the memory limit the runs of these tests have.
const memoryTestLimit = 16 << 20

// keptUnderLimit runs snippet src under memoryTestLimit and returns the
// number of 1 KB strs it kept when a MemoryError, which it catches, ended
// its loop; a run that ended any other way (the heap guard's stop among
// them) fails the test.
func keptUnderLimit(t *testing.T, what, src string, modules vm.Modules) int64 {
	t.Helper()
	prog, err := python.Compile("keep.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := prog.Run(context.Background(), python.RunOptions{Modules: modules, Globals: python.NewGlobals(), Limits: python.Limits{MaxMemoryBytes: memoryTestLimit}})
	if err != nil {
		t.Fatalf("%s: the run was not stopped by a MemoryError the snippet caught: %v", what, err)
	}
	n, ok := res.Value.(int64)
	if !ok {
		t.Fatalf("%s: result %#v", what, res.Value)
	}
	return n
}
