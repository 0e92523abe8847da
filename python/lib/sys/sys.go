// Package sys is the embedded interpreter's `sys` module: the safe subset (version
// information, numeric limits, byte order, stdout/stderr writers, exit). There is no
// argv, path, modules, stdin or interpreter introspection: a snippet has no process
// or filesystem to inspect. Written in Python source (sys.py).
package sys

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed sys.py
var source []byte

// Register adds the module to a module table under the name "sys".
func Register(m vm.Modules) {
	m.Register("sys", pymodule.ModuleFunc("sys", "sys.py", source))
}
