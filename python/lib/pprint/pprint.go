// Package pprint is the embedded interpreter's `pprint` module, written in Python source
// (pprint.py) and compiled by the interpreter itself: pformat/pprint with CPython's line-breaking and sorted dict keys.
package pprint

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed pprint.py
var source []byte

// Register adds the module to a module table under the name "pprint".
func Register(m vm.Modules) {
	m.Register("pprint", pymodule.ModuleFunc("pprint", "pprint.py", source))
}
