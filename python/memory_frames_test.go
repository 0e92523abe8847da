package python_test

import (
	"testing"

	"github.com/toolplane/toolplane/python/lib"
)

// TestMemoryLimitCountsCallersOfGoCallbacks: a Python function called from
// Go (a generator sum() resumes, a dunder max() calls, a key= function)
// runs while the frames of the code that called the builtin are live; the
// memory re-measurement must walk them. keep is held by main's frame
// alone, and the garbage that makes the charge reach the limit is made by
// mk, called from the callback: when mk's frame hid main's (genSend ran
// the generator in fastRun, where a call makes its frame the top and that
// chain ends at the generator's frame), each re-measurement set the charge
// back to almost nothing and keep grew to 23-28 MiB under a 16 MiB limit.
func TestMemoryLimitCountsCallersOfGoCallbacks(t *testing.T) {
	modules := lib.Modules()
	for what, call := range map[string]string{
		"generator under sum": "sum(g(len(keep)))",
		"dunder under max":    "max([C(1), C(len(keep))])",
		"key under sorted":    "sorted([1, len(keep)], key=mk)",
		"property":            "C(len(keep)).size",
	} {
		src := `
class C:
    def __init__(self, n):
        self.n = n
    def __lt__(self, other):
        return len(mk(self.n)) < len(mk(other.n))
    @property
    def size(self):
        return len(mk(self.n))
def mk(n):
    k = 300 + n % 2
    return 'y' * k
def g(n):
    for i in range(5):
        yield len(mk(n))
def main():
    keep = []
    try:
        while True:
            keep.append('x' * 1000 + str(len(keep)))
            ` + call + `
    except MemoryError:
        pass
    return len(keep)
return main()
`
		if n := keptUnderLimit(t, what, src, modules); n*1000 > memoryTestLimit {
			t.Errorf("%s: main kept %d strs of 1 KB (%d MiB) under a %d MiB limit", what, n, n*1000>>20, memoryTestLimit>>20)
		}
	}
}
