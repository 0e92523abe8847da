package vm

import (
	"strings"
	"testing"
)

// TestChargeLagMeasuresUnchargedMemory: a builtin that keeps memory no
// charge counts (as one that forgot to charge would), reachable from the
// run's roots, is called in a loop; the run must fail with MemoryError once
// the live heap has grown past its charges, holding a few times its limit
// at most, instead of holding all the loop builds (12 times the limit,
// never measured: its charges are a list's slots).
func TestChargeLagMeasuresUnchargedMemory(t *testing.T) {
	const limit, chunk, calls = 16 << 20, 100 << 10, 2000
	prog := compileProg(t, `
keep = []
caught = False
try:
    for i in range(2000):
        keep.append(leak(i))
        for j in range(2000):
            pass
except MemoryError:
    caught = True
`)
	th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: limit}})
	t.Cleanup(th.Close)
	g := NewDict()
	// A str over one block, which storing does not charge, made anew.
	g.SetStr("leak", &Builtin{Name: "leak", Fn: func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return Str(strings.Repeat("x", chunk-1) + string(rune('a'+len(args)))), nil
	}})
	if _, err := th.RunModule(NewCode(prog.Module), g); err != nil {
		t.Fatal(err)
	}
	caught, _ := g.GetStr("caught")
	keep, _ := g.GetStr("keep")
	kept := SizeOf(keep)
	if caught != Bool(true) || kept > 6*limit {
		t.Fatalf("the run kept %d MiB of strs no charge counted under a %d MiB limit (MemoryError raised: %v); want MemoryError by %d MiB",
			kept>>20, limit>>20, caught == Bool(true), 6*limit>>20)
	}
	t.Logf("MemoryError with %d MiB kept under a %d MiB limit", kept>>20, limit>>20)
}
