// Package decimal is the embedded interpreter's `decimal` module: Decimal with the
// General Decimal Arithmetic rules CPython follows (context precision and rounding,
// exact construction from floats, ideal exponents, quantize, sqrt, format specs),
// written in Python source (decimal.py). Flags are not recorded and signals other than
// the default traps (InvalidOperation, DivisionByZero, Overflow) are not raised.
package decimal

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed decimal.py
var source []byte

// Register adds the module to a module table under the name "decimal".
func Register(m vm.Modules) {
	m.Register("decimal", pymodule.ModuleFunc("decimal", "decimal.py", source))
}
