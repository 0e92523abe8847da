// Package collections is the embedded interpreter's `collections` module, written in
// Python source (collections.py) over a few Go natives (natives.go) for the hot paths of
// the dict-like classes: item access, membership and counting run in Go instead of
// interpreted bytecode.
package collections

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed collections.py
var source []byte

// Register adds the module to a module table under the name "collections". Its
// submodule collections.abc (a Python-source module of python/lib/pysrc) becomes its
// attribute in runs that import both.
func Register(m vm.Modules) {
	pymodule.Register(m, "collections", pymodule.ModuleFuncWith("collections", "collections.py", source, natives()))
}
