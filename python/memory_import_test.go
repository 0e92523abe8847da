package python_test

import (
	"context"
	"testing"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/lib"
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
	const limit = 16 << 20
	modules := lib.Modules()
	for _, mod := range []string{"", "random", "bisect", "statistics"} {
		imp := ""
		if mod != "" {
			imp = "import " + mod
		}
		src := imp + "\nkeep = []\ntry:\n    while True:\n        junk = 'y' * 100000 + str(len(keep))\n        keep.append('x' * 1000 + str(len(keep)))\nexcept MemoryError:\n    pass\nreturn len(keep)\n"
		prog, err := python.Compile("import_then_keep.py", src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := prog.Run(context.Background(), python.RunOptions{Modules: modules, Globals: python.NewGlobals(), Limits: python.Limits{MaxMemoryBytes: limit}})
		if err != nil {
			t.Fatalf("import %s: %v", mod, err)
		}
		n, ok := res.Value.(int64)
		if !ok {
			t.Fatalf("import %s: result %#v", mod, res.Value)
		}
		// Each kept str holds over 1,000 bytes.
		if kept := n * 1000; kept > limit {
			t.Errorf("after import %s the snippet kept %d strs of 1 KB (%d MiB) under a %d MiB limit", mod, n, kept>>20, limit>>20)
		}
	}
}

// TestMemoryLimitCountsModuleAttributes: what a snippet stores in a module
// (json.keep = [...]) stays held through the run's import cache after the
// name is deleted, so the re-measurement must walk the run's modules too:
// it did not, and such a run was stopped only by the heap guard, at the
// limit plus HeapMargin, with an error the snippet could not catch.
func TestMemoryLimitCountsModuleAttributes(t *testing.T) {
	const limit = 16 << 20
	modules := lib.Modules()
	for _, mod := range []string{"json", "random", "collections"} {
		src := "import " + mod + "\n" + mod + ".keep = []\ndel " + mod + "\nn = 0\ntry:\n    while True:\n" +
			"        junk = 'y' * 100000 + str(n)\n        import " + mod + "\n        " + mod + ".keep.append('x' * 1000 + str(n))\n" +
			"        del " + mod + "\n        n += 1\nexcept MemoryError:\n    pass\nreturn n\n"
		prog, err := python.Compile("module_attribute.py", src, python.CompileOptions{Snippet: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := prog.Run(context.Background(), python.RunOptions{Modules: modules, Globals: python.NewGlobals(), Limits: python.Limits{MaxMemoryBytes: limit}})
		if err != nil {
			t.Fatalf("%s.keep: the run was not stopped by a MemoryError the snippet caught: %v", mod, err)
		}
		n, ok := res.Value.(int64)
		if !ok {
			t.Fatalf("%s.keep: result %#v", mod, res.Value)
		}
		if kept := n * 1000; kept > limit {
			t.Errorf("%s.keep held %d strs of 1 KB (%d MiB) under a %d MiB limit", mod, n, kept>>20, limit>>20)
		}
	}
}
