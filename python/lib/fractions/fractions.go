// Package fractions is the embedded interpreter's `fractions` module, written in Python source
// (fractions.py) and compiled by the interpreter itself: Fraction with CPython's normalisation, formatting and limit_denominator.
package fractions

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed fractions.py
var source []byte

// Register adds the module to a module table under the name "fractions".
func Register(m vm.Modules) {
	m.Register("fractions", pymodule.ModuleFunc("fractions", "fractions.py", source))
}
