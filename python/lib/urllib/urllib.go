// Package urllib is the embedded interpreter's `urllib` package with its one
// submodule, `urllib.parse` (URL splitting, joining, quoting and query strings),
// written in Python source (parse.py) with CPython 3.11's algorithms. urllib.request
// and urllib.error are absent: the sandbox has no network.
package urllib

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed parse.py
var source []byte

// Register adds the modules "urllib" and "urllib.parse" to a module table.
func Register(m vm.Modules) {
	pymodule.Register(m, "urllib.parse", pymodule.ModuleFunc("urllib.parse", "urllib/parse.py", source))
	pymodule.Register(m, "urllib", func(t *vm.Thread) (*vm.Module, error) {
		d := vm.NewDict()
		d.SetStr("__name__", vm.Str("urllib"))
		d.SetStr("__path__", vm.NewList(nil))
		return &vm.Module{Name: "urllib", Dict: d}, nil
	})
}
