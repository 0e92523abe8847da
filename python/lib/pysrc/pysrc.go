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
// "a.py" is module "a"; "a.b.py" is submodule b of package a.
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

// Register adds every Python-source module to m. A dotted name ("collections.abc") is
// a submodule: it becomes an attribute of its package module in the runs that import
// both, whichever is imported first.
func Register(m vm.Modules) {
	names := Names()
	for _, name := range names {
		build := ModuleFunc(name)
		var subs []string
		for _, other := range names {
			if strings.HasPrefix(other, name+".") {
				subs = append(subs, other)
			}
		}
		m.Register(name, func(t *vm.Thread) (*vm.Module, error) {
			mod, err := build(t)
			if err != nil {
				return nil, err
			}
			for _, sub := range subs {
				if s := t.LoadedModule(sub); s != nil {
					mod.Dict.SetStr(sub[len(name)+1:], s)
				}
			}
			if i := strings.LastIndexByte(name, '.'); i >= 0 {
				if pkg := t.LoadedModule(name[:i]); pkg != nil {
					pkg.Dict.SetStr(name[i+1:], mod)
				}
			}
			return mod, nil
		})
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
