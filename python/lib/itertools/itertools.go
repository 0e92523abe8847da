// Package itertools is the embedded interpreter's `itertools` module. Argument checking
// lives in Python source (itertools.py, CPython's messages); the iterators themselves are
// Go closures over Go state (natives.go), so a combinatorial loop costs a few
// allocations per item instead of interpreted bytecode.
//
// The iterators are of type 'generator' (CPython's are itertools.count, ...): the
// interpreter's builtin iterator classes are shared between runs and must stay
// immutable, so no per-type classes are made.
package itertools

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed itertools.py
var source []byte

// Register adds the module to a module table under the name "itertools".
func Register(m vm.Modules) {
	m.Register("itertools", pymodule.ModuleFuncWith("itertools", "itertools.py", source, natives()))
}
