// Package csv is the embedded interpreter's `csv` module, written in Python source
// (csv.py) and compiled by the interpreter itself: reader, writer, DictReader and DictWriter over strings and io.StringIO.
package csv

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed csv.py
var source []byte

// Register adds the module to a module table under the name "csv".
func Register(m vm.Modules) { m.Register("csv", pymodule.ModuleFunc("csv", "csv.py", source)) }
