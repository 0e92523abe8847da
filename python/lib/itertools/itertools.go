// Package itertools is the embedded interpreter's `itertools` module. Argument checking
// lives in Python source (itertools.py, CPython's messages); the iterators themselves are
// Go closures over Go state (natives.go), so a combinatorial loop costs a few
// allocations per item instead of interpreted bytecode.
//
// The iterators are given their itertools classes (itertools.count, ...), classes
// of itertools.py made per run, so the interpreter's shared builtin iterator
// classes stay immutable; tee's copies are itertools._tee objects written in Python.
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
