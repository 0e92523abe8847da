// Package unittest is the embedded interpreter's `unittest` module, written in Python
// source (unittest.py): TestCase and its assertions with CPython's failure messages,
// suites, loaders, the text runner and main(), for self-checking test files. One Go
// native hands main() the run's own namespace, where CPython looks in __main__.
package unittest

import (
	_ "embed"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed unittest.py
var source []byte

// Register adds the module to a module table under the name "unittest".
func Register(m vm.Modules) {
	m.Register("unittest", pymodule.ModuleFuncWith("unittest", "unittest.py", source, map[string]vm.Value{
		"_main_namespace": &vm.Builtin{Name: "_main_namespace", Fn: mainNamespace},
	}))
}

// mainNamespace() returns the globals of the run's own code.
func mainNamespace(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 0 || len(kw) != 0 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_main_namespace() takes no arguments")
	}
	if g := t.MainGlobals(); g != nil {
		return g, nil
	}
	return vm.NewDict(), nil
}
