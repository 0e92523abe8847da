// Package pysrc holds the standard-library modules written in Python source and
// compiled by the embedded interpreter itself (collections, itertools, functools, ...).
// Where a module is mostly glue around the language (classes, generators, closures),
// Python source is shorter and obviously faithful to CPython; the hot paths of agent
// snippets (json, math, re) are Go modules elsewhere in python/lib.
//
// Each module's source is parsed and compiled once per module table, on first import;
// every run then executes the compiled body in a fresh namespace, so runs never share
// module state.
package pysrc

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/toolplane/toolplane/python/lib/internal/pymodule"
	"github.com/toolplane/toolplane/python/vm"
)

//go:embed *.py
var sources embed.FS

// Names returns the module names implemented in Python source, sorted. A file
// "a_b.py" is module "a_b"; a leading underscore marks a private helper module.
func Names() []string {
	entries, err := sources.ReadDir(".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".py"))
	}
	sort.Strings(out)
	return out
}

// Register adds every Python-source module to m.
func Register(m vm.Modules) {
	for _, name := range Names() {
		m.Register(name, ModuleFunc(name))
	}
}

// ModuleFunc returns the builder of the Python-source module name. The source is
// compiled on the first import through this builder and the code is shared by all
// later runs (compiled code is immutable).
func ModuleFunc(name string) vm.ModuleFunc {
	file := name + ".py"
	src, err := sources.ReadFile(file)
	if err != nil {
		return func(t *vm.Thread) (*vm.Module, error) {
			return nil, fmt.Errorf("module %s: no embedded source %s: %w", name, file, err)
		}
	}
	return pymodule.ModuleFunc(name, file, src)
}
