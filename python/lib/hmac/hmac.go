// Package hmac is the embedded interpreter's `hmac` module (RFC 2104 over hashlib),
// written in Python source (hmac.py) and compiled by the interpreter itself.
package hmac

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed hmac.py
var source []byte

// Register adds the module to a module table under the name "hmac". It imports
// hashlib, which must be in the same table.
func Register(m vm.Modules) { m.Register("hmac", pymodule.ModuleFunc("hmac", "hmac.py", source)) }
