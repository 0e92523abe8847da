// Package bisect is the embedded interpreter's `bisect` module, written in Python source
// (bisect.py) and compiled by the interpreter itself: bisection and insort with key=, as CPython 3.11.
package bisect

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed bisect.py
var source []byte

// Register adds the module to a module table under the name "bisect".
func Register(m vm.Modules) { m.Register("bisect", pymodule.ModuleFunc("bisect", "bisect.py", source)) }
