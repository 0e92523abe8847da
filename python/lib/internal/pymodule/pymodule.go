// Package pymodule builds standard-library modules written in Python source and
// embedded in the Go package that provides them (statistics, fractions, csv, ...).
// The source is compiled once per module table, on first import; every run executes
// the compiled body in a fresh namespace, so runs never share module state.
package pymodule

import (
	"fmt"
	"sync"

	"github.com/toolplane/toolplane/python/compile"
	"github.com/toolplane/toolplane/python/syntax"
	"github.com/toolplane/toolplane/python/vm"
)

// ModuleFunc returns the builder of module name from Python source src (filename is
// used in tracebacks). Compilation happens once, on the first import through the
// returned builder; compiled code is immutable and shared by later runs.
func ModuleFunc(name, filename string, src []byte) vm.ModuleFunc {
	return ModuleFuncWith(name, filename, src, nil)
}

// ModuleFuncWith is ModuleFunc for a module whose source builds on Go functions:
// natives (nil for none) is set in the module namespace before the body runs.
func ModuleFuncWith(name, filename string, src []byte, natives map[string]vm.Value) vm.ModuleFunc {
	var (
		once sync.Once
		code *vm.CodeObj
		cerr error
	)
	return func(t *vm.Thread) (*vm.Module, error) {
		once.Do(func() { code, cerr = compileSource(name, filename, src) })
		if cerr != nil {
			return nil, cerr
		}
		return Run(t, name, code, natives)
	}
}

// Run executes a compiled module body in a fresh namespace preloaded with extra (may be
// nil) and returns the module.
func Run(t *vm.Thread, name string, code *vm.CodeObj, extra map[string]vm.Value) (*vm.Module, error) {
	globals := vm.NewDict()
	globals.SetStr("__name__", vm.Str(name))
	for k, v := range extra {
		globals.SetStr(k, v)
	}
	if _, err := t.RunModule(code, globals); err != nil {
		return nil, err
	}
	adopt(globals, name)
	return &vm.Module{Name: name, Dict: globals}, nil
}

// Compile compiles the source of module name once; callers keep the result.
func Compile(name, filename string, src []byte) (*vm.CodeObj, error) {
	return compileSource(name, filename, src)
}

func compileSource(name, filename string, src []byte) (*vm.CodeObj, error) {
	filename = "<stdlib>/" + filename
	mod, err := syntax.Parse(filename, src)
	if err != nil {
		return nil, fmt.Errorf("module %s: parsing %s: %w", name, filename, err)
	}
	prog, err := compile.Module(filename, mod, compile.Options{})
	if err != nil {
		return nil, fmt.Errorf("module %s: compiling %s: %w", name, filename, err)
	}
	return vm.NewCode(prog.Module), nil
}

// adopt marks the classes and functions a module body defined as belonging to the
// module, so reprs read "<class 'fractions.Fraction'>" as in CPython.
func adopt(globals *vm.Dict, name string) {
	for _, it := range globals.Items() {
		switch v := it[1].(type) {
		case *vm.Class:
			if v.Module == "__main__" {
				v.Module = name
				v.Dict.SetStr("__module__", vm.Str(name))
				for _, m := range v.Dict.Items() {
					adoptFunc(m[1], name)
				}
			}
		case *vm.Function:
			adoptFunc(v, name)
		}
	}
}

func adoptFunc(v vm.Value, name string) {
	switch f := v.(type) {
	case *vm.Function:
		if f.Module == "__main__" {
			f.Module = name
		}
	case *vm.StaticMethod:
		adoptFunc(f.Fn, name)
	case *vm.ClassMethod:
		adoptFunc(f.Fn, name)
	case *vm.Property:
		adoptFunc(f.Get, name)
	}
}
