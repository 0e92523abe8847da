// Package io is the embedded interpreter's `io` module, written in Python source
// (io.py) and compiled by the interpreter itself: in-memory text and binary streams (StringIO, BytesIO); there are no files.
package io

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed io.py
var source []byte

// Register adds the module to a module table under the name "io".
func Register(m vm.Modules) {
	m.Register("io", pymodule.ModuleFunc("io", "io.py", source))
}
