// Package copy is the embedded interpreter's `copy` module, written in Python source
// (copy.py) with one Go native: deepcopy of exact lists, dicts, tuples and sets of
// plain values (vm.DeepcopyFast), the data snippets copy most, without a Python frame
// per item.
package copy

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed copy.py
var source []byte

// Register adds the module to a module table under the name "copy".
func Register(m vm.Modules) {
	m.Register("copy", pymodule.ModuleFuncWith("copy", "copy.py", source, map[string]vm.Value{
		"_deepcopy_fast": &vm.Builtin{Name: "_deepcopy_fast", Fn: vm.DeepcopyFast},
	}))
}
